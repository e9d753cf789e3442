package org.wqlab.ui.boards.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Widget;
import org.wqlab.ui.boards.WidgetIds;

/** Finds real widgets by the data keys the Boards view sets, and drives them with real SWT events. */
final class Widgets {
    private Widgets() {
    }

    static <T extends Widget> T byId(Control root, String id, Class<T> type) {
        List<Widget> found = new ArrayList<>();
        collect(root, w -> id.equals(w.getData(WidgetIds.KEY)), found);
        return found.isEmpty() ? null : type.cast(found.get(0));
    }

    static List<Control> all(Control root, Predicate<Widget> test) {
        List<Widget> found = new ArrayList<>();
        collect(root, test, found);
        List<Control> controls = new ArrayList<>();
        found.stream().filter(Control.class::isInstance).forEach(w -> controls.add((Control) w));
        return controls;
    }

    static Shell shell(Display display, String id) {
        for (Shell s : display.getShells()) {
            if (!s.isDisposed() && s.isVisible() && id.equals(s.getData(WidgetIds.KEY))) {
                return s;
            }
        }
        return null;
    }

    static void click(Widget w) {
        Event e = new Event();
        e.widget = w;
        w.notifyListeners(SWT.Selection, e);
    }

    private static void collect(Control c, Predicate<Widget> test, List<Widget> found) {
        if (c.isDisposed()) {
            return;
        }
        if (test.test(c)) {
            found.add(c);
        }
        if (c instanceof ToolBar bar) {
            for (ToolItem item : bar.getItems()) {
                if (test.test(item)) {
                    found.add(item);
                }
            }
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                collect(child, test, found);
            }
        }
    }
}
