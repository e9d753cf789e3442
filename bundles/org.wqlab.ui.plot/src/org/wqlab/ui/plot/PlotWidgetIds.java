package org.wqlab.ui.plot;

/** Data keys on the Live Plot's widgets, so UI tests find real widgets without SWTBot. */
public final class PlotWidgetIds {
    /** The key passed to {@code Widget.setData(String, Object)}; the value is one of the ids below. */
    public static final String KEY = "org.wqlab.widget";
    /** The view's root composite; its {@link LivePlotView} is under the data key {@link #VIEW_OBJECT}. */
    public static final String ROOT = "liveplot.root";
    public static final String VIEW_OBJECT = "org.wqlab.ui.plot.view";
    public static final String CHART = "liveplot.chart";
    public static final String HISTOGRAM = "liveplot.histogram";
    public static final String STATS = "liveplot.stats";
    public static final String PAUSE = "liveplot.pause";
    public static final String LOG_Y = "liveplot.logY";
    public static final String FOLLOW = "liveplot.follow";
    public static final String SHOW_ALL = "liveplot.showAll";
    public static final String MARK = "liveplot.mark";
    /** The row naming the chart's lines and shades ({@link PlotLegend}). */
    public static final String LEGEND = "plot.legend";
    /** The window combo (10 / 60 / 300 s). */
    public static final String WINDOW = "liveplot.window";
    /** The board combo: "Newest run", then each board with a live session. */
    public static final String BOARD = "liveplot.board";

    private PlotWidgetIds() {
    }
}
