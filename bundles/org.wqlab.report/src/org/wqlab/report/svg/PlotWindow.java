package org.wqlab.report.svg;

import org.wqlab.core.model.LogEntry;
import org.wqlab.live.ExperimentSeries;

/**
 * What part of an experiment a delay chart shows and how large: board time {@code fromS} to {@code toS} in
 * seconds, delay {@code yFromMs} to {@code yToMs} (NaN: fitted to what is in view, as the experiment editor's plot
 * fits it), a log delay axis, the time cursor ({@code cursorS}, NaN for none) and the picture's size in pixels.
 * The experiment editor passes the window its plot shows; a report shows the whole experiment.
 */
public record PlotWindow(double fromS, double toS, double yFromMs, double yToMs, boolean logY, double cursorS,
        int width, int height) {

    public static final int DEFAULT_WIDTH = 960;
    public static final int DEFAULT_HEIGHT = 440;

    public PlotWindow {
        if (!(toS > fromS)) {
            throw new IllegalArgumentException("empty time window: " + fromS + " to " + toS);
        }
        width = Math.max(320, width);
        height = Math.max(240, height);
    }

    /** Delay fitted to the data, no cursor. */
    public static PlotWindow of(double fromS, double toS, boolean logY, int width, int height) {
        return new PlotWindow(fromS, toS, Double.NaN, Double.NaN, logY, Double.NaN, width, height);
    }

    /**
     * The whole experiment with the margin the editor's Show all leaves (2 % of its span, at least half a second
     * either side); one second around 0 when it holds nothing.
     */
    public static PlotWindow whole(ExperimentSeries s, int width, int height) {
        if (s.oldestUs() == LogEntry.NO_TIME || s.newestUs() == LogEntry.NO_TIME) {
            return of(-0.5, 0.5, false, width, height);
        }
        double margin = Math.max(0.5, (s.newestUs() - s.oldestUs()) / 1e6 * 0.02);
        return of(s.oldestUs() / 1e6 - margin, s.newestUs() / 1e6 + margin, false, width, height);
    }

    /** Whether the delay range is the one given rather than fitted. */
    boolean fixedY() {
        return !Double.isNaN(yFromMs) && !Double.isNaN(yToMs) && yToMs > yFromMs;
    }
}
