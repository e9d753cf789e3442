package org.wqlab.core.decimation;

import org.wqlab.core.decimation.MinMaxDecimator.Points;
import org.wqlab.core.samples.CpuColumns;

/**
 * {@link RollingMinMax}'s reduction of a window (buckets aligned to multiples of the bucket width, each keeping its
 * smallest and largest value in time order, the samples just outside the window kept) computed from
 * {@link CpuColumns}, for a recorded series that does not grow. Where a bucket spans many blocks of
 * {@link CpuColumns#BLOCK} samples on average, whole blocks inside the window are read as their min and max, each
 * falling in the bucket of its own time, so a full-range frame of 10M samples reads about 160 000 blocks instead of
 * every sample; the largest value in view is always a block's maximum, so it is always among the points. A bucket
 * that a block crosses may then miss a value of that block that was neither the block's min nor its max. Where
 * buckets span fewer blocks (zoomed in), every sample in view is read and the points are those of
 * {@link RollingMinMax}.
 */
public final class BlockMinMax {

    /** Blocks a bucket must span on average for blocks to be read instead of samples. */
    public static final int MIN_BLOCKS_PER_BUCKET = 4;
    private static final int CHUNK = 8192;

    private final long[] times = new long[CHUNK];
    private final int[] delays = new int[CHUNK];
    private long visited;

    /** Samples and blocks read by all reductions so far (for tests: proves which path ran). */
    public long visited() {
        return visited;
    }

    /**
     * @param fromX       window start (inclusive)
     * @param toX         window end (exclusive), greater than {@code fromX}
     * @param bucketWidth bucket width in time units (>= 1)
     */
    public Points reduce(CpuColumns c, long fromX, long toX, long bucketWidth) {
        if (toX <= fromX || bucketWidth <= 0) {
            throw new IllegalArgumentException("empty window [" + fromX + ", " + toX + ") or bucket width "
                    + bucketWidth);
        }
        int size = c.size();
        int start = c.firstAtOrAfter(fromX);
        int end = c.firstAtOrAfter(toX);
        long fromBucket = Math.floorDiv(fromX, bucketWidth);
        long bucketCount = Math.floorDiv(toX - 1, bucketWidth) - fromBucket + 1;
        if (bucketCount > Integer.MAX_VALUE / 4) {
            throw new IllegalArgumentException("window too wide for bucket width " + bucketWidth);
        }
        Buckets b = new Buckets((int) bucketCount, fromBucket, bucketWidth);
        boolean byBlocks = (end - start) / bucketCount >= (long) MIN_BLOCKS_PER_BUCKET * CpuColumns.BLOCK;
        int i = start;
        if (byBlocks) {
            int firstBlock = (start + CpuColumns.BLOCK - 1) / CpuColumns.BLOCK;
            int endBlock = end / CpuColumns.BLOCK; // blocks before it end at or before end
            i = samples(c, b, start, Math.min(end, firstBlock * CpuColumns.BLOCK));
            for (int k = firstBlock; k < endBlock; k++) {
                offerInOrder(b, c.blockMinTimeUs(k), c.blockMinUs(k), c.blockMaxTimeUs(k), c.blockMaxUs(k));
            }
            visited += Math.max(0, endBlock - firstBlock);
            i = Math.max(i, endBlock * CpuColumns.BLOCK);
        }
        samples(c, b, i, end);
        long[] outX = new long[2 * b.count + 2];
        int[] outY = new int[outX.length];
        int n = 0;
        if (start > 0) {
            outX[n] = c.timeUs(start - 1);
            outY[n++] = c.delayUs(start - 1);
        }
        n = b.emit(outX, outY, n);
        if (end < size) {
            outX[n] = c.timeUs(end);
            outY[n++] = c.delayUs(end);
        }
        return new Points(outX, outY, n);
    }

    /** Offers samples [from, to) one by one; returns {@code to}. */
    private int samples(CpuColumns c, Buckets b, int from, int to) {
        for (int at = from; at < to; at += CHUNK) {
            int len = Math.min(CHUNK, to - at);
            c.copyTimes(at, times, len);
            c.copyDelays(at, delays, len);
            for (int j = 0; j < len; j++) {
                b.offer(times[j], delays[j]);
            }
        }
        visited += Math.max(0, to - from);
        return Math.max(from, to);
    }

    private static void offerInOrder(Buckets b, long minT, int min, long maxT, int max) {
        if (minT <= maxT) {
            b.offer(minT, min);
            b.offer(maxT, max);
        } else {
            b.offer(maxT, max);
            b.offer(minT, min);
        }
    }

    /** Per bucket the first smallest and first largest value offered, with their times. */
    private static final class Buckets {
        final int count;
        final long first;
        final long width;
        final boolean[] used;
        final long[] minT;
        final int[] min;
        final long[] maxT;
        final int[] max;
        /** When each bucket's min and max were offered: they are drawn in that order. */
        final long[] minSeq;
        final long[] maxSeq;
        long seq;

        Buckets(int count, long first, long width) {
            this.count = count;
            this.first = first;
            this.width = width;
            used = new boolean[count];
            minT = new long[count];
            min = new int[count];
            maxT = new long[count];
            max = new int[count];
            minSeq = new long[count];
            maxSeq = new long[count];
        }

        void offer(long t, int v) {
            int k = (int) (Math.floorDiv(t, width) - first);
            long s = seq++;
            if (!used[k]) {
                used[k] = true;
                minT[k] = t;
                min[k] = v;
                minSeq[k] = s;
                maxT[k] = t;
                max[k] = v;
                maxSeq[k] = s;
                return;
            }
            if (v < min[k]) {
                min[k] = v;
                minT[k] = t;
                minSeq[k] = s;
            }
            if (v > max[k]) {
                max[k] = v;
                maxT[k] = t;
                maxSeq[k] = s;
            }
        }

        int emit(long[] x, int[] y, int n) {
            for (int k = 0; k < count; k++) {
                if (!used[k]) {
                    continue;
                }
                boolean minFirst = minSeq[k] <= maxSeq[k];
                x[n] = minFirst ? minT[k] : maxT[k];
                y[n++] = minFirst ? min[k] : max[k];
                if (minSeq[k] != maxSeq[k]) {
                    x[n] = minFirst ? maxT[k] : minT[k];
                    y[n++] = minFirst ? max[k] : min[k];
                }
            }
            return n;
        }
    }
}
