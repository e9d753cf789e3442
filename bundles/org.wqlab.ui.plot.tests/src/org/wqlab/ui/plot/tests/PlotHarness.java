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
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.plot.LivePlotView;
import org.wqlab.ui.plot.PlotWidgetIds;
import org.wqlab.ui.testing.UiWait;

/** Opens the real Live Plot view in the running workbench and finds its widgets by their data keys. */
final class PlotHarness {
    static final Duration STARTUP = Duration.ofSeconds(60);

    final Display display;
    final Shell shell;
    final LivePlotView view;

    PlotHarness() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        shell.setMaximized(true);
        IWorkbenchPage page = window.getActivePage();
        page.showView(ViewIds.LIVE_PLOT);
        page.setPartState(page.findViewReference(ViewIds.LIVE_PLOT), IWorkbenchPage.STATE_MAXIMIZED);
        Control root = UiWait.until(display, () -> byId(shell, PlotWidgetIds.ROOT), STARTUP, "the live plot");
        view = (LivePlotView) root.getData(PlotWidgetIds.VIEW_OBJECT);
        UiWait.settle(display);
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
