package org.wqlab.ui.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.Range;
import org.wqlab.core.model.LogEntry;
import org.wqlab.live.ExperimentSeries;

/**
 * A recorded experiment's delays, drawn as the Live Plot draws them (one step series per CPU, markers, threshold)
 * with the same min/max decimation: each frame reduces the visible window to at most two points per pixel column
 * keeping each column's min and max, computed off the UI thread, so a 10M-sample experiment stays responsive and no
 * spike vanishes at any zoom level. Mouse: wheel zooms time around the cursor (Ctrl+wheel zooms delay), drag pans,
 * a click moves the time cursor (and tells the cursor listeners), double-click shows the whole experiment again.
 * Keys on the plot: + and - zoom, the arrows pan, Home shows the whole experiment. {@link #goToWorst} centres the
 * largest delay.
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

    private final List<DoubleConsumer> cursorListeners = new ArrayList<>();

    public ExperimentChart(Composite parent, String title) {
        delays = new DelayChart(parent, title, frame -> { }, this::showAll);
        delays.addClickListener(seconds -> {
            delays.setCursor(seconds);
            List.copyOf(cursorListeners).forEach(l -> l.accept(seconds));
        });
    }

    /** Told the board time (seconds) the user put the time cursor at by clicking the plot. UI thread. */
    public void addCursorListener(DoubleConsumer listener) {
        cursorListeners.add(listener);
    }

    /**
     * Puts the time cursor at {@code seconds} (NaN: none) without telling the cursor listeners; the window moves to
     * show it when it lies outside. UI thread.
     */
    public void setCursor(double seconds) {
        delays.setCursor(seconds);
    }

    /** The time cursor in board seconds, NaN for none. */
    public double cursor() {
        return delays.cursor();
    }

    /**
     * Centres the largest delay: the window spans the late interval (the report's time minus its delay, to the
     * report) three times over, at least two seconds; false when there is no timed sample.
     */
    public boolean goToWorst() {
        ExperimentSeries s = data;
        if (s == null || s.worstTimeUs() == LogEntry.NO_TIME || s.maxDelayUs() < 0) {
            return false;
        }
        double end = s.worstTimeUs() / 1e6;
        double delay = s.maxDelayUs() / 1e6;
        double centre = end - delay / 2;
        double half = Math.max(1.0, 1.5 * delay);
        delays.resetYZoom();
        delays.showRange(centre - half, centre + half);
        return true;
    }

    /** The time window asked for, in board seconds: {from, to}. */
    public double[] timeRange() {
        Range r = delays.timeRange();
        return new double[] { r.lower, r.upper };
    }

    /** Zooms time around the window's centre by one step, as the + and - keys do. */
    public void zoom(boolean in) {
        delays.zoomCentre(in);
    }

    /** What the chart shows now, as an image (PNG export). UI thread. */
    public ImageData snapshot() {
        return delays.snapshot();
    }

    public Control control() {
        return delays.control();
    }

    /** The SWTChart chart, e.g. for export ({@code chart.save(...)}) or layout data. */
    public Chart chart() {
        return delays.chart();
    }

    /** The points of the frame drawn last, per CPU (at most two per pixel column). UI thread. */
    public List<DrawnSeries> drawnSeries() {
        return delays.drawnSeries();
    }

    public ExperimentSeries series() {
        return data;
    }

    /** Shows {@code series} (null: nothing) over its whole time range. UI thread. */
    public void setSeries(ExperimentSeries series) {
        data = series;
        delays.chart().getAxisSet().getXAxis(0).getTitle()
                .setText(series == null || series.timed() ? "board time (s)" : "report number");
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
