package org.wqlab.live;

import java.util.function.LongSupplier;

import org.wqlab.core.model.LogEntry;

/**
 * The board's current time as far as the host can tell: the newest kernel timestamp while kernel lines keep
 * arriving (some CPU reports at least once per {@code freshUs}), else that timestamp plus the wall time since it
 * arrived, scaled by the board's speed (a simulated board may run faster than real time). Before any kernel line
 * the clock counts from 0 at the session's creation; the session's start in board time is estimated from the first
 * line. Once the session is ended the clock stays at the newest timestamp.
 *
 * <p>One writer (under the session's lock) and lock-free readers. The newest time and its arrival are two volatile
 * fields: a reader may pair a time with the arrival of its predecessor, an error below one report interval.
 */
final class BoardClock {
    private final LongSupplier nanoTime;
    private final long createdNanos;
    private volatile double speed = 1;
    private volatile long newestUs = LogEntry.NO_TIME;
    private volatile long newestArrivalNanos;
    private volatile long startUs = LogEntry.NO_TIME;
    private volatile boolean ended;

    BoardClock(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.createdNanos = nanoTime.getAsLong();
    }

    void setSpeed(double boardSecondsPerWallSecond) {
        if (!(boardSecondsPerWallSecond > 0) || Double.isInfinite(boardSecondsPerWallSecond)) {
            throw new IllegalArgumentException("board speed must be a positive number: " + boardSecondsPerWallSecond);
        }
        speed = boardSecondsPerWallSecond;
    }

    double speed() {
        return speed;
    }

    /** A kernel timestamp arrived (writer only). */
    void observed(long boardUs) {
        long now = nanoTime.getAsLong();
        if (startUs == LogEntry.NO_TIME) {
            startUs = boardUs - scaledUs(now - createdNanos);
        }
        if (newestUs == LogEntry.NO_TIME || boardUs > newestUs) {
            newestArrivalNanos = now;
            newestUs = boardUs;
        }
    }

    void end() {
        ended = true;
    }

    boolean ended() {
        return ended;
    }

    long newestUs() {
        return newestUs;
    }

    /** The session's start in board time (0 before any kernel line arrived). */
    long startUs() {
        long s = startUs;
        return s == LogEntry.NO_TIME ? 0 : s;
    }

    /**
     * @param freshUs how long (board time) the newest timestamp stands for "now": the longest report period of
     *                the CPUs expected to report, 0 when none is
     */
    long nowUs(long freshUs) {
        long newest = newestUs;
        long arrival = newestArrivalNanos;
        long wall = nanoTime.getAsLong();
        if (newest == LogEntry.NO_TIME) {
            return ended ? 0 : scaledUs(wall - createdNanos);
        }
        if (ended) {
            return newest;
        }
        long since = scaledUs(wall - arrival);
        return since <= freshUs ? newest : newest + since;
    }

    private long scaledUs(long wallNanos) {
        return (long) (Math.max(0, wallNanos) / 1000.0 * speed);
    }
}
