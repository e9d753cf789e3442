package org.wqlab.ui.plot;

import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swtchart.Chart;
import org.wqlab.live.LiveSession;

/**
 * The Live Plot's widgets: delay against board time per CPU with markers and the threshold, a log-bin histogram
 * and a stats strip. Threading: the session's writer only marks the view's frame thread dirty (a CAS); that thread
 * computes at most one frame per 33 ms tick from a lock-free snapshot (min/max decimation to at most two points per
 * pixel column, incremental while following; stats text and histogram only when they changed); the UI thread, at
 * most once per tick, swaps the newest frame's arrays into the charts and drops superseded ones.
 *
 * <p>Mouse: wheel zooms time around the cursor (Ctrl+wheel zooms delay), drag pans, double-click follows the newest
 * data again.
 */
public final class LivePlotView {

    public static final long DEFAULT_WINDOW_US = 60_000_000L;
    private static final long[] WINDOWS_US = { 10_000_000L, 60_000_000L, 300_000_000L };
    private static final String NO_SESSION = "No live session: start a sequence run.";
    /**
     * The histogram goes beside the delay chart when the view is this wide (pixels), or wider than tall by
     * {@link #SIDE_BY_SIDE_ASPECT}; under it only in a narrow, tall view.
     */
    private static final int SIDE_BY_SIDE_MIN_WIDTH = 720;
    private static final double SIDE_BY_SIDE_ASPECT = 1.5;

    private final Composite root;
    private final DelayChart delays;
    private final LogHistogramChart histogram;
    private final Label stats;
    private final Button pause;
    private final Button logY;
    private final Runnable onChange;

    private LiveSession session;
    private long windowUs = DEFAULT_WINDOW_US;
    private int marks;

    public LivePlotView(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        root.setData(PlotWidgetIds.KEY, PlotWidgetIds.ROOT);
        root.setData(PlotWidgetIds.VIEW_OBJECT, this);
        root.setLayout(new GridLayout(1, false));

        Composite bar = new Composite(root, SWT.NONE);
        bar.setLayout(new RowLayout(SWT.HORIZONTAL));
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        pause = button(bar, SWT.TOGGLE, "Pause", PlotWidgetIds.PAUSE, this::viewChanged);
        button(bar, SWT.PUSH, "Follow newest", PlotWidgetIds.FOLLOW, this::follow);
        button(bar, SWT.PUSH, "Show all", PlotWidgetIds.SHOW_ALL, this::showAll);
        // a toggle, not a check box: GTK did not always repaint a check box whose state was set by the program
        logY = button(bar, SWT.TOGGLE, "Log Y", PlotWidgetIds.LOG_Y, this::viewChanged);
        button(bar, SWT.PUSH, "Mark", PlotWidgetIds.MARK, this::mark);
        new Label(bar, SWT.NONE).setText("  Window:");
        Combo window = new Combo(bar, SWT.READ_ONLY);
        window.setData(PlotWidgetIds.KEY, PlotWidgetIds.WINDOW);
        for (long w : WINDOWS_US) {
            window.add(w / 1_000_000 + " s");
        }
        window.select(1);
        window.addListener(SWT.Selection, e -> {
            windowUs = WINDOWS_US[window.getSelectionIndex()];
            follow();
        });

        SashForm sash = new SashForm(root, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        delays = new DelayChart(sash, "Workqueue delay", this::showExtras, this::follow);
        delays.control().setData(PlotWidgetIds.KEY, PlotWidgetIds.CHART);
        histogram = new LogHistogramChart(sash);
        histogram.control().setData(PlotWidgetIds.KEY, PlotWidgetIds.HISTOGRAM);
        sash.setWeights(3, 1);
        // side by side the histogram gets a quarter of a wide view, a third of a narrower one; stacked, two fifths
        int[][] applied = { { 3, 1 } }; // re-applied only when the arrangement changes, so a dragged sash stays
        sash.addListener(SWT.Resize, e -> {
            var size = sash.getSize();
            boolean wide = size.x >= SIDE_BY_SIDE_MIN_WIDTH;
            int orientation = wide || size.x >= SIDE_BY_SIDE_ASPECT * size.y ? SWT.HORIZONTAL : SWT.VERTICAL;
            int[] weights = orientation == SWT.VERTICAL ? new int[] { 3, 2 } : wide ? new int[] { 3, 1 }
                    : new int[] { 2, 1 };
            if (sash.getOrientation() != orientation || !java.util.Arrays.equals(applied[0], weights)) {
                applied[0] = weights;
                sash.setOrientation(orientation);
                sash.setWeights(weights);
            }
        });

        stats = new Label(root, SWT.NONE);
        stats.setData(PlotWidgetIds.KEY, PlotWidgetIds.STATS);
        stats.setLayoutData(new GridData(SWT.FILL, SWT.BOTTOM, true, false));
        stats.setText(NO_SESSION);

        onChange = delays::markDirty;
        root.addListener(SWT.Dispose, e -> {
            if (session != null) {
                session.removeChangeListener(onChange);
            }
        });
        viewChanged();
    }

    private static Button button(Composite parent, int style, String text, String id, Runnable action) {
        Button b = new Button(parent, style);
        b.setText(text);
        b.setData(PlotWidgetIds.KEY, id);
        b.addListener(SWT.Selection, e -> action.run());
        return b;
    }

    public Control control() {
        return root;
    }

    public boolean isDisposed() {
        return root.isDisposed();
    }

    public Chart chart() {
        return delays.chart();
    }

    public LiveSession session() {
        return session;
    }

    /** Shows {@code newSession} (or nothing); call on the UI thread. */
    public void setSession(LiveSession newSession) {
        if (session != null) {
            session.removeChangeListener(onChange);
        }
        session = newSession;
        delays.setSource(newSession == null ? null : PlotSource.of(newSession), newSession);
        histogram.clear();
        stats.setText(newSession == null ? NO_SESSION : StatsText.waiting());
        if (newSession != null) {
            newSession.addChangeListener(onChange);
        }
        follow();
    }

    /** Frame listeners run on the UI thread inside the paint, after the series were drawn. */
    public void addFrameListener(Consumer<Frame> listener) {
        delays.addFrameListener(listener);
    }

    public void removeFrameListener(Consumer<Frame> listener) {
        delays.removeFrameListener(listener);
    }

    /** The points of the frame drawn last, per CPU. UI thread. */
    public java.util.List<DrawnSeries> drawnSeries() {
        return delays.drawnSeries();
    }

    /** The last frame painted, or null. */
    public Frame lastFrame() {
        return delays.lastFrame();
    }

    public boolean isFollowing() {
        return delays.request().following();
    }

    /** Asks for a new frame computed and painted even if nothing changed (new samples need no request). */
    public void requestRefresh() {
        viewChanged();
    }

    public void follow() {
        delays.resetYZoom();
        delays.updateRequest(true, windowUs, 0, 1, logY.getSelection(), pause.getSelection());
    }

    /** The whole run in view (stops following). */
    public void showAll() {
        delays.showAll();
    }

    public boolean isLogY() {
        return logY.getSelection();
    }

    /** Linear or logarithmic delay axis; the check box shows the same state. */
    public void setLogY(boolean log) {
        logY.setSelection(log);
        viewChanged();
    }

    public boolean isPaused() {
        return pause.getSelection();
    }

    public void setPaused(boolean paused) {
        pause.setSelection(paused);
        viewChanged();
    }

    /** For tests: zooms time as one wheel notch at pixel {@code px} would ({@code in} = towards the data). */
    public void zoomAt(int px, boolean in) {
        delays.zoomAt(px, in);
    }

    /** For the benchmark: UI-thread time spent applying frames and painting series so far. */
    public String uiTimings() {
        return delays.timings();
    }

    private void viewChanged() {
        logY.redraw();
        pause.redraw();
        ViewRequest r = delays.request();
        delays.updateRequest(r.following(), windowUs, r.fixedFromS(), r.fixedToS(), logY.getSelection(),
                pause.getSelection());
    }

    private void mark() {
        if (session != null) {
            session.mark("mark " + ++marks);
        }
    }

    private void showExtras(ComputedFrame f) {
        if (f.statsText() != null && !f.statsText().equals(stats.getText())) {
            stats.setText(f.statsText());
        }
        if (f.histogram() != null) {
            histogram.show(f.histogram());
        }
    }
}
