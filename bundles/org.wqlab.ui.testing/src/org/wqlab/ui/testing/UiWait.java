package org.wqlab.ui.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.Supplier;

import org.eclipse.swt.widgets.Display;

/** For UI tests of every wqlab UI bundle (not shipped in the product). Runs the UI event loop until a condition holds, failing after a timeout. Call on the UI thread. */
public final class UiWait {
    private static final int WAKE_UP_MS = 20;

    private UiWait() {
    }

    public static <T> T until(Display display, Supplier<T> valueOrNull, Duration timeout, String what) {
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
                // a timer guarantees that sleep() returns even when no other event arrives
                display.timerExec(WAKE_UP_MS, () -> { });
                display.sleep();
            }
        }
    }

    /** Dispatches every pending event, so that layout and paint have happened. */
    public static void settle(Display display) {
        while (display.readAndDispatch()) {
            // drain
        }
    }
}
