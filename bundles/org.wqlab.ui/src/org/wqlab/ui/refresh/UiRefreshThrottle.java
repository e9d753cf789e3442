package org.wqlab.ui.refresh;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

import org.eclipse.swt.widgets.Display;

/**
 * Hands background results to the UI thread at most once per tick: any thread calls {@link #requestRefresh()} as
 * often as it likes; the UI thread runs the refresh at most {@code 1000 / tickMillis} times a second, always with
 * the newest state (the refresh reads a snapshot itself), and requests that arrive while one is pending are
 * merged into it. Nothing blocks the caller.
 */
public final class UiRefreshThrottle {
    /** 33 ms: at most about 30 refreshes a second. */
    public static final int DEFAULT_TICK_MILLIS = 33;

    private final Display display;
    private final Runnable refresh;
    private final int tickMillis;
    private final LongSupplier clockMillis;
    private final AtomicBoolean pending = new AtomicBoolean();
    private long lastRunMillis = Long.MIN_VALUE / 2;
    private volatile boolean disposed;

    public UiRefreshThrottle(Display display, Runnable refresh) {
        this(display, refresh, DEFAULT_TICK_MILLIS, System::currentTimeMillis);
    }

    UiRefreshThrottle(Display display, Runnable refresh, int tickMillis, LongSupplier clockMillis) {
        this.display = display;
        this.refresh = refresh;
        this.tickMillis = tickMillis;
        this.clockMillis = clockMillis;
    }

    /** Asks for a refresh; cheap and non-blocking from any thread. */
    public void requestRefresh() {
        if (disposed || !pending.compareAndSet(false, true)) {
            return;
        }
        if (!display.isDisposed()) {
            display.asyncExec(this::runWhenDue);
        }
    }

    /** Stops all further refreshes (call when the widget goes away). */
    public void dispose() {
        disposed = true;
    }

    private void runWhenDue() {
        if (disposed || display.isDisposed()) {
            return;
        }
        long wait = lastRunMillis + tickMillis - clockMillis.getAsLong();
        if (wait > 0) {
            display.timerExec((int) wait, this::runWhenDue);
            return;
        }
        // clear before running, so a request made during the refresh schedules the next one
        pending.set(false);
        lastRunMillis = clockMillis.getAsLong();
        refresh.run();
    }
}
