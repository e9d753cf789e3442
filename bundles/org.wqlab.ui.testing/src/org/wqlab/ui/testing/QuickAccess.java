package org.wqlab.ui.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;

/**
 * The real Quick Access popup (Ctrl+3): opened by the caller (it executes org.eclipse.ui.window.quickAccess), given a
 * filter, read for its proposals, closed again. Call on the UI thread.
 */
public final class QuickAccess {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private QuickAccess() {
    }

    /**
     * Types {@code filter} and waits until a proposal reads {@code expected}; returns every proposal's text then
     * (so a caller can also check what is not offered).
     */
    public static List<String> proposals(Display display, Shell window, Runnable open, String filter,
            String expected) {
        open.run();
        Shell popup = UiWait.until(display, () -> popup(display, window), WAIT, "Quick Access");
        Text text = UiWait.until(display, () -> first(popup, Text.class), WAIT, "Quick Access's filter");
        text.setText(filter);
        text.notifyListeners(SWT.Modify, new Event());
        try {
            return UiWait.until(display, () -> {
                List<String> shown = texts(popup);
                return shown.stream().anyMatch(t -> t.contains(expected)) ? shown : null;
            }, WAIT, "Quick Access to propose '" + expected + "' for '" + filter + "'");
        } finally {
            popup.close();
            UiWait.settle(display);
        }
    }

    private static Shell popup(Display display, Shell window) {
        for (Shell s : display.getShells()) {
            if (s != window && s.isVisible() && first(s, Text.class) != null && first(s, Table.class) != null) {
                return s;
            }
        }
        return null;
    }

    private static List<String> texts(Shell popup) {
        Table table = first(popup, Table.class);
        List<String> out = new ArrayList<>();
        for (TableItem item : table.getItems()) {
            StringBuilder row = new StringBuilder();
            for (int col = 0; col < Math.max(1, table.getColumnCount()); col++) {
                row.append(item.getText(col).replace("&", "")).append(' ');
            }
            out.add(row.toString().trim());
        }
        return out;
    }

    private static <T extends Control> T first(Control root, Class<T> type) {
        if (root.isDisposed()) {
            return null;
        }
        if (type.isInstance(root)) {
            return type.cast(root);
        }
        if (root instanceof Composite c) {
            for (Control child : c.getChildren()) {
                T found = first(child, type);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }
}
