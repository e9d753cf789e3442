package org.wqlab.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;

/**
 * A loaded experiment's samples as the plots draw them: per CPU, parallel ascending {@code timeUs}/{@code delayUs}
 * arrays (12 bytes a sample, built in two passes over the {@link SampleStore}, read in chunks), with the markers the live plot
 * shows and the module's threshold. Untimed samples and samples whose time goes backwards on their CPU are placed
 * as {@link LiveSession} places them, so every series is ascending. Immutable; build it on any thread.
 */
public final class ExperimentSeries {

    private final List<SeriesSnapshot> series;
    private final List<LiveEvent> events;
    private final long thresholdUs;
    private final long oldestUs;
    private final long newestUs;
    private final int maxDelayUs;
    private final long worstTimeUs;
    private final long count;
    private final boolean timed;

    private ExperimentSeries(List<SeriesSnapshot> series, List<LiveEvent> events, long thresholdUs, long oldestUs,
            long newestUs, int maxDelayUs, long worstTimeUs, long count, boolean timed) {
        this.series = List.copyOf(series);
        this.events = List.copyOf(events);
        this.thresholdUs = thresholdUs;
        this.oldestUs = oldestUs;
        this.newestUs = newestUs;
        this.maxDelayUs = maxDelayUs;
        this.worstTimeUs = worstTimeUs;
        this.count = count;
        this.timed = timed;
    }

    public static ExperimentSeries of(LogContent content) {
        SampleStore store = content.samples();
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
                    perCpu = java.util.Arrays.copyOf(perCpu, k + 1);
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
                // a log without any time (plain DELAY lines) is drawn by report number: report i at i seconds
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
        List<SeriesSnapshot> series = new ArrayList<>();
        for (int k = 0; k < perCpu.length; k++) {
            if (perCpu[k] > 0) {
                series.add(new SeriesSnapshot(k - 1, times[k], delays[k], perCpu[k]));
            }
        }
        List<LiveEvent> events = new ArrayList<>();
        long threshold = -1;
        for (Event e : content.events()) {
            long t = e.timestampUs() == LogEntry.NO_TIME ? Math.max(0, newest) : e.timestampUs();
            if (e.kind() == EventKind.MODULE_START) {
                threshold = LiveEvents.thresholdUs(e).orElse(threshold);
            }
            Optional<LiveEvent> marker = LiveEvents.of(e, t);
            marker.ifPresent(events::add);
            if (marker.isPresent()) {
                oldest = Math.min(oldest, t);
                newest = newest == LogEntry.NO_TIME ? t : Math.max(newest, t);
            }
        }
        return new ExperimentSeries(series, events, threshold, oldest == Long.MAX_VALUE ? LogEntry.NO_TIME : oldest,
                newest, max, worstAt, n, timed);
    }

    /** Per CPU (unknown CPU -1 first), ascending times. */
    public List<SeriesSnapshot> series() {
        return series;
    }

    public List<LiveEvent> events() {
        return events;
    }

    /** From the module's start line, or -1. */
    public long thresholdUs() {
        return thresholdUs;
    }

    /** Board time of the first sample or marker, or {@link LogEntry#NO_TIME} when empty. */
    public long oldestUs() {
        return oldestUs;
    }

    /** Board time of the last sample or marker, or {@link LogEntry#NO_TIME} when empty. */
    public long newestUs() {
        return newestUs;
    }

    /** The largest delay, or {@link Integer#MIN_VALUE} when there is no sample. */
    public int maxDelayUs() {
        return maxDelayUs;
    }

    /** Board time of the report with the largest delay (the end of that delay), or {@link LogEntry#NO_TIME}. */
    public long worstTimeUs() {
        return worstTimeUs;
    }

    /** Whether any sample has a time; when none has, report i is drawn at i seconds ("report number"). */
    public boolean timed() {
        return timed;
    }

    public long sampleCount() {
        return count;
    }
}
