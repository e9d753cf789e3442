package org.wqlab.core.stats;

import java.util.Arrays;

import org.wqlab.core.samples.SampleStore;

/**
 * The delays at given ranks of the sorted order, found without sorting (or copying) them: one pass counts the delays
 * by their high 16 bits, a second counts, within the few high halves that hold a rank asked for, the low 16 bits.
 * Two passes and a few 256 KiB tables, where a sort of ten million delays takes a second.
 */
final class DelayRanks {
    private static final int HALF = 1 << 16;

    private DelayRanks() {
    }

    /** The delay of rank {@code ranks[k]} (0-based, each in [0, size)) of the store's delays sorted ascending. */
    static int[] at(SampleStore s, long[] ranks) {
        int n = s.size();
        int[] high = new int[HALF];
        int[] delays = new int[SampleStore.CHUNK];
        for (int from = 0; from < n; from += delays.length) {
            int len = Math.min(delays.length, n - from);
            s.copyDelays(from, delays, len);
            for (int j = 0; j < len; j++) {
                high[key(delays[j]) >>> 16]++;
            }
        }
        // per rank: its high half, and its rank among the delays of that half
        int[] halfOf = new int[ranks.length];
        long[] rankInHalf = new long[ranks.length];
        for (int k = 0; k < ranks.length; k++) {
            if (ranks[k] < 0 || ranks[k] >= n) {
                throw new IllegalArgumentException("rank " + ranks[k] + " of " + n + " delays");
            }
            long below = 0;
            int h = 0;
            while (below + high[h] <= ranks[k]) {
                below += high[h++];
            }
            halfOf[k] = h;
            rankInHalf[k] = ranks[k] - below;
        }
        int[] slotOfHalf = new int[HALF];
        Arrays.fill(slotOfHalf, -1);
        int slots = 0;
        for (int h : halfOf) {
            if (slotOfHalf[h] < 0) {
                slotOfHalf[h] = slots++;
            }
        }
        int[][] low = new int[slots][HALF];
        for (int from = 0; from < n; from += delays.length) {
            int len = Math.min(delays.length, n - from);
            s.copyDelays(from, delays, len);
            for (int j = 0; j < len; j++) {
                int key = key(delays[j]);
                int slot = slotOfHalf[key >>> 16];
                if (slot >= 0) {
                    low[slot][key & (HALF - 1)]++;
                }
            }
        }
        int[] out = new int[ranks.length];
        for (int k = 0; k < ranks.length; k++) {
            int[] counts = low[slotOfHalf[halfOf[k]]];
            long below = 0;
            int l = 0;
            while (below + counts[l] <= rankInHalf[k]) {
                below += counts[l++];
            }
            out[k] = unkey(halfOf[k] << 16 | l);
        }
        return out;
    }

    /** The delay with its sign bit flipped: unsigned order of keys is the signed order of delays. */
    private static int key(int delay) {
        return delay ^ Integer.MIN_VALUE;
    }

    private static int unkey(int key) {
        return key ^ Integer.MIN_VALUE;
    }
}
