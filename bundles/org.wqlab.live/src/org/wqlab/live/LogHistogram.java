package org.wqlab.live;

import java.util.ArrayList;
import java.util.List;

/**
 * Delay counts in logarithmic bins (OSADL style: log bins, drawn with a log count axis). Bin 0 holds every delay
 * below 1 us (including negative ones, runs that came early); the other edges are the distinct values
 * {@code ceil(10^(k/20))} us, twenty per decade, so each bin is at most about 12 % wide (exact below 10 us).
 */
public final class LogHistogram {

    private static final long[] EDGES = edges();

    private LogHistogram() {
    }

    /** Lower edges in us; bin i is [EDGES[i], EDGES[i+1]), the last bin is open-ended. EDGES[0] is Long.MIN_VALUE. */
    static long[] edges() {
        List<Long> list = new ArrayList<>();
        list.add(Long.MIN_VALUE);
        long prev = Long.MIN_VALUE;
        for (int k = 0;; k++) {
            long e = (long) Math.ceil(Math.pow(10, k / 20.0) - 1e-9);
            if (e > Integer.MAX_VALUE) {
                break;
            }
            if (e != prev) {
                list.add(e);
                prev = e;
            }
        }
        return list.stream().mapToLong(Long::longValue).toArray();
    }

    public static int binCount() {
        return EDGES.length;
    }

    public static int binOf(long delayUs) {
        int low = 0;
        int high = EDGES.length - 1;
        while (low < high) {
            int mid = (low + high + 1) >>> 1;
            if (EDGES[mid] <= delayUs) {
                low = mid;
            } else {
                high = mid - 1;
            }
        }
        return low;
    }

    /** Inclusive lower edge of a bin (Long.MIN_VALUE for bin 0). */
    public static long fromUs(int bin) {
        return EDGES[bin];
    }

    /** Exclusive upper edge of a bin (Long.MAX_VALUE for the last). */
    public static long toUs(int bin) {
        return bin + 1 < EDGES.length ? EDGES[bin + 1] : Long.MAX_VALUE;
    }
}
