package org.wqlab.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.eclipse.e4.ui.model.application.ui.advanced.MPlaceholder;
import org.eclipse.e4.ui.model.application.ui.basic.MWindow;
import org.eclipse.e4.ui.workbench.modeling.EModelService;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.internal.StartupSplash;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/** Starts the real wqlab application (UI harness) and checks the window it shows. */
class WorkbenchSmokeTest {
    private static final Duration STARTUP = Duration.ofSeconds(60);

    @Test
    void latencyLabPerspectiveShowsItsViewsInAVisibleWindow() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP,
                "the workbench window");
        Shell shell = window.getShell();
        UiWait.until(display, () -> shell.isVisible(), STARTUP, "the workbench window to be shown");
        assertTrue(shell.getText().startsWith("wqlab"), "window title: " + shell.getText());

        IWorkbenchPage page = window.getActivePage();
        assertNotNull(page, "no active page");
        assertEquals(ViewIds.PERSPECTIVE, page.getPerspective().getId());
        // a view in a tab not shown yet has a place in the perspective's model but no view reference until shown
        EModelService models = window.getService(EModelService.class);
        MWindow model = window.getService(MWindow.class);
        for (String id : ViewIds.IN_PERSPECTIVE) {
            assertFalse(models.findElements(model, id, MPlaceholder.class).isEmpty(),
                    "view " + id + " is not in the Latency Lab perspective");
        }
        assertNotNull(page.findView(ViewIds.BOARDS), "the Boards view was not created");
        assertNotNull(page.findView(ViewIds.LIVE_PLOT), "the Live Plot view was not created");

        Path file = Screenshots.directory().resolve("workbench.png");
        ImageData drawn = Screenshots.capture(shell, file);
        assertTrue(Files.size(file) > 10_000, "screenshot too small: " + Files.size(file) + " bytes");
        assertTrue(Screenshots.distinctColours(drawn) > 20,
                "the window looks blank: " + Screenshots.distinctColours(drawn) + " colours");
    }

    @Test
    void aSplashShowedStartUpAndClosedWhenTheWindowOpened() {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the workbench window");
        StartupSplash.Record splash = UiWait.until(display,
                () -> StartupSplash.last().closed() ? StartupSplash.last() : null, STARTUP, "the splash to close");
        assertEquals(java.util.List.of("Starting", "Opening the workspace", "Opening the Latency Lab perspective"),
                splash.statuses(), "what the splash said while the workbench started");
        for (Shell s : display.getShells()) {
            assertTrue(s.isDisposed() || !"wqlab".equals(s.getText()), "the splash is gone");
        }
    }
}
