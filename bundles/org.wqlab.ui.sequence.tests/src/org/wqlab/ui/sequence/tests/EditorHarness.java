package org.wqlab.ui.sequence.tests;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.wqlab.ui.sequence.WidgetIds;
import org.wqlab.ui.testing.UiWait;

/** The running workbench's window, and the sequence editor's widgets found by their data keys. */
final class EditorHarness {
    static final Duration STARTUP = Duration.ofSeconds(60);
    static final Duration SHORT = Duration.ofSeconds(10);

    final Display display;
    final IWorkbenchWindow window;
    final Shell shell;
    final IWorkbenchPage page;

    EditorHarness() {
        IWorkbench workbench = PlatformUI.getWorkbench();
        display = workbench.getDisplay();
        window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        shell.setMaximized(true);
        page = window.getActivePage();
        UiWait.settle(display);
    }

    /**
     * Saves a screenshot of this window once {@code shows} holds for it. Other test runs share the X display, and
     * a screenshot copies the screen: the window is raised and captured again until the capture is of this window.
     */
    org.eclipse.swt.graphics.ImageData capture(String name,
            java.util.function.Predicate<org.eclipse.swt.graphics.ImageData> shows) throws java.io.IOException {
        java.nio.file.Path file = org.wqlab.ui.testing.Screenshots.directory().resolve(name);
        return UiWait.until(display, () -> {
            shell.forceActive();
            shell.moveAbove(null);
            UiWait.settle(display);
            org.eclipse.swt.graphics.ImageData data = org.wqlab.ui.testing.Screenshots.capture(shell, file);
            return shows.test(data) ? data : null;
        }, SHORT, "a screenshot of this window (" + name + ")");
    }

    /** The colour the screenshot has at a point of a control (control coordinates). */
    org.eclipse.swt.graphics.RGB pixel(org.eclipse.swt.graphics.ImageData data, Control control, int x, int y) {
        org.eclipse.swt.graphics.Point p = control.toDisplay(x, y);
        org.eclipse.swt.graphics.Rectangle s = shell.getBounds();
        int px = p.x - s.x;
        int py = p.y - s.y;
        if (px < 0 || py < 0 || px >= data.width || py >= data.height) {
            return new org.eclipse.swt.graphics.RGB(0, 0, 0);
        }
        return data.palette.getRGB(data.getPixel(px, py));
    }

    /** Whether the screenshot has a pixel of a kind on a line across a control, {@code y} pixels from its top. */
    boolean anyPixel(org.eclipse.swt.graphics.ImageData data, Control control, int y,
            java.util.function.Predicate<org.eclipse.swt.graphics.RGB> kind) {
        for (int x = 0; x < control.getSize().x; x++) {
            if (kind.test(pixel(data, control, x, y))) {
                return true;
            }
        }
        return false;
    }

    /** Chooses an item of the window's File menu, as a person does (the menu is filled when shown). */
    void fileMenuItem(String text) {
        menuItem("File", text);
    }

    /** Chooses an item of one of the window's menus, as a person does (the menu is filled when shown). */
    void menuItem(String menuText, String text) {
        org.eclipse.swt.widgets.MenuItem item = whileShown(menuText, menu -> java.util.Arrays.stream(menu.getItems())
                .filter(i -> i.getText().replace("&", "").startsWith(text)).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + text + "' in the " + menuText + " menu")));
        UiWait.watched(display, menuText + " > " + text, () -> item.notifyListeners(SWT.Selection, new Event()));
        UiWait.settle(display);
    }

    /** The items of one of the window's menus as shown, without their key texts. */
    List<String> menuItems(String menuText) {
        return whileShown(menuText, menu -> java.util.Arrays.stream(menu.getItems())
                .map(i -> i.getText().replace("&", "").split("\t")[0]).toList());
    }

    /** Reads a menu of the menu bar while it is shown (filled as when a person opens it), then closes it. */
    private <T> T whileShown(String menuText, java.util.function.Function<org.eclipse.swt.widgets.Menu, T> read) {
        org.eclipse.swt.widgets.MenuItem top = java.util.Arrays.stream(shell.getMenuBar().getItems())
                .filter(i -> i.getText().replace("&", "").equals(menuText)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + menuText + " menu"));
        org.eclipse.swt.widgets.Menu menu = top.getMenu();
        menu.notifyListeners(SWT.Show, new Event());
        UiWait.settle(display);
        try {
            return read.apply(menu);
        } finally {
            menu.notifyListeners(SWT.Hide, new Event());
        }
    }

    /** Ctrl+F11 as the keyboard sends it, to the focused control (the workbench's key bindings filter it). */
    void pressCtrlF11() {
        Control focus = display.getFocusControl();
        if (focus == null) {
            throw new AssertionError("no control has the keyboard focus");
        }
        Event down = new Event();
        down.type = SWT.KeyDown;
        down.keyCode = SWT.F11;
        down.stateMask = SWT.CTRL;
        down.widget = focus;
        focus.notifyListeners(SWT.KeyDown, down);
        UiWait.settle(display);
    }

    void execute(String commandId) throws Exception {
        Exception[] failed = new Exception[1];
        UiWait.watched(display, "the command " + commandId, () -> {
            try {
                window.getService(IHandlerService.class).executeCommand(commandId, null);
            } catch (Exception e) {
                failed[0] = e;
            }
        });
        if (failed[0] != null) {
            throw failed[0];
        }
        UiWait.settle(display);
    }

    <T extends Control> T find(String id, Class<T> type) {
        Control c = UiWait.until(display, () -> byId(shell, id), SHORT, "widget " + id);
        return type.cast(c);
    }

    static Control byId(Control root, String id) {
        List<Control> found = new ArrayList<>();
        collect(root, id, found);
        return found.stream().filter(Control::isVisible).findFirst().orElse(found.isEmpty() ? null : found.get(0));
    }

    private static void collect(Control c, String id, List<Control> found) {
        if (c.isDisposed()) {
            return;
        }
        if (id.equals(c.getData(WidgetIds.KEY))) {
            found.add(c);
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                collect(child, id, found);
            }
        }
    }

    /** The tool item of an action, by the action's id (tool items carry it, or their contribution item does). */
    ToolItem toolItem(String id) {
        return UiWait.until(display, () -> findItem(shell, id), SHORT, "tool item " + id);
    }

    private static ToolItem findItem(Control c, String id) {
        if (c.isDisposed()) {
            return null;
        }
        if (c instanceof ToolBar bar) {
            for (ToolItem item : bar.getItems()) {
                Object data = item.getData();
                boolean byAction = data instanceof org.eclipse.jface.action.IContributionItem ci
                        && id.equals(ci.getId());
                if (id.equals(item.getData(WidgetIds.KEY)) || byAction) {
                    return item;
                }
            }
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                ToolItem found = findItem(child, id);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    void click(Button b) {
        UiWait.watched(display, "a click on '" + b.getText() + "'",
                () -> b.notifyListeners(SWT.Selection, new Event()));
        UiWait.settle(display);
    }

    void click(ToolItem item) {
        UiWait.watched(display, "a click on '" + item.getToolTipText() + "'",
                () -> item.notifyListeners(SWT.Selection, new Event()));
        UiWait.settle(display);
    }
}
