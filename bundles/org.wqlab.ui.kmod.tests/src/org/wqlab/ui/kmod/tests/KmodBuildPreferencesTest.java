package org.wqlab.ui.kmod.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.kmod.KernelModulePart;
import org.wqlab.ui.kmod.KmodBuildPreferencePage;
import org.wqlab.ui.kmod.KmodBuildPreferences;
import org.wqlab.ui.testing.UiWait;

/** The kernel build settings: typed in the view, kept in the workspace preferences, shown by the preference page. */
class KmodBuildPreferencesTest {

    @Test
    void aKernelBuildDirTypedInTheViewIsSavedAndShownAgainByTheViewAndThePreferencePage() throws Exception {
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        KmodBuildPreferences.store().setValue(KmodBuildPreferences.KERNEL_BUILD_DIR, "/opt/rcar/linux-5.4");
        Text field = reopenedKernelTreeField(page);
        assertEquals("/opt/rcar/linux-5.4", field.getText());

        field.setText("/opt/rcar/linux-6.12");

        assertEquals("/opt/rcar/linux-6.12",
                InstanceScope.INSTANCE.getNode("org.wqlab.ui.kmod").get(KmodBuildPreferences.KERNEL_BUILD_DIR, null),
                "not saved in the workspace preferences");
        Text reopened = reopenedKernelTreeField(page);
        assertNotSame(field, reopened, "the view was not created anew");
        assertEquals("/opt/rcar/linux-6.12", reopened.getText());

        Shell shell = new Shell(PlatformUI.getWorkbench().getDisplay());
        try {
            KmodBuildPreferencePage preferencePage = new KmodBuildPreferencePage();
            preferencePage.init(PlatformUI.getWorkbench());
            preferencePage.createControl(shell);
            UiWait.settle(shell.getDisplay());
            List<String> shown = texts(shell).stream().map(Text::getText).toList();
            assertTrue(shown.contains("/opt/rcar/linux-6.12"), "preference page shows " + shown);
            assertTrue(shown.contains("aarch64-linux-gnu-"), "preference page shows " + shown);
            preferencePage.dispose();
        } finally {
            shell.dispose();
        }
    }

    /** Closes the Kernel Module view if open, opens it anew and returns its kernel build dir field. */
    private static Text reopenedKernelTreeField(IWorkbenchPage page) throws PartInitException {
        IViewPart open = page.findView(ViewIds.KERNEL_MODULE);
        if (open != null) {
            page.hideView(open);
        }
        page.showView(ViewIds.KERNEL_MODULE);
        Shell shell = page.getWorkbenchWindow().getShell();
        return UiWait.until(shell.getDisplay(), () -> find(shell, "kernelTree"), Duration.ofSeconds(30),
                "the Kernel Module view's kernel build dir field");
    }

    private static Text find(Composite root, String id) {
        for (Text text : texts(root)) {
            if (id.equals(text.getData(KernelModulePart.WIDGET_KEY))) {
                return text;
            }
        }
        return null;
    }

    private static List<Text> texts(Composite root) {
        List<Text> found = new ArrayList<>();
        for (Control child : root.getChildren()) {
            if (child instanceof Text text && !text.isDisposed()) {
                found.add(text);
            } else if (child instanceof Composite composite) {
                found.addAll(texts(composite));
            }
        }
        return found;
    }
}
