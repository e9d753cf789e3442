package org.wqlab.ui.plot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.events.PaintEvent;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IAxis;
import org.eclipse.swtchart.ICustomPaintListener;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.Range;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.palette.Palette;
import org.wqlab.live.LiveEvent;
import org.wqlab.live.MarkerLabels;
import org.wqlab.live.Waiting;
import org.wqlab.ui.refresh.UiRefreshThrottle;

/**
 * Delay (ms) against board time (s), one series per CPU, with markers and the threshold, for a live session or a
 * loaded experiment. Frames are computed off the UI thread by a {@link FrameComputer}; the UI thread, at most
 * once per {@link UiRefreshThrottle} tick, takes only the newest computed frame (older ones are dropped), sets the
 * axis ranges and draws its prepared points itself, one polyline per CPU in a paint listener behind the overlay
 * (SWTChart's series stay empty and only name the CPUs in the legend). Where reports are sparser than pixels, a delay is drawn as a block from the
 * previous report to its own (a stall sends no reports), not as a slope rising from the previous report.
 *
 * <p>Mouse: wheel zooms time around the cursor (Ctrl+wheel zooms delay), drag pans, a click is told to the click
 * listeners (the experiment editor's time cursor), double-click returns to the default view (following the newest
 * data, or the whole experiment). Keys on the plot: + and - zoom, the arrows pan, Home is the default view.
 */
final class DelayChart {

    private final Chart chart;
    private final FrameComputer computer;
    private final UiRefreshThrottle throttle;
    private final AtomicReference<ComputedFrame> latest = new AtomicReference<>();
    /** An empty SWTChart series per legend name (a CPU, or a compared experiment with all its CPUs). */
    private final Map<String, ILineSeries<Integer>> legendByName = new HashMap<>();
    private final List<Consumer<Frame>> frameListeners = new ArrayList<>();
    private final Consumer<ComputedFrame> extras;
    private final Runnable onDefaultView;

    private PlotSource source;
    private Object token;
    private ViewRequest request = new ViewRequest(0, true, LivePlotView.DEFAULT_WINDOW_US, 0, 1, 1, 1, 0, false,
            false);
    private final int lineHeight;
    private List<Waiting> waiting = List.of();
    private boolean yManual;
    private Frame pendingFrame;
    private Frame lastFrame;
    private int dragX = -1;
    private int pressX = -1;
    private double cursorS = Double.NaN;
    private final List<DoubleConsumer> clickListeners = new ArrayList<>();
    private long applyNanosTotal;
    private long extrasNanosTotal;
    private long layoutNanosTotal;
    private long applyNanosWorst;
    private long paintNanosTotal;
    private long paintNanosWorst;
    /** The newest frame's points, drawn by {@link #paintSeries} (SWTChart's series stay empty: legend only). */
    private List<DrawnSeries> drawn = List.of();
    /** How each of {@link #drawn} is coloured and shaped. */
    private List<PlotSeries> drawnStyles = List.of();

    /**
     * @param extras        runs on the UI thread for every applied frame (stats text, histogram)
     * @param onDefaultView what a double-click does
     */
    DelayChart(Composite parent, String title, Consumer<ComputedFrame> extras, Runnable onDefaultView) {
        this.extras = extras;
        this.onDefaultView = onDefaultView;
        chart = new Chart(parent, SWT.NONE);
        chart.enableCompress(false); // the frames are already reduced to at most two points per pixel
        chart.getTitle().setText(title);
        chart.getAxisSet().getXAxis(0).getTitle().setText("board time (s)");
        chart.getAxisSet().getYAxis(0).getTitle().setText("delay (ms)");
        chart.getLegend().setPosition(SWT.BOTTOM);
        GC measure = new GC(chart);
        try {
            lineHeight = measure.getFontMetrics().getHeight();
        } finally {
            measure.dispose();
        }
        chart.getPlotArea().addCustomPaintListener(new ICustomPaintListener() {
            @Override
            public void paintControl(PaintEvent e) {
                long started = System.nanoTime();
                paintSeries(e.gc);
                long spent = System.nanoTime() - started;
                paintNanosTotal += spent;
                paintNanosWorst = Math.max(paintNanosWorst, spent);
            }

            @Override
            public boolean drawBehindSeries() {
                return true;
            }
        });
        chart.getPlotArea().addCustomPaintListener(new ICustomPaintListener() {
            @Override
            public void paintControl(PaintEvent e) {
                paintOverlay(e.gc);
            }

            @Override
            public boolean drawBehindSeries() {
                return false;
            }
        });
        Control plot = chart.getPlotArea().getControl();
        installMouse(plot);
        plot.addListener(SWT.Resize, e -> updateRequest(request.following(), request.windowUs(),
                request.fixedFromS(), request.fixedToS(), request.logY(), request.paused()));
        Display display = parent.getDisplay();
        throttle = new UiRefreshThrottle(display, this::applyLatest);
        computer = new FrameComputer("wqlab plot frames: " + title, frame -> {
            latest.accumulateAndGet(frame, (older, newer) -> newer.superseding(older)); // only the newest is drawn
            throttle.requestRefresh();
        });
        chart.addListener(SWT.Dispose, e -> {
            throttle.dispose();
            computer.dispose();
        });
    }

    Chart chart() {
        return chart;
    }

    Control control() {
        return chart;
    }

    PlotSource source() {
        return source;
    }

    ViewRequest request() {
        return request;
    }

    /** Shows {@code newSource} (or nothing); its series replace the current ones. UI thread. */
    void setSource(PlotSource newSource, Object newToken) {
        source = newSource;
        token = newToken;
        for (ILineSeries<Integer> s : legendByName.values()) {
            chart.getSeriesSet().deleteSeries(s.getId());
        }
        legendByName.clear();
        drawn = List.of();
        drawnStyles = List.of();
        yManual = false;
        lastFrame = null;
        pendingFrame = null;
        waiting = List.of();
        latest.set(null);
        computer.setSource(newSource, newToken);
    }

    /** A change from any thread that needs a new frame (a new sample, a new marker). */
    void markDirty() {
        computer.markDirty();
    }

    void updateRequest(boolean following, long windowUs, double fromS, double toS, boolean logY, boolean paused) {
        Point size = chart.getPlotArea().getSize();
        request = request.next(following, windowUs, fromS, toS, size.x, size.y, lineHeight, logY, paused);
        computer.setRequest(request);
    }

    void resetYZoom() {
        yManual = false;
    }

    void addFrameListener(Consumer<Frame> listener) {
        frameListeners.add(listener);
    }

    void removeFrameListener(Consumer<Frame> listener) {
        frameListeners.remove(listener);
    }

    Frame lastFrame() {
        return lastFrame;
    }

    /** The points of the last frame swapped in, per CPU, as drawn. UI thread. */
    List<DrawnSeries> drawnSeries() {
        return drawn;
    }

    /** UI-thread time spent applying frames and painting series (for the benchmark's breakdown). */
    String timings() {
        return String.format(Locale.ROOT,
                "swap-in total %.2f s (worst %.1f ms; of it stats+histogram %.2f s, SWTChart layout %.2f s),"
                        + " plot-area series paint total %.2f s (worst %.1f ms)",
                applyNanosTotal / 1e9, applyNanosWorst / 1e6, extrasNanosTotal / 1e9, layoutNanosTotal / 1e9,
                paintNanosTotal / 1e9, paintNanosWorst / 1e6);
    }

    // ---- UI thread: swap the newest frame in ----------------------------------------------------------------

    private void applyLatest() {
        ComputedFrame f = latest.getAndSet(null);
        if (f == null || chart.isDisposed() || f.source() != token) {
            return;
        }
        long started = System.nanoTime();
        extras.accept(f);
        long extrasDone = System.nanoTime();
        extrasNanosTotal += extrasDone - started;
        if (f.plot()) {
            // one chart layout for the whole frame instead of one per series and axis change
            chart.suspendUpdate(true);
            try {
                List<DrawnSeries> next = new ArrayList<>(f.series().size());
                for (int k = 0; k < f.series().size(); k++) {
                    PlotSeries ps = f.series().get(k);
                    legendFor(ps); // an empty SWTChart series names the CPU or experiment in the legend
                    next.add(new DrawnSeries(ps.cpu(), ps.name(), f.xs()[k], f.ys()[k]));
                }
                drawn = List.copyOf(next);
                drawnStyles = f.series();
                IAxis x = chart.getAxisSet().getXAxis(0);
                IAxis y = chart.getAxisSet().getYAxis(0);
                if (y.isLogScaleEnabled() != f.logY()) {
                    y.enableLogScale(f.logY());
                }
                setRangeIfChanged(x, f.fromS(), f.toS());
                if (!yManual) {
                    setRangeIfChanged(y, f.yLower(), f.yUpper());
                }
            } finally {
                long layoutStarted = System.nanoTime();
                chart.suspendUpdate(false); // SWTChart's one chart layout for the frame's axis ranges
                layoutNanosTotal += System.nanoTime() - layoutStarted;
            }
            waiting = f.waiting();
            long applyNanos = System.nanoTime() - started;
            pendingFrame = new Frame(0, f.cpus(), f.snapshotSizes(), f.maxDrawnUs(), f.fromS(), f.toS(),
                    f.computeNanos(), applyNanos, f.columns(), f.waiting().stream().map(Waiting::label).toList(), f.names());
            chart.redraw();
        }
        long spent = System.nanoTime() - started;
        applyNanosTotal += spent;
        applyNanosWorst = Math.max(applyNanosWorst, spent);
    }

    private static void setRangeIfChanged(IAxis axis, double lower, double upper) {
        Range r = axis.getRange();
        if (r.lower != lower || r.upper != upper) {
            axis.setRange(new Range(lower, upper));
        }
    }

    @SuppressWarnings("unchecked") // an empty line series (legend entry only), whose items are Integer indices
    private ILineSeries<Integer> legendFor(PlotSeries series) {
        ILineSeries<Integer> s = legendByName.get(series.name());
        if (s == null) {
            String id = series.name().isBlank() ? "series " + legendByName.size() : series.name();
            s = (ILineSeries<Integer>) chart.getSeriesSet().createSeries(SeriesType.LINE, id);
            s.setSymbolType(ILineSeries.PlotSymbolType.NONE);
            s.setLineWidth(1);
            s.setAntialias(SWT.OFF); // paintSeries draws without antialiasing too: cairo's costs several times more
            Color colour = SwtColours.of(series.colour());
            s.setLineColor(colour);
            if (series.shape() != PlotSeries.Shape.STEPS) {
                s.setLineStyle(org.eclipse.swtchart.LineStyle.NONE);
                s.setSymbolType(ILineSeries.PlotSymbolType.CIRCLE);
                s.setSymbolSize(3);
                s.setSymbolColor(colour);
            }
            legendByName.put(series.name(), s);
        }
        return s;
    }

    // ---- the series: one polyline per CPU (SWTChart would draw each segment with its own drawLine) -----------

    private void paintSeries(GC gc) {
        List<DrawnSeries> series = drawn;
        List<PlotSeries> styles = drawnStyles;
        if (series.isEmpty()) {
            return;
        }
        IAxis x = chart.getAxisSet().getXAxis(0);
        IAxis y = chart.getAxisSet().getYAxis(0);
        gc.setAntialias(SWT.OFF);
        gc.setLineWidth(1);
        gc.setLineStyle(SWT.LINE_SOLID);
        for (int k = 0; k < series.size(); k++) {
            DrawnSeries d = series.get(k);
            PlotSeries style = styles.get(k);
            Color colour = SwtColours.of(style.colour());
            double[] xs = d.xs();
            double[] ys = d.ys();
            if (style.shape() != PlotSeries.Shape.STEPS) {
                // reports of late runs only: each report is a point (on a stem), not joined to the next, since
                // the time between two of them is unknown
                gc.setBackground(colour);
                gc.setForeground(colour);
                Range yr = y.getRange();
                int zero = y.getPixelCoordinate(y.isLogScaleEnabled() ? yr.lower : Math.max(0, yr.lower));
                for (int i = 0; i < xs.length; i++) {
                    int px = x.getPixelCoordinate(xs[i]);
                    int py = y.getPixelCoordinate(ys[i]);
                    if (style.shape() == PlotSeries.Shape.STEMS) {
                        gc.setLineWidth(2);
                        gc.drawLine(px, zero, px, py);
                        gc.setLineWidth(1);
                    }
                    gc.fillOval(px - 2, py - 2, 5, 5);
                }
                continue;
            }
            int[] points = new int[2 * xs.length];
            int m = 0;
            for (int i = 0; i < xs.length; i++) {
                int px = x.getPixelCoordinate(xs[i]);
                int py = y.getPixelCoordinate(ys[i]);
                if (m >= 2 && points[m - 2] == px && points[m - 1] == py) {
                    continue; // the same pixel again: nothing to draw
                }
                points[m++] = px;
                points[m++] = py;
            }
            gc.setForeground(colour);
            if (m == 2) {
                gc.drawPoint(points[0], points[1]);
            } else {
                gc.drawPolyline(m == points.length ? points : java.util.Arrays.copyOf(points, m));
            }
        }
    }

    // ---- overlay: markers, threshold, frame bookkeeping (inside the plot area's paint) ------------------------

    private void paintOverlay(GC gc) {
        PlotSource s = source;
        Point size = chart.getPlotArea().getSize();
        IAxis x = chart.getAxisSet().getXAxis(0);
        IAxis y = chart.getAxisSet().getYAxis(0);
        if (s != null) {
            long thr = s.thresholdUs();
            if (thr >= 0) {
                double ms = thr / 1000.0;
                Range yr = y.getRange();
                if (ms >= yr.lower && ms <= yr.upper && !(y.isLogScaleEnabled() && ms <= 0)) {
                    int py = y.getPixelCoordinate(ms);
                    gc.setForeground(SwtColours.of(Palette.THRESHOLD));
                    gc.setLineStyle(SWT.LINE_DASH);
                    gc.drawLine(0, py, size.x, py);
                    gc.setLineStyle(SWT.LINE_SOLID);
                    gc.drawText("threshold " + StatsText.ms(thr), 4, Math.max(0, py - gc.getFontMetrics().getHeight()),
                            true);
                }
            }
            Range xr = x.getRange();
            int lineHeight = gc.getFontMetrics().getHeight();
            List<LiveEvent> inView = new ArrayList<>();
            for (LiveEvent e : s.events()) {
                double t = e.timeUs() / 1e6;
                if (t < xr.lower || t > xr.upper) {
                    continue;
                }
                inView.add(e);
                int px = x.getPixelCoordinate(t);
                gc.setForeground(markerColour(e));
                gc.setLineStyle(e.kind() == EventKind.MARK ? SWT.LINE_DOT : SWT.LINE_SOLID);
                gc.drawLine(px, 0, px, size.y);
                gc.setLineStyle(SWT.LINE_SOLID);
            }
            int rows = 0;
            for (MarkerLabels.Placed p : MarkerLabels.place(inView, e -> x.getPixelCoordinate(e.timeUs() / 1e6),
                    label -> gc.textExtent(label).x, size.x)) {
                gc.setForeground(markerColour(p.event()));
                gc.drawText(p.event().label(), (int) Math.round(p.x()), 2 + p.row() * lineHeight, true);
                rows = Math.max(rows, p.row() + 1);
            }
            int row = rows;
            paintWaiting(gc, x, y, size, row, lineHeight);
        }
        paintCursor(gc, x, size);
        Frame f = pendingFrame;
        if (f != null) {
            pendingFrame = null;
            Frame painted = new Frame(System.nanoTime(), f.cpus(), f.snapshotSizes(), f.maxDrawnUs(), f.fromSeconds(),
                    f.toSeconds(), f.computeNanos(), f.applyNanos(), f.columns(), f.waitingLabels(), f.seriesNames());
            lastFrame = painted;
            for (Consumer<Frame> l : List.copyOf(frameListeners)) {
                l.accept(painted);
            }
        }
    }

    /**
     * Each waiting CPU: a translucent bar in its colour from its last report to the board's current time, as high
     * as it has waited (the late report's delay will be at least that), labelled in the strip above the data.
     */
    private void paintWaiting(GC gc, IAxis x, IAxis y, Point size, int firstRow, int lineHeight) {
        int row = firstRow;
        Range yr = y.getRange();
        for (Waiting w : waiting) {
            int left = Math.max(0, x.getPixelCoordinate(w.lastReportUs() / 1e6));
            int right = Math.min(size.x - 1, x.getPixelCoordinate(w.nowUs() / 1e6));
            double ms = Math.max(w.waitedUs() / 1000.0, y.isLogScaleEnabled() ? yr.lower : 0);
            int top = Math.max(0, y.getPixelCoordinate(Math.min(ms, yr.upper)));
            int bottom = Math.min(size.y, y.getPixelCoordinate(yr.lower));
            Color colour = cpuColour(w.cpu());
            gc.setBackground(colour);
            gc.setAlpha(70);
            gc.fillRectangle(left, top, Math.max(1, right - left), Math.max(1, bottom - top));
            gc.setAlpha(255);
            gc.setForeground(colour);
            gc.setLineStyle(SWT.LINE_DASH);
            gc.drawRectangle(left, top, Math.max(1, right - left), Math.max(1, bottom - top));
            gc.setLineStyle(SWT.LINE_SOLID);
            String label = w.label();
            int textWidth = gc.textExtent(label).x;
            int tx = Math.max(0, Math.min(right - textWidth, size.x - textWidth - 2));
            gc.drawText(label, tx, 2 + row++ * lineHeight, true);
        }
    }

    private void paintCursor(GC gc, IAxis x, Point size) {
        double at = cursorS;
        Range xr = x.getRange();
        if (Double.isNaN(at) || at < xr.lower || at > xr.upper) {
            return;
        }
        int px = x.getPixelCoordinate(at);
        gc.setForeground(SwtColours.of(Palette.CURSOR));
        gc.setLineWidth(2);
        gc.drawLine(px, 0, px, size.y);
        gc.setLineWidth(1);
        String label = String.format(Locale.ROOT, "%.6f s", at);
        int textWidth = gc.textExtent(label).x;
        int tx = px + 4 + textWidth > size.x ? px - 4 - textWidth : px + 4;
        gc.drawText(label, tx, size.y - gc.getFontMetrics().getHeight() - 2, true);
    }

    /** Where the time cursor is (board seconds), NaN for none. */
    double cursor() {
        return cursorS;
    }

    /**
     * Puts the time cursor at {@code seconds} (NaN: none); when it lies outside the window, the window moves to
     * centre it, keeping its width.
     */
    void setCursor(double seconds) {
        cursorS = seconds;
        if (!Double.isNaN(seconds)) {
            Range r = currentXRange();
            if (seconds < r.lower || seconds > r.upper) {
                double half = (r.upper - r.lower) / 2;
                showRange(seconds - half, seconds + half);
            }
        }
        chart.redraw();
    }

    /** Told the board time (seconds) of a click in the plot (a press and release without a drag). UI thread. */
    void addClickListener(DoubleConsumer listener) {
        clickListeners.add(listener);
    }

    /** Zooms time around the window's centre by one step ({@code in} = towards the data). */
    void zoomCentre(boolean in) {
        Range r = currentXRange();
        double centre = (r.lower + r.upper) / 2;
        double half = (r.upper - r.lower) / 2 * (in ? 0.8 : 1.25);
        showRange(centre - half, centre + half);
    }

    /** Moves the window by {@code fraction} of its width (negative: to earlier times). */
    void pan(double fraction) {
        Range r = currentXRange();
        double shift = (r.upper - r.lower) * fraction;
        showRange(r.lower + shift, r.upper + shift);
    }

    /** The time window asked for, in board seconds. */
    Range timeRange() {
        return currentXRange();
    }

    private Color cpuColour(int cpu) {
        return SwtColours.of(Palette.series(cpu));
    }

    private static Color markerColour(LiveEvent e) {
        return SwtColours.of(Palette.marker(e.kind()));
    }

    // ---- mouse: wheel zoom, drag pan, double-click default view ---------------------------------------------

    private void installMouse(Control plot) {
        plot.addListener(SWT.MouseVerticalWheel, e -> {
            double factor = e.count > 0 ? 0.8 : 1.25;
            if ((e.stateMask & SWT.CTRL) != 0) {
                IAxis y = chart.getAxisSet().getYAxis(0);
                Range r = y.getRange();
                double at = y.getDataCoordinate(e.y);
                y.setRange(new Range(at - (at - r.lower) * factor, at + (r.upper - at) * factor));
                yManual = true;
                chart.redraw();
            } else {
                Range r = currentXRange();
                double at = chart.getAxisSet().getXAxis(0).getDataCoordinate(e.x);
                showRange(at - (at - r.lower) * factor, at + (r.upper - at) * factor);
            }
        });
        plot.addListener(SWT.MouseDown, e -> {
            if (e.button == 1) {
                dragX = e.x;
                pressX = e.x;
                plot.setFocus(); // the keys below act on the plot that was clicked
            }
        });
        plot.addListener(SWT.MouseUp, e -> {
            boolean click = e.button == 1 && pressX >= 0 && Math.abs(e.x - pressX) <= 2;
            dragX = -1;
            pressX = -1;
            if (click && !clickListeners.isEmpty()) {
                double at = chart.getAxisSet().getXAxis(0).getDataCoordinate(e.x);
                List.copyOf(clickListeners).forEach(l -> l.accept(at));
            }
        });
        // arrows reach the plot as keys, not as focus traversal
        plot.addListener(SWT.Traverse, e -> {
            if (e.detail == SWT.TRAVERSE_ARROW_NEXT || e.detail == SWT.TRAVERSE_ARROW_PREVIOUS) {
                e.doit = false;
            }
        });
        plot.addListener(SWT.KeyDown, e -> {
            switch (e.keyCode) {
                case SWT.ARROW_LEFT -> pan(-0.2);
                case SWT.ARROW_RIGHT -> pan(0.2);
                case SWT.HOME -> onDefaultView.run();
                case SWT.KEYPAD_ADD -> zoomCentre(true);
                case SWT.KEYPAD_SUBTRACT -> zoomCentre(false);
                default -> {
                    if (e.character == '+' || e.character == '=') {
                        zoomCentre(true);
                    } else if (e.character == '-') {
                        zoomCentre(false);
                    }
                }
            }
        });
        plot.addListener(SWT.MouseMove, e -> {
            if (dragX < 0 || (e.stateMask & SWT.BUTTON1) == 0) {
                return;
            }
            IAxis x = chart.getAxisSet().getXAxis(0);
            double shift = x.getDataCoordinate(dragX) - x.getDataCoordinate(e.x);
            Range r = currentXRange();
            showRange(r.lower + shift, r.upper + shift);
            dragX = e.x;
        });
        plot.addListener(SWT.MouseDoubleClick, e -> onDefaultView.run());
    }

    /** A fixed time window in seconds (stops following). */
    void showRange(double fromS, double toS) {
        if (!(toS > fromS)) {
            return;
        }
        updateRequest(false, request.windowUs(), fromS, toS, request.logY(), request.paused());
    }

    /** The whole source in view, with a small margin (stops following); false if it holds nothing yet. */
    boolean showAll() {
        PlotSource s = source;
        if (s == null) {
            return false;
        }
        long first = s.oldestUs();
        long newest = s.newestUs();
        if (first == LogEntry.NO_TIME || newest == LogEntry.NO_TIME) {
            return false;
        }
        double margin = Math.max(0.5, (newest - first) / 1e6 * 0.02);
        yManual = false;
        showRange(first / 1e6 - margin, newest / 1e6 + margin);
        return true;
    }

    private Range currentXRange() {
        return request.following() ? chart.getAxisSet().getXAxis(0).getRange()
                : new Range(request.fixedFromS(), request.fixedToS());
    }

    /** What the chart shows now, as an image (PNG export). UI thread. */
    ImageData snapshot() {
        Point size = chart.getSize();
        Image image = new Image(chart.getDisplay(), Math.max(1, size.x), Math.max(1, size.y));
        GC gc = new GC(image);
        try {
            chart.print(gc);
            return image.getImageData();
        } finally {
            gc.dispose();
            image.dispose();
        }
    }

    /** Zooms time as one wheel notch at pixel {@code px} would ({@code in} = towards the data). */
    void zoomAt(int px, boolean in) {
        org.eclipse.swt.widgets.Event e = new org.eclipse.swt.widgets.Event();
        e.x = px;
        e.y = chart.getPlotArea().getSize().y / 2;
        e.count = in ? 1 : -1;
        chart.getPlotArea().getControl().notifyListeners(SWT.MouseVerticalWheel, e);
    }
}
