package org.wqlab.ui.plot.tests;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.plot.LivePlotView;
import org.wqlab.ui.plot.PlotWidgetIds;
import org.wqlab.ui.testing.UiWait;

/** Opens the real Live Plot view in the running workbench and finds its widgets by their data keys. */
final class PlotHarness {
    static final Duration STARTUP = Duration.ofSeconds(60);

    final Display display;
    final IWorkbenchWindow window;
    final IWorkbenchPage page;
    final Shell shell;
    final LivePlotView view;

    PlotHarness() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        display = workbench.getDisplay();
        window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        shell.setMaximized(true);
        page = window.getActivePage();
        maximizeLivePlot();
        Control root = UiWait.until(display, () -> byId(shell, PlotWidgetIds.ROOT), STARTUP, "the live plot");
        view = (LivePlotView) root.getData(PlotWidgetIds.VIEW_OBJECT);
        UiWait.settle(display);
    }

    /**
     * Shows the Live Plot, active and maximized. An editor that comes to the front brings the editor area back while
     * the view keeps its maximized state, so the state is restored first.
     */
    void maximizeLivePlot() throws PartInitException {
        page.showView(ViewIds.LIVE_PLOT);
        IViewReference ref = page.findViewReference(ViewIds.LIVE_PLOT);
        page.setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        page.setPartState(ref, IWorkbenchPage.STATE_MAXIMIZED);
        UiWait.settle(display);
    }

    /** The Live Plot fills most of the window (judged by size: the view's state alone can say maximized when not). */
    boolean livePlotFillsTheWindow() {
        Control root = byId(shell, PlotWidgetIds.ROOT);
        return root != null && root.isVisible() && root.getSize().y > shell.getClientArea().height * 3 / 4;
    }

    static Control byId(Control root, String id) {
        List<Control> found = new ArrayList<>();
        collect(root, id, found);
        return found.isEmpty() ? null : found.get(0);
    }

    /** The Live Plot's button (a tool item of its command contributions) whose data under the key is {@code id}. */
    static ToolItem toolItem(Control root, String id) {
        if (root instanceof ToolBar bar) {
            for (ToolItem item : bar.getItems()) {
                if (id.equals(item.getData(PlotWidgetIds.KEY))) {
                    return item;
                }
            }
        }
        if (root instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                ToolItem found = toolItem(child, id);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private static void collect(Control c, String id, List<Control> found) {
        if (id.equals(c.getData(PlotWidgetIds.KEY))) {
            found.add(c);
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                collect(child, id, found);
            }
        }
    }
}
