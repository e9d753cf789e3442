package org.wqlab.ui.plot;

import java.util.List;

import org.wqlab.live.Histogram;
import org.wqlab.live.Waiting;

/**
 * A frame prepared off the UI thread: per series the decimated points already in chart units (seconds, milliseconds),
 * the axis ranges, the CPUs waiting for an overdue report, and the stats text and histogram when they changed (null otherwise). The UI thread only swaps
 * these arrays into the chart. {@code plot} is false when only the stats changed (paused, or nothing new in view).
 */
record ComputedFrame(Object source, long generation, boolean plot, List<PlotSeries> series, int[] snapshotSizes, double[][] xs,
        double[][] ys, int[] maxDrawnUs, double fromS, double toS, double yLower, double yUpper, boolean logY,
        int columns, List<Waiting> waiting, String statsText, Histogram histogram, long computeNanos) {

    /** The CPU of each series. */
    int[] cpus() {
        return series.stream().mapToInt(PlotSeries::cpu).toArray();
    }

    /** The legend name of each series. */
    List<String> names() {
        return series.stream().map(PlotSeries::name).toList();
    }

    /**
     * This frame replacing {@code older}, which was never drawn: the newest of each part wins, but a part this
     * frame does not carry (no plot, unchanged stats or histogram) is taken from the older one, so nothing is lost.
     */
    ComputedFrame superseding(ComputedFrame older) {
        if (older == null || older.source() != source) {
            return this;
        }
        ComputedFrame p = plot ? this : older;
        return new ComputedFrame(source, Math.max(generation, older.generation()), p.plot(), p.series(),
                p.snapshotSizes(), p.xs(), p.ys(), p.maxDrawnUs(), p.fromS(), p.toS(), p.yLower(), p.yUpper(),
                p.logY(), p.columns(), p.waiting(), statsText != null ? statsText : older.statsText(),
                histogram != null ? histogram : older.histogram(), p.computeNanos());
    }
}
