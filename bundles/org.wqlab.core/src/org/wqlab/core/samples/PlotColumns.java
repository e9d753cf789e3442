package org.wqlab.core.samples;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.wqlab.core.model.LogEntry;

/**
 * A log's samples split per CPU as plots draw them ({@link CpuColumns}: ascending times, delays and block min/max),
 * with what a plot needs of them all. Untimed samples and samples whose time goes backwards on their CPU are placed
 * as a live session places them, so every CPU's times ascend: a sample without a time at the newest time so far, a
 * sample stamped before its CPU's previous one at that one's time; a log without any time (plain {@code DELAY}
 * lines) is drawn by report number, report i at i seconds.
 *
 * @param cpus        per CPU with samples, the unknown CPU (-1) first, then ascending
 * @param timed       whether any sample has a time
 * @param oldestUs    the smallest placed time of a sample, or {@link LogEntry#NO_TIME} without samples
 * @param newestUs    the largest placed time of a sample, or {@link LogEntry#NO_TIME} without samples
 * @param maxDelayUs  the largest delay, or {@link Integer#MIN_VALUE} without samples
 * @param worstTimeUs the placed time of the first sample with the largest delay, or {@link LogEntry#NO_TIME}
 */
public record PlotColumns(List<CpuColumns> cpus, boolean timed, long oldestUs, long newestUs, int maxDelayUs,
        long worstTimeUs, long count) {

    public PlotColumns {
        cpus = List.copyOf(cpus);
    }

    /** Two passes over the store, read in chunks: the samples per CPU, then the columns filled. */
    public static PlotColumns of(SampleStore store) {
        int n = store.size();
        int chunk = SampleStore.CHUNK;
        int[] cpus = new int[chunk];
        long[] ts = new long[chunk];
        int[] ds = new int[chunk];
        int[] perCpu = new int[2];
        for (int from = 0; from < n; from += chunk) {
            int len = Math.min(chunk, n - from);
            store.copyCpus(from, cpus, null, len);
            for (int j = 0; j < len; j++) {
                int k = cpus[j] + 1;
                if (k >= perCpu.length) {
                    perCpu = Arrays.copyOf(perCpu, k + 1);
                }
                perCpu[k]++;
            }
        }
        long[][] times = new long[perCpu.length][];
        int[][] delays = new int[perCpu.length][];
        for (int k = 0; k < perCpu.length; k++) {
            if (perCpu[k] > 0) {
                times[k] = new long[perCpu[k]];
                delays[k] = new int[perCpu[k]];
            }
        }
        boolean timed = false;
        for (int i = 0; i < n && !timed; i++) {
            timed = store.hasTimestamp(i);
        }
        int[] fill = new int[perCpu.length];
        long newest = LogEntry.NO_TIME;
        long oldest = Long.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        long worstAt = LogEntry.NO_TIME;
        for (int from = 0; from < n; from += chunk) {
            int len = Math.min(chunk, n - from);
            store.copyCpus(from, cpus, null, len);
            store.copyTimestamps(from, ts, len);
            store.copyDelays(from, ds, len);
            for (int j = 0; j < len; j++) {
                int k = cpus[j] + 1;
                int at = fill[k]++;
                long t = timed ? ts[j] : (from + j) * 1_000_000L;
                if (t == LogEntry.NO_TIME) {
                    t = newest == LogEntry.NO_TIME ? 0 : newest;
                }
                if (at > 0 && t < times[k][at - 1]) {
                    t = times[k][at - 1];
                }
                times[k][at] = t;
                int d = ds[j];
                delays[k][at] = d;
                if (d > max) {
                    max = d;
                    worstAt = t;
                }
                newest = newest == LogEntry.NO_TIME ? t : Math.max(newest, t);
                oldest = Math.min(oldest, t);
            }
        }
        List<CpuColumns> columns = new ArrayList<>();
        for (int k = 0; k < perCpu.length; k++) {
            if (perCpu[k] > 0) {
                columns.add(CpuColumns.of(k - 1, times[k], delays[k], perCpu[k]));
            }
        }
        return new PlotColumns(columns, timed, oldest == Long.MAX_VALUE ? LogEntry.NO_TIME : oldest, newest, max,
                worstAt, n);
    }
}
