package org.wqlab.ui.boards.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.Supplier;

import org.eclipse.swt.widgets.Display;

/** Runs the UI event loop until a condition holds, failing after a timeout (as in org.wqlab.ui.tests). */
final class UiWait {
    private static final int WAKE_UP_MS = 20;

    private UiWait() {
    }

    static <T> T until(Display display, Supplier<T> valueOrNull, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            T value = valueOrNull.get();
            if (value != null && !Boolean.FALSE.equals(value)) {
                return value;
            }
            if (System.nanoTime() > deadline) {
                fail("timed out after " + timeout.toSeconds() + " s waiting for " + what);
            }
            if (!display.readAndDispatch()) {
                display.timerExec(WAKE_UP_MS, () -> { });
                display.sleep();
            }
        }
    }

    static void settle(Display display) {
        while (display.readAndDispatch()) {
            // drain
        }
    }
}
