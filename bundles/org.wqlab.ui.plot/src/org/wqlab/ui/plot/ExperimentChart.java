package org.wqlab.ui.plot;

import java.util.function.Consumer;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swtchart.Chart;
import org.wqlab.live.ExperimentSeries;

/**
 * A recorded experiment's delays, drawn as the Live Plot draws them (one step series per CPU, markers, threshold)
 * with the same min/max decimation: each frame reduces the visible window to at most two points per pixel column
 * keeping each column's min and max, computed off the UI thread, so a 10M-sample experiment stays responsive and no
 * spike vanishes at any zoom level. Mouse: wheel zooms time around the cursor (Ctrl+wheel zooms delay), drag pans,
 * double-click shows the whole experiment again.
 *
 * <pre>
 * ExperimentSeries data = ExperimentSeries.of(loaded.content()); // any thread, e.g. in the Job that loaded it
 * ExperimentChart chart = new ExperimentChart(parent, loaded.metadata().name());
 * chart.setSeries(data);                                          // UI thread; shows the whole experiment
 * </pre>
 */
public final class ExperimentChart {

    private final DelayChart delays;
    private ExperimentSeries data;

    public ExperimentChart(Composite parent, String title) {
        delays = new DelayChart(parent, title, frame -> { }, this::showAll);
    }

    public Control control() {
        return delays.control();
    }

    /** The SWTChart chart, e.g. for export ({@code chart.save(...)}) or layout data. */
    public Chart chart() {
        return delays.chart();
    }

    /** The points of the frame drawn last, per CPU (at most two per pixel column). UI thread. */
    public java.util.List<DrawnSeries> drawnSeries() {
        return delays.drawnSeries();
    }

    public ExperimentSeries series() {
        return data;
    }

    /** Shows {@code series} (null: nothing) over its whole time range. UI thread. */
    public void setSeries(ExperimentSeries series) {
        data = series;
        delays.setSource(series == null ? null : PlotSource.of(series), series);
        showAll();
    }

    /** The whole experiment in view. */
    public void showAll() {
        delays.resetYZoom();
        delays.showAll();
    }

    /** Board time window in seconds. */
    public void showRange(double fromSeconds, double toSeconds) {
        delays.showRange(fromSeconds, toSeconds);
    }

    public void setLogY(boolean log) {
        ViewRequest r = delays.request();
        delays.updateRequest(r.following(), r.windowUs(), r.fixedFromS(), r.fixedToS(), log, false);
    }

    public boolean isLogY() {
        return delays.request().logY();
    }

    /** Zooms time as one wheel notch at pixel {@code px} of the plot area would ({@code in} = towards the data). */
    public void zoomAt(int px, boolean in) {
        delays.zoomAt(px, in);
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
