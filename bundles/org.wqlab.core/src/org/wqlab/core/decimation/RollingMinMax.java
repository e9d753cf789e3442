package org.wqlab.core.decimation;

import java.util.Arrays;

import org.wqlab.core.decimation.MinMaxDecimator.Points;

/**
 * {@link MinMaxDecimator}'s reduction kept up to date incrementally for one append-only series (ascending times)
 * and a window that mostly slides forward, as a live plot that follows the newest data does. Buckets are aligned to
 * multiples of the bucket width in absolute time, so a bucket that is complete never changes: each update only
 * visits the samples appended since the last one (plus the few of the window's first, partly visible bucket) and
 * drops the buckets that scrolled out. A different bucket width or a window that moved backwards starts over
 * (one pass over the samples in view).
 *
 * <p>What is drawn is what {@link MinMaxDecimator} guarantees: every bucket's smallest and largest value in time
 * order (at most two points per bucket), so the largest value in view is always among the points; the first
 * bucket is cut exactly at the window's start; the samples just outside the window are kept so that lines enter
 * and leave the plot. Not thread-safe: one updater.
 */
public final class RollingMinMax {

    private long width = -1;
    /** Bucket index (time / width) of slot 0. */
    private long firstBucket;
    /** Slots in use: buckets firstBucket .. firstBucket + used - 1. */
    private int used;
    private int[] minIndex = new int[0];
    private int[] maxIndex = new int[0];
    /** Samples before this index are accounted for in the slots (or lie before the window). */
    private int processed;
    /** Sample count seen by the last update, to detect a shrunk (replaced) series. */
    private int lastSize;
    private long visitedTotal;

    /** Forgets everything: the next update makes one pass over the samples in view. */
    public void reset() {
        width = -1;
        used = 0;
        processed = 0;
        lastSize = 0;
    }

    /** Samples visited by all updates so far (for tests and benchmarks: proves the work is incremental). */
    public long visitedSamples() {
        return visitedTotal;
    }

    /**
     * @param x           sample times, ascending; may be a new (grown) array holding the same first samples
     * @param y           sample values
     * @param size        number of valid samples
     * @param fromX       window start (inclusive)
     * @param toX         window end (exclusive), greater than {@code fromX}
     * @param bucketWidth bucket width in x units (>= 1), usually the window's span divided by the plot's pixels
     */
    public Points update(long[] x, int[] y, int size, long fromX, long toX, long bucketWidth) {
        if (toX <= fromX || bucketWidth <= 0) {
            throw new IllegalArgumentException("empty window [" + fromX + ", " + toX + ") or bucket width "
                    + bucketWidth);
        }
        long fromBucket = Math.floorDiv(fromX, bucketWidth);
        if (bucketWidth != width || fromBucket < firstBucket || size < lastSize) {
            width = bucketWidth;
            firstBucket = fromBucket;
            used = 0;
            processed = 0;
        }
        lastSize = size;
        dropBucketsBefore(fromBucket);
        long firstFullStart = (fromBucket + 1) * width;
        // the window's first bucket is partly visible: it is rebuilt from fromX below, not kept
        if (processed < size && x[processed] < firstFullStart) {
            processed = MinMaxDecimator.firstAtOrAfter(x, size, firstFullStart);
        }
        int i = processed;
        while (i < size && x[i] < toX) {
            int slot = slotFor(Math.floorDiv(x[i], width));
            if (minIndex[slot] < 0) {
                minIndex[slot] = i;
                maxIndex[slot] = i;
            } else {
                if (y[i] < y[minIndex[slot]]) {
                    minIndex[slot] = i;
                }
                if (y[i] > y[maxIndex[slot]]) {
                    maxIndex[slot] = i;
                }
            }
            i++;
        }
        visitedTotal += i - processed;
        processed = i;
        return points(x, y, size, fromX, toX, Math.min(firstFullStart, toX));
    }

    private Points points(long[] x, int[] y, int size, long fromX, long toX, long firstFullStart) {
        int start = MinMaxDecimator.firstAtOrAfter(x, size, fromX);
        int firstFull = MinMaxDecimator.firstAtOrAfter(x, size, firstFullStart);
        int capacity = 2 * (used + 1) + 2;
        long[] outX = new long[capacity];
        int[] outY = new int[capacity];
        int n = 0;
        if (start > 0) {
            outX[n] = x[start - 1];
            outY[n++] = y[start - 1];
        }
        if (firstFull > start) {
            int min = start;
            int max = start;
            for (int i = start + 1; i < firstFull; i++) {
                if (y[i] < y[min]) {
                    min = i;
                }
                if (y[i] > y[max]) {
                    max = i;
                }
            }
            visitedTotal += firstFull - start;
            n = emit(x, y, outX, outY, n, min, max);
        }
        for (int s = 0; s < used; s++) {
            if (minIndex[s] >= 0 && (firstBucket + s) * width >= firstFullStart) {
                n = emit(x, y, outX, outY, n, minIndex[s], maxIndex[s]);
            }
        }
        int after = processed < size && x[processed] >= toX && (processed == 0 || x[processed - 1] < toX) ? processed
                : MinMaxDecimator.firstAtOrAfter(x, size, toX);
        if (after < size) {
            outX[n] = x[after];
            outY[n++] = y[after];
        }
        return new Points(outX, outY, n);
    }

    private static int emit(long[] x, int[] y, long[] outX, int[] outY, int n, int min, int max) {
        int first = Math.min(min, max);
        int second = Math.max(min, max);
        outX[n] = x[first];
        outY[n++] = y[first];
        if (second != first) {
            outX[n] = x[second];
            outY[n++] = y[second];
        }
        return n;
    }

    private void dropBucketsBefore(long bucket) {
        long drop = bucket - firstBucket;
        if (drop <= 0) {
            return;
        }
        if (drop >= used) {
            used = 0;
        } else {
            int d = (int) drop;
            System.arraycopy(minIndex, d, minIndex, 0, used - d);
            System.arraycopy(maxIndex, d, maxIndex, 0, used - d);
            used -= d;
        }
        firstBucket = bucket;
    }

    private int slotFor(long bucket) {
        long slot = bucket - firstBucket;
        if (slot >= Integer.MAX_VALUE / 2) {
            throw new IllegalStateException("window too wide for bucket width " + width);
        }
        int s = (int) slot;
        if (s >= used) {
            if (s >= minIndex.length) {
                int grown = Math.max(s + 1, minIndex.length * 2 + 16);
                minIndex = Arrays.copyOf(minIndex, grown);
                maxIndex = Arrays.copyOf(maxIndex, grown);
            }
            Arrays.fill(minIndex, used, s + 1, -1);
            Arrays.fill(maxIndex, used, s + 1, -1);
            used = s + 1;
        }
        return s;
    }
}
