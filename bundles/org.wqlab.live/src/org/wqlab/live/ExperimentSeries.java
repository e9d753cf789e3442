package org.wqlab.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.PlotColumns;
import org.wqlab.core.samples.SampleStore;
import org.wqlab.core.store.LoadedExperiment;

/**
 * A loaded experiment's samples as the plots draw them: per CPU ascending times and delays ({@link PlotColumns}:
 * mapped from {@code samples.cache} when the experiment was loaded from it, else built in two passes over the
 * {@link SampleStore}), with the markers the live plot shows and the module's threshold. Untimed samples and samples
 * whose time goes backwards on their CPU are placed as {@link LiveSession} places them, so every series is ascending.
 * Immutable; build it on any thread.
 */
public final class ExperimentSeries {

    private final PlotColumns columns;
    private final List<LiveEvent> events;
    private final long thresholdUs;
    private final long oldestUs;
    private final long newestUs;
    private volatile List<SeriesSnapshot> snapshots;

    private ExperimentSeries(PlotColumns columns, List<LiveEvent> events, long thresholdUs, long oldestUs,
            long newestUs) {
        this.columns = columns;
        this.events = List.copyOf(events);
        this.thresholdUs = thresholdUs;
        this.oldestUs = oldestUs;
        this.newestUs = newestUs;
    }

    /** Builds the columns from the content's samples (two passes over them). */
    public static ExperimentSeries of(LogContent content) {
        return of(PlotColumns.of(content.samples()), content.events());
    }

    /** From the experiment's plot columns (read from its cache, or computed once and kept with it). */
    public static ExperimentSeries of(LoadedExperiment loaded) {
        return of(loaded.plotColumns(), loaded.content().events());
    }

    public static ExperimentSeries of(PlotColumns columns, List<Event> logEvents) {
        long newest = columns.newestUs();
        long oldest = columns.oldestUs() == LogEntry.NO_TIME ? Long.MAX_VALUE : columns.oldestUs();
        List<LiveEvent> events = new ArrayList<>();
        long threshold = -1;
        for (Event e : logEvents) {
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
        return new ExperimentSeries(columns, events, threshold, oldest == Long.MAX_VALUE ? LogEntry.NO_TIME : oldest,
                newest);
    }

    /** Per CPU (unknown CPU -1 first): the columns the plot reads, blocks included; mapped ones are not copied. */
    public PlotColumns columns() {
        return columns;
    }

    /**
     * Per CPU (unknown CPU -1 first), ascending times, as arrays: the columns' own when they are heap arrays, else
     * copied from the mapped cache on the first call (12 bytes a sample of heap from then on).
     */
    public List<SeriesSnapshot> series() {
        List<SeriesSnapshot> s = snapshots;
        if (s == null) {
            s = columns.cpus().stream()
                    .map(c -> new SeriesSnapshot(c.cpu(), c.timeArray(), c.delayArray(), c.size())).toList();
            snapshots = s;
        }
        return s;
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
        return columns.maxDelayUs();
    }

    /** Board time of the report with the largest delay (the end of that delay), or {@link LogEntry#NO_TIME}. */
    public long worstTimeUs() {
        return columns.worstTimeUs();
    }

    /** Whether any sample has a time; when none has, report i is drawn at i seconds ("report number"). */
    public boolean timed() {
        return columns.timed();
    }

    public long sampleCount() {
        return columns.count();
    }
}
