package org.wqlab.ui.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/**
 * Runs on the watchdog's thread when a {@link UiWait} did not return long after its timeout: prints every thread's
 * stack to stderr, then asks the UI thread (which still dispatches if a modal dialog's loop holds it) to close every
 * open modal dialog, remembering each one's title and texts for the wait's failure message.
 */
final class StalledWaitReport implements Runnable {
    private static final int MODAL = SWT.APPLICATION_MODAL | SWT.PRIMARY_MODAL | SWT.SYSTEM_MODAL;

    private final Display display;
    private final String what;
    private final Duration after;
    private final List<String> closed = new ArrayList<>();

    StalledWaitReport(Display display, String what, Duration after) {
        this.display = display;
        this.what = what;
        this.after = after;
    }

    @Override
    public void run() {
        StringBuilder dump = new StringBuilder("UiWait: the wait for " + what + " has not returned after "
                + after.toSeconds() + " s; the UI thread is blocked or held by a dialog. Threads:\n");
        for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
            dump.append('"').append(t.getKey().getName()).append("\" ").append(t.getKey().getState()).append('\n');
            for (StackTraceElement frame : t.getValue()) {
                dump.append("    at ").append(frame).append('\n');
            }
        }
        System.err.print(dump);
        if (!display.isDisposed()) {
            display.asyncExec(this::closeModalDialogs);
        }
    }

    /** "; closed the dialog(s) that held the UI thread: ..." or "" (read on the UI thread after the wait returns). */
    synchronized String closedDialogs() {
        return closed.isEmpty() ? "" : "; closed the dialog(s) that held the UI thread: " + String.join(" | ", closed);
    }

    private void closeModalDialogs() {
        for (Shell shell : display.getShells()) {
            if (!shell.isDisposed() && shell.isVisible() && (shell.getStyle() & MODAL) != 0) {
                List<String> texts = new ArrayList<>();
                texts(shell, texts);
                String seen = "'" + shell.getText() + "': " + String.join(" / ", texts);
                synchronized (this) {
                    closed.add(seen);
                }
                System.err.println("UiWait: closing the dialog " + seen);
                shell.close();
            }
        }
    }

    private static void texts(Control c, List<String> out) {
        String text = c instanceof Label l ? l.getText() : c instanceof Text t ? t.getText()
                : c instanceof Link k ? k.getText() : "";
        if (!text.isBlank()) {
            out.add(text.strip());
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                texts(child, out);
            }
        }
    }
}
