package org.wqlab.report.svg;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.StallShade;
import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.report.AlignedSeries;
import org.wqlab.report.Comparison;
import org.wqlab.report.Units;
import org.wqlab.live.ExperimentSeries;

/** The report's charts, made from an experiment or a comparison: SVG text, all values from the data. */
public final class Charts {

    public static final String DELAY_ID = "chart-delay";
    public static final String OVERLAY_ID = "chart-overlay";
    public static final String HISTOGRAM_ID = "chart-histogram";
    /** How much of the time before the disconnect the overlay shows, at least. */
    public static final double OVERLAY_BEFORE_S = 30;
    /** How much of the time after the disconnect the overlay shows, at least. */
    public static final double OVERLAY_AFTER_S = 60;
    /** Time shown after the last late report that follows the disconnect, so its recovery is in view. */
    static final double OVERLAY_AFTER_LAST_LATE_S = 15;

    private Charts() {
    }

    /**
     * Delay against board time of one experiment, the whole of it, as the experiment editor's plot draws it: per CPU,
     * with its event markers, the threshold and the attribution's shading from its {@code analysis.json}.
     */
    public static String delayVsTime(LoadedExperiment e, Statistics s, String id) {
        ExperimentSeries series = ExperimentSeries.of(e.content());
        String title = e.metadata().name() + ": delay vs time (worst " + Units.ms(s.maxUs()) + " ms)";
        return new DelayPlot(title, series, s.thresholdUs(), shades(e)).svg(id,
                PlotWindow.whole(series, PlotWindow.DEFAULT_WIDTH, PlotWindow.DEFAULT_HEIGHT));
    }

    /** The attribution's shading of an experiment: none without a readable {@code analysis.json}. */
    public static List<StallShade> shades(LoadedExperiment e) {
        try {
            return AnalysisFiles.read(e.folder()).map(StallShade::of).orElse(List.of());
        } catch (InputException ex) {
            return List.of();
        }
    }

    /** The comparison's series on one time axis, t = 0 at each experiment's disconnect. */
    public static String overlay(Comparison c, String id) {
        return overlay(c, id, Double.NaN, Double.NaN);
    }

    /**
     * The overlay over {@code fromS..toS} seconds from the disconnect (the window the compare editor shows), or its
     * own default range around the disconnects when either is NaN.
     */
    public static String overlay(Comparison c, String id, double fromS, double toS) {
        long worst = c.rows().stream().mapToLong(r -> r.worstUs()).max().orElse(0);
        double threshold = c.statistics().stream().mapToLong(Statistics::thresholdUs).distinct().count() == 1
                ? c.statistics().get(0).thresholdUs() / 1000.0 : Double.NaN;
        boolean[] lateOnly = new boolean[c.statistics().size()];
        for (int i = 0; i < lateOnly.length; i++) {
            lateOnly[i] = c.statistics().get(i).lateRunsOnly();
        }
        boolean given = !Double.isNaN(fromS) && !Double.isNaN(toS);
        double from = given ? fromS : overlayFrom(c.series());
        double to = given ? toS : overlayTo(c.series(), Double.isNaN(threshold) ? 0 : threshold);
        return new LineChart(id, "Delay aligned on the USB disconnect (worst " + Units.ms(worst) + " ms)",
                "seconds from the USB disconnect" + shownRange(from, to), c.series(),
                List.of(new Marker(0, "USB disconnect")), threshold).stems(lateOnly).from(from).to(to).toSvg();
    }

    private static String shownRange(double from, double to) {
        boolean cutBefore = from > Double.NEGATIVE_INFINITY;
        boolean cutAfter = to < Double.POSITIVE_INFINITY;
        if (!cutBefore && !cutAfter) {
            return "";
        }
        String range = cutBefore && cutAfter ? Svg.tick(from) + " s to +" + Svg.tick(to) + " s"
                : cutBefore ? "from " + Svg.tick(from) + " s" : "up to +" + Svg.tick(to) + " s";
        String rest = cutBefore && cutAfter ? "earlier and later" : cutBefore ? "earlier" : "later";
        return " (" + range + "; " + rest + " reports are in the tables)";
    }

    /**
     * Where the overlay ends: {@link #OVERLAY_AFTER_S} after the disconnect, or later so that every series' worst
     * delay and its last late report after the disconnect (plus {@link #OVERLAY_AFTER_LAST_LATE_S}) are in view;
     * no limit when nothing is later anyway. Hours of quiet baseline after the stall would squeeze the stall into
     * a few pixels.
     */
    static double overlayTo(List<AlignedSeries> series, double thresholdMs) {
        double to = OVERLAY_AFTER_S;
        double latest = Double.NEGATIVE_INFINITY;
        for (AlignedSeries s : series) {
            int worst = -1;
            for (int i = 0; i < s.size(); i++) {
                double t = s.secondsFromDisconnect()[i];
                latest = Math.max(latest, t);
                if (worst < 0 || s.delayMs()[i] > s.delayMs()[worst]) {
                    worst = i;
                }
                if (t >= 0 && s.delayMs()[i] > thresholdMs) {
                    to = Math.max(to, Math.ceil(t + OVERLAY_AFTER_LAST_LATE_S));
                }
            }
            if (worst >= 0) {
                to = Math.max(to, Math.ceil(s.secondsFromDisconnect()[worst]));
            }
        }
        return latest <= to ? Double.POSITIVE_INFINITY : to;
    }

    /**
     * Where the overlay starts: {@link #OVERLAY_BEFORE_S} before the disconnect, or earlier when a series has its
     * worst delay earlier (no experiment's worst delay is ever cut); no limit when nothing is earlier anyway.
     */
    static double overlayFrom(List<AlignedSeries> series) {
        double from = -OVERLAY_BEFORE_S;
        double earliest = Double.POSITIVE_INFINITY;
        for (AlignedSeries s : series) {
            int worst = -1;
            for (int i = 0; i < s.size(); i++) {
                earliest = Math.min(earliest, s.secondsFromDisconnect()[i]);
                if (worst < 0 || s.delayMs()[i] > s.delayMs()[worst]) {
                    worst = i;
                }
            }
            if (worst >= 0) {
                from = Math.min(from, Math.floor(s.secondsFromDisconnect()[worst]));
            }
        }
        return earliest >= from ? Double.NEGATIVE_INFINITY : from;
    }

    /** The delay histogram of each experiment of the comparison (one experiment: its own histogram). */
    public static String histogram(Comparison c, String id) {
        List<HistogramChart.Bins> bins = new ArrayList<>();
        for (int i = 0; i < c.experiments().size(); i++) {
            bins.add(new HistogramChart.Bins(c.labels().get(i), c.statistics().get(i).histogram()));
        }
        long worst = c.rows().stream().mapToLong(r -> r.worstUs()).max().orElse(0);
        return new HistogramChart(id, "Delay histogram (worst case " + Units.ms(worst) + " ms)", bins).toSvg();
    }
}
