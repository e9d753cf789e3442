package org.wqlab.ui.plot;

import org.wqlab.core.model.LogEntry;

/**
 * The board-time window a following plot shows: the last {@code windowUs} up to the board's current time, but not
 * before the session's start (so a young run shows everything since its start, module load and marks included),
 * at least one second wide, with a small margin on the right so the newest sample and marker stay inside.
 */
record TimeWindow(double fromS, double toS) {
    static final long MIN_SPAN_US = 1_000_000L;
    /** The right margin: 1/50 of the span (so a window of W never spans more than W + W/50). */
    static final int MARGIN_DIVISOR = 50;

    /**
     * @param startUs  the session's start in board time
     * @param oldestUs the oldest sample or marker, or {@link LogEntry#NO_TIME}
     * @param nowUs    the board's current time
     */
    static TimeWindow following(long startUs, long oldestUs, long nowUs, long windowUs) {
        long first = oldestUs == LogEntry.NO_TIME ? startUs : Math.min(startUs, oldestUs);
        long from = Math.max(first, nowUs - windowUs);
        long span = Math.max(MIN_SPAN_US, nowUs - from);
        return new TimeWindow(from / 1e6, (from + span + span / MARGIN_DIVISOR) / 1e6);
    }

    /** Bucket width for a following window: constant while following, so buckets are reused between frames. */
    static long bucketUs(long windowUs, int columns) {
        return Math.max(1, Math.ceilDiv(windowUs + windowUs / MARGIN_DIVISOR, Math.max(1, columns)));
    }
}
