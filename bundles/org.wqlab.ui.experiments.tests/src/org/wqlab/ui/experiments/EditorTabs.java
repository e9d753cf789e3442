package org.wqlab.ui.experiments;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import org.eclipse.core.resources.IProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Listener;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.wqlab.core.store.Workspace;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.experiments.compare.CompareEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.testing.UiWait;

/** What several editor UI tests do: show a tab of the experiment editor, run work off the UI thread. */
final class EditorTabs {

    private static final Duration STARTUP = Duration.ofSeconds(60);

    private EditorTabs() {
    }

    /** The workbench window at 1440x900 with the Experiments view shown, and its experiments workspace. */
    record Workbench(Display display, Shell shell, IWorkbenchPage page, Workspace workspace) {
    }

    static Workbench workbench() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        Shell shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        shell.setBounds(0, 0, 1440, 900);
        IWorkbenchPage page = window.getActivePage();
        page.showView(ViewIds.EXPERIMENTS);
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                STARTUP, "the wqlab project");
        return new Workbench(display, shell, page, ExperimentProjects.workspaceOf(project));
    }

    /** The editor's tabs. */
    static CTabFolder tabs(ExperimentEditor editor) {
        return (CTabFolder) find(editor.banner().getParent(), ExperimentIds.EDITOR_TABS);
    }

    static void select(ExperimentEditor editor, String title) {
        select(tabs(editor), title);
    }

    static void select(CompareEditor editor, String title) {
        select((CTabFolder) find(editor.verdict().getParent(), ExperimentIds.COMPARE_TABS), title);
    }

    private static void select(CTabFolder tabs, String title) {
        for (var item : tabs.getItems()) {
            if (item.getText().equals(title)) {
                tabs.setSelection(item);
                return;
            }
        }
        throw new AssertionError("no tab " + title);
    }

    private static Control find(Composite parent, String key) {
        for (var c : parent.getChildren()) {
            if (key.equals(c.getData(ExperimentIds.KEY))) {
                return c;
            }
        }
        throw new AssertionError("no " + key);
    }

    /** Hides the views beside the editor area, so a screenshot shows the editor large. */
    static void hideSideViews(IWorkbenchPage page) {
        for (String id : java.util.List.of(ViewIds.LIVE_PLOT, ViewIds.CONSOLE, ViewIds.PROGRESS,
                ViewIds.KERNEL_MODULE, ViewIds.PROPERTIES, ViewIds.BOARDS)) {
            org.eclipse.ui.IViewPart v = page.findView(id);
            if (v != null) {
                page.hideView(v);
            }
        }
    }

    /** Waits for {@code row} to be in view: GTK scrolls a large table in the frames after it is asked to. */
    static void inView(Display display, Table table, int row, Duration timeout) {
        UiWait.until(display, () -> {
            int top = table.getTopIndex();
            int rows = table.getClientArea().height / table.getItemHeight();
            return rows > 1 && top <= row && row < top + rows;
        }, timeout, "row " + row + " to come into view");
    }

    /**
     * Waits for the table to be drawn twice more: GTK draws in frames of its own, so the screen can lag behind the
     * last selection and label until then.
     */
    static void drawn(Display display, Table table) {
        for (int frame = 0; frame < 2; frame++) {
            boolean[] painted = { false };
            Listener paint = e -> painted[0] = true;
            table.addListener(SWT.Paint, paint);
            table.redraw();
            UiWait.until(display, () -> painted[0], STARTUP, "the table to be drawn");
            table.removeListener(SWT.Paint, paint);
        }
        UiWait.settle(display);
    }

    /** Runs {@code work} on a thread of its own while the UI keeps dispatching; its result or its exception. */
    static <T> T inBackground(Display display, Callable<T> work, Duration timeout) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(work.call());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        }, "simulated run");
        t.start();
        UiWait.until(display, f::isDone, timeout, "the simulated run");
        return f.get();
    }
}
