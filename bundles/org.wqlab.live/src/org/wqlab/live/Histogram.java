package org.wqlab.live;

/** A copy of the session's {@link LogHistogram} counts; {@code counts[i]} is bin i. */
public record Histogram(long[] counts, int worstUs, long total) {

    public long fromUs(int bin) {
        return LogHistogram.fromUs(bin);
    }

    public long toUs(int bin) {
        return LogHistogram.toUs(bin);
    }

    /** Index of the highest non-empty bin, or -1. */
    public int lastNonEmpty() {
        for (int i = counts.length - 1; i >= 0; i--) {
            if (counts[i] > 0) {
                return i;
            }
        }
        return -1;
    }
}
