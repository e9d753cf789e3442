package org.wqlab.ui.plot;

import java.util.List;
import java.util.function.Consumer;

import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.Range;

/**
 * Several experiments' delays aligned on their disconnects (x: seconds from each one's first USB disconnect), drawn
 * as the experiment editor's {@link ExperimentChart} draws one: frames computed off the UI thread, each reducing
 * every series to at most two points per pixel column keeping each column's min and max, so no spike vanishes at
 * any zoom level. One colour per experiment, named in the legend as the comparison names it; logs of late runs
 * only as stems; the t = 0 marker; the threshold when the experiments share one. Mouse and keys as in the
 * experiment editor: wheel zooms time around the cursor (Ctrl+wheel delay), drag pans, + and - zoom, the arrows
 * pan, Home and double-click show everything. It opens on {@link ComparisonSeries#defaultRange()}, the
 * disconnects and the stalls after them.
 *
 * <pre>
 * ComparisonSeries data = ComparisonSeries.of(experiments); // any thread, e.g. in the Job that loaded them
 * ComparisonChart chart = new ComparisonChart(parent, "Delay around the USB disconnect");
 * chart.setSeries(data);                                     // UI thread; shows the default range
 * </pre>
 */
public final class ComparisonChart {
    public static final String X_TITLE = "seconds from the disconnect";

    private final DelayChart delays;
    private ComparisonSeries data;

    public ComparisonChart(Composite parent, String title) {
        delays = new DelayChart(parent, title, frame -> { }, this::showAll);
        delays.chart().getAxisSet().getXAxis(0).getTitle().setText(X_TITLE);
    }

    /** Shows {@code series} (null: nothing) over its {@link ComparisonSeries#defaultRange() default range}. */
    public void setSeries(ComparisonSeries series) {
        data = series;
        showDefault(); // before the source, so that its first frame is already over the default range
        delays.setSource(series == null ? null : series.source(), series);
    }

    public ComparisonSeries series() {
        return data;
    }

    /** The disconnects and the stalls after them: {@link ComparisonSeries#defaultRange()}. */
    public void showDefault() {
        if (data != null) {
            double[] r = data.defaultRange();
            delays.resetYZoom();
            delays.showRange(r[0], r[1]);
        }
    }

    /** Everything of every experiment in view. */
    public void showAll() {
        delays.resetYZoom();
        delays.showAll();
    }

    /** Window in seconds from the disconnect. */
    public void showRange(double fromSeconds, double toSeconds) {
        delays.showRange(fromSeconds, toSeconds);
    }

    /** The time window asked for, in seconds from the disconnect: {from, to}. */
    public double[] timeRange() {
        Range r = delays.timeRange();
        return new double[] { r.lower, r.upper };
    }

    /** Zooms time around the window's centre by one step, as the + and - keys do. */
    public void zoom(boolean in) {
        delays.zoomCentre(in);
    }

    /** Zooms time as one wheel notch at pixel {@code px} of the plot area would ({@code in} = towards the data). */
    public void zoomAt(int px, boolean in) {
        delays.zoomAt(px, in);
    }

    public void setLogY(boolean log) {
        ViewRequest r = delays.request();
        delays.updateRequest(r.following(), r.windowUs(), r.fixedFromS(), r.fixedToS(), log, false);
    }

    public boolean isLogY() {
        return delays.request().logY();
    }

    /** What the chart shows now, as an image (PNG export). UI thread. */
    public ImageData snapshot() {
        return delays.snapshot();
    }

    public Control control() {
        return delays.control();
    }

    /** The SWTChart chart (its legend names the experiments; its plot area takes the context menu). */
    public Chart chart() {
        return delays.chart();
    }

    /** The points of the frame drawn last, a series per experiment and CPU (at most two per pixel column). */
    public List<DrawnSeries> drawnSeries() {
        return delays.drawnSeries();
    }

    /** Runs on the UI thread inside the paint, after the series of a new frame were drawn. */
    public void addFrameListener(Consumer<Frame> listener) {
        delays.addFrameListener(listener);
    }

    public void removeFrameListener(Consumer<Frame> listener) {
        delays.removeFrameListener(listener);
    }

    /** The last frame painted, or null. */
    public Frame lastFrame() {
        return delays.lastFrame();
    }
}
