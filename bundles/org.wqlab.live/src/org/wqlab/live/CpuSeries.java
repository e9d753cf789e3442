package org.wqlab.live;

import java.util.Arrays;

/**
 * One CPU's samples in growable primitive arrays with a single writer (under the session's lock) and lock-free
 * readers. The writer fills slot {@code size} and then publishes the new size (a volatile write); on growth it
 * copies into larger arrays and publishes them before the size that needs them. A reader that reads the size
 * first and the arrays second therefore always finds at least {@code size} valid entries.
 */
final class CpuSeries {

    private record Arrays2(long[] timeUs, int[] delayUs) {
    }

    final int cpu;
    private volatile Arrays2 arrays;
    private volatile int size;
    private long lastTimeUs = Long.MIN_VALUE;

    CpuSeries(int cpu, int initialCapacity) {
        this.cpu = cpu;
        int c = Math.max(16, initialCapacity);
        arrays = new Arrays2(new long[c], new int[c]);
    }

    /** Appends; returns true if the time had to be raised to keep times ascending. */
    boolean append(long timeUs, int delayUs) {
        boolean reordered = timeUs < lastTimeUs;
        long t = reordered ? lastTimeUs : timeUs;
        Arrays2 a = arrays;
        int n = size;
        if (n == a.timeUs.length) {
            int grown = n + (n >> 1) + 16;
            a = new Arrays2(Arrays.copyOf(a.timeUs, grown), Arrays.copyOf(a.delayUs, grown));
            arrays = a;
        }
        a.timeUs[n] = t;
        a.delayUs[n] = delayUs;
        lastTimeUs = t;
        size = n + 1;
        return reordered;
    }

    SeriesSnapshot snapshot() {
        int n = size;
        Arrays2 a = arrays;
        return new SeriesSnapshot(cpu, a.timeUs, a.delayUs, n);
    }

    int size() {
        return size;
    }
}
