package org.wqlab.core.samples;

import java.nio.IntBuffer;
import java.nio.LongBuffer;

/**
 * One CPU's samples as a plot draws them: ascending times and their delays (heap arrays, or read-only views of a
 * mapped {@code samples.cache}), and, for every block of {@link #BLOCK} consecutive samples, the block's smallest and
 * largest delay with their times, so that a plot whose pixel columns each span many blocks reads the blocks instead
 * of the samples. A block's minimum and maximum are its first sample with the smallest and the largest delay. The
 * last block may be shorter. Immutable; readable from any thread.
 *
 * @see PlotColumns
 */
public final class CpuColumns {

    /** Samples per block. */
    public static final int BLOCK = 64;

    private final int cpu;
    private final int size;
    private final LongBuffer timeUs;
    private final IntBuffer delayUs;
    private final LongBuffer blockMinTimeUs;
    private final IntBuffer blockMinUs;
    private final LongBuffer blockMaxTimeUs;
    private final IntBuffer blockMaxUs;

    CpuColumns(int cpu, LongBuffer timeUs, IntBuffer delayUs, LongBuffer blockMinTimeUs, IntBuffer blockMinUs,
            LongBuffer blockMaxTimeUs, IntBuffer blockMaxUs) {
        this.cpu = cpu;
        this.size = timeUs.remaining();
        this.timeUs = timeUs;
        this.delayUs = delayUs;
        this.blockMinTimeUs = blockMinTimeUs;
        this.blockMinUs = blockMinUs;
        this.blockMaxTimeUs = blockMaxTimeUs;
        this.blockMaxUs = blockMaxUs;
        int blocks = blocks(size);
        if (delayUs.remaining() != size || blockMinTimeUs.remaining() != blocks || blockMinUs.remaining() != blocks
                || blockMaxTimeUs.remaining() != blocks || blockMaxUs.remaining() != blocks) {
            throw new IllegalArgumentException("columns of different lengths for CPU " + cpu);
        }
    }

    /** The columns of ascending {@code timeUs} and their {@code delayUs} (kept, not copied), blocks computed. */
    public static CpuColumns of(int cpu, long[] timeUs, int[] delayUs, int size) {
        int blocks = blocks(size);
        long[] minT = new long[blocks];
        int[] min = new int[blocks];
        long[] maxT = new long[blocks];
        int[] max = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            int from = b * BLOCK;
            int to = Math.min(size, from + BLOCK);
            int lo = from;
            int hi = from;
            for (int i = from + 1; i < to; i++) {
                if (delayUs[i] < delayUs[lo]) {
                    lo = i;
                }
                if (delayUs[i] > delayUs[hi]) {
                    hi = i;
                }
            }
            minT[b] = timeUs[lo];
            min[b] = delayUs[lo];
            maxT[b] = timeUs[hi];
            max[b] = delayUs[hi];
        }
        return new CpuColumns(cpu, LongBuffer.wrap(timeUs, 0, size).slice(), IntBuffer.wrap(delayUs, 0, size).slice(),
                LongBuffer.wrap(minT), IntBuffer.wrap(min), LongBuffer.wrap(maxT), IntBuffer.wrap(max));
    }

    public static int blocks(int samples) {
        return (samples + BLOCK - 1) / BLOCK;
    }

    /** The CPU, or {@link org.wqlab.core.model.Sample#UNKNOWN} for the original module's reports. */
    public int cpu() {
        return cpu;
    }

    public int size() {
        return size;
    }

    public int blockCount() {
        return blocks(size);
    }

    public long timeUs(int i) {
        return timeUs.get(i);
    }

    public int delayUs(int i) {
        return delayUs.get(i);
    }

    public long blockMinTimeUs(int b) {
        return blockMinTimeUs.get(b);
    }

    public int blockMinUs(int b) {
        return blockMinUs.get(b);
    }

    public long blockMaxTimeUs(int b) {
        return blockMaxTimeUs.get(b);
    }

    public int blockMaxUs(int b) {
        return blockMaxUs.get(b);
    }

    /** Copies {@code n} times from sample {@code from} into {@code dst[0..n)} (a bulk copy). */
    public void copyTimes(int from, long[] dst, int n) {
        timeUs.get(from, dst, 0, n);
    }

    /** Copies {@code n} delays from sample {@code from} into {@code dst[0..n)} (a bulk copy). */
    public void copyDelays(int from, int[] dst, int n) {
        delayUs.get(from, dst, 0, n);
    }

    /** The times as an array: the one given to {@link #of} when there was one of exactly this size, else a copy. */
    public long[] timeArray() {
        if (timeUs.hasArray() && timeUs.arrayOffset() == 0 && timeUs.array().length == size) {
            return timeUs.array();
        }
        long[] a = new long[size];
        copyTimes(0, a, size);
        return a;
    }

    /** The delays as an array: the one given to {@link #of} when there was one of exactly this size, else a copy. */
    public int[] delayArray() {
        if (delayUs.hasArray() && delayUs.arrayOffset() == 0 && delayUs.array().length == size) {
            return delayUs.array();
        }
        int[] a = new int[size];
        copyDelays(0, a, size);
        return a;
    }

    /** Index of the first sample with a time at or after {@code t}, or {@link #size()}. */
    public int firstAtOrAfter(long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (timeUs.get(mid) < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    // the codec writes the columns as they are
    LongBuffer times() {
        return timeUs.duplicate();
    }

    IntBuffer delays() {
        return delayUs.duplicate();
    }

    LongBuffer blockMinTimes() {
        return blockMinTimeUs.duplicate();
    }

    IntBuffer blockMins() {
        return blockMinUs.duplicate();
    }

    LongBuffer blockMaxTimes() {
        return blockMaxTimeUs.duplicate();
    }

    IntBuffer blockMaxes() {
        return blockMaxUs.duplicate();
    }
}
