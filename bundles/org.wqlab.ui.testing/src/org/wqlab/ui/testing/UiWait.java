package org.wqlab.ui.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.eclipse.swt.widgets.Display;

/**
 * For UI tests of every wqlab UI bundle (not shipped in the product). Runs the UI event loop until a condition holds,
 * failing after a timeout. Call on the UI thread.
 * <p>
 * A wait that cannot even reach its timeout (the UI thread blocked, or held in a modal dialog's own event loop that
 * something opened meanwhile) is reported by {@link StalledWaitReport} a while after the timeout: every thread's
 * stack, and the open dialogs' texts, which it then closes so that the wait fails with them instead of hanging.
 */
public final class UiWait {
    private static final int WAKE_UP_MS = 20;
    /** How long past its timeout a wait that did not return counts as stalled. */
    private static final Duration STALL_GRACE = Duration.ofSeconds(30);
    /** A settle (no timeout of its own) that has not returned after this long is stalled. */
    private static final Duration SETTLE_STALL = Duration.ofSeconds(60);
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "UiWait watchdog");
        t.setDaemon(true);
        return t;
    });

    private UiWait() {
    }

    public static <T> T until(Display display, Supplier<T> valueOrNull, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        StalledWaitReport stalled = new StalledWaitReport(display, what, timeout.plus(STALL_GRACE));
        ScheduledFuture<?> watch = watch(stalled, timeout.plus(STALL_GRACE));
        try {
            while (true) {
                T value = valueOrNull.get();
                if (value != null && !Boolean.FALSE.equals(value)) {
                    return value;
                }
                if (System.nanoTime() > deadline) {
                    fail("timed out after " + timeout.toSeconds() + " s waiting for " + what + stalled.closedDialogs());
                }
                if (!display.readAndDispatch()) {
                    // a timer guarantees that sleep() returns even when no other event arrives
                    display.timerExec(WAKE_UP_MS, () -> { });
                    display.sleep();
                }
            }
        } finally {
            watch.cancel(false);
        }
    }

    /** Dispatches every pending event, so that layout and paint have happened. */
    public static void settle(Display display) {
        watched(display, "the pending events to be dispatched", () -> {
            while (display.readAndDispatch()) {
                // drain
            }
        });
    }

    /**
     * Runs a UI action that should return soon (a click, a menu item, a command), reporting it as stalled (threads,
     * open dialogs closed) when it has not returned after a minute: a handler that opens a modal dialog by mistake.
     */
    public static void watched(Display display, String what, Runnable action) {
        ScheduledFuture<?> watch = watch(new StalledWaitReport(display, what, SETTLE_STALL), SETTLE_STALL);
        try {
            action.run();
        } finally {
            watch.cancel(false);
        }
    }

    private static ScheduledFuture<?> watch(StalledWaitReport report, Duration after) {
        return WATCHDOG.schedule(report, after.toMillis(), TimeUnit.MILLISECONDS);
    }
}
