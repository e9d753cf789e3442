package org.wqlab.ui.plot;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.Sample;
import org.wqlab.core.palette.Palette;
import org.wqlab.live.ExperimentSeries;
import org.wqlab.live.LiveEvent;
import org.wqlab.live.SeriesSnapshot;

/**
 * Several experiments' delays on one time axis, each shifted so that its own t = 0 (its first USB disconnect) is
 * at 0: per experiment and CPU a series in the experiment's palette colour (the n-th experiment the n-th colour),
 * all of an experiment's CPUs under its name in the legend. The samples are the experiments' own arrays, not
 * copies: the shift is applied as each frame is decimated. Immutable; build it on any thread.
 *
 * <p>The default window ({@link #defaultRange()}) is the disconnects and what followed: from {@link #BEFORE_S}
 * before t = 0 to {@link #AFTER_S} after the end of the last of the experiments' worst stalls after t = 0, so the
 * longest stall is in view whole. An experiment's stall after t = 0 is its largest delay reported from t = 0 up to
 * its next disconnect or 60 s, as {@link org.wqlab.core.stats.DisconnectImpact} bounds it.
 */
public final class ComparisonSeries {
    public static final double BEFORE_S = 3;
    public static final double AFTER_S = 3;
    static final long STALL_WINDOW_US = 60_000_000L;
    static final String ZERO_LABEL = "USB disconnect (t = 0)";

    /** An experiment's worst delay reported after its t = 0. */
    public record Stall(String name, int delayUs, double endSeconds) {
        /** Seconds from t = 0 at which the stalled work was due: its report's time minus its delay. */
        public double startSeconds() {
            return endSeconds - delayUs / 1e6;
        }
    }

    private final List<PlotSeries> series;
    private final List<String> names;
    private final List<Stall> stalls;
    private final long thresholdUs;
    private final long oldestUs;
    private final long newestUs;

    private ComparisonSeries(List<PlotSeries> series, List<String> names, List<Stall> stalls, long thresholdUs,
            long oldestUs, long newestUs) {
        this.series = List.copyOf(series);
        this.names = List.copyOf(names);
        this.stalls = List.copyOf(stalls);
        this.thresholdUs = thresholdUs;
        this.oldestUs = oldestUs;
        this.newestUs = newestUs;
    }

    public static ComparisonSeries of(List<ComparedExperiment> experiments) {
        List<PlotSeries> series = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Stall> stalls = new ArrayList<>();
        long oldest = 0; // the t = 0 marker is always drawn
        long newest = 0;
        Long threshold = null;
        boolean sameThreshold = true;
        for (int i = 0; i < experiments.size(); i++) {
            ComparedExperiment e = experiments.get(i);
            ExperimentSeries data = e.series();
            long zero = e.zeroUs();
            if (zero == LogEntry.NO_TIME || !data.timed()) {
                continue;
            }
            names.add(e.name());
            for (SeriesSnapshot s : data.series()) {
                if (s.size() == 0) {
                    continue;
                }
                PlotSeries.Shape shape = e.lateRunsOnly() ? PlotSeries.Shape.STEMS
                        : s.cpu() == Sample.UNKNOWN ? PlotSeries.Shape.POINTS : PlotSeries.Shape.STEPS;
                series.add(new PlotSeries(series.size(), s.cpu(), e.name(), Palette.series(i), shape, zero, s));
                oldest = Math.min(oldest, s.timeUs()[0] - zero);
                newest = Math.max(newest, s.timeUs()[s.size() - 1] - zero);
            }
            Stall stall = worstAfterZero(e);
            if (stall != null) {
                stalls.add(stall);
            }
            if (data.thresholdUs() >= 0) {
                sameThreshold &= threshold == null || threshold == data.thresholdUs();
                threshold = data.thresholdUs();
            }
        }
        long thr = threshold != null && sameThreshold ? threshold : -1;
        return new ComparisonSeries(series, names, stalls, thr, oldest, newest);
    }

    private static Stall worstAfterZero(ComparedExperiment e) {
        long from = e.zeroUs();
        long to = from + STALL_WINDOW_US;
        for (LiveEvent ev : e.series().events()) {
            if (ev.kind() == EventKind.USB_DISCONNECT && ev.timeUs() > from) {
                to = Math.min(to, ev.timeUs());
            }
        }
        int worst = Integer.MIN_VALUE;
        long at = LogEntry.NO_TIME;
        for (SeriesSnapshot s : e.series().series()) {
            for (int i = firstAtOrAfter(s, from); i < s.size() && s.timeUs()[i] <= to; i++) {
                if (s.delayUs()[i] > worst) {
                    worst = s.delayUs()[i];
                    at = s.timeUs()[i];
                }
            }
        }
        return at == LogEntry.NO_TIME ? null : new Stall(e.name(), worst, (at - from) / 1e6);
    }

    private static int firstAtOrAfter(SeriesSnapshot s, long t) {
        int lo = 0;
        int hi = s.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (s.timeUs()[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The drawn experiments' names, in the comparison's order (an experiment without timed samples is left out). */
    public List<String> names() {
        return names;
    }

    /** Each drawn experiment's worst delay after its t = 0 (none for one without a report there). */
    public List<Stall> stalls() {
        return stalls;
    }

    /** The threshold all experiments that name one share, or -1 (none, or they differ). */
    public long thresholdUs() {
        return thresholdUs;
    }

    /** Seconds from t = 0 of the earliest sample (at most 0: the t = 0 marker). */
    public double oldestSeconds() {
        return oldestUs / 1e6;
    }

    /** Seconds from t = 0 of the latest sample (at least 0). */
    public double newestSeconds() {
        return newestUs / 1e6;
    }

    /**
     * {from, to} in seconds from t = 0: from {@link #BEFORE_S} before 0 (or before the earliest worst stall's
     * start, when it began earlier) to {@link #AFTER_S} after the last worst stall's end ({@link #AFTER_S} after 0
     * when no experiment reported after t = 0).
     */
    public double[] defaultRange() {
        double from = -BEFORE_S;
        double end = 0;
        for (Stall s : stalls) {
            from = Math.min(from, s.startSeconds() - 1);
            end = Math.max(end, s.endSeconds());
        }
        return new double[] { from, end + AFTER_S };
    }

    List<PlotSeries> plotSeries() {
        return series;
    }

    PlotSource source() {
        List<LiveEvent> zero = List.of(new LiveEvent(0, EventKind.USB_DISCONNECT, ZERO_LABEL));
        return new PlotSource() {
            @Override
            public List<PlotSeries> series() {
                return series;
            }

            @Override
            public List<LiveEvent> events() {
                return zero;
            }

            @Override
            public long newestUs() {
                return newestUs;
            }

            @Override
            public long oldestUs() {
                return oldestUs;
            }

            @Override
            public long thresholdUs() {
                return thresholdUs;
            }

            @Override
            public long boardNowUs() {
                return newestUs;
            }

            @Override
            public long startUs() {
                return oldestUs;
            }
        };
    }
}
