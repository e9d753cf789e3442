package org.wqlab.ui.plot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.events.PaintEvent;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IAxis;
import org.eclipse.swtchart.ICustomPaintListener;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;
import org.eclipse.swtchart.Range;
import org.wqlab.core.decimation.MinMaxDecimator;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.Sample;
import org.wqlab.live.LiveEvent;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveStats;
import org.wqlab.live.SeriesSnapshot;
import org.wqlab.ui.refresh.UiRefreshThrottle;

/**
 * The Live Plot's widgets: delay against board time per CPU with markers and the threshold, a log-bin histogram
 * and a stats strip. Threading: the session's writer only calls {@link UiRefreshThrottle#requestRefresh()}; the
 * UI thread refreshes at most once per tick from a lock-free snapshot and reduces the visible window to at most two
 * points per pixel column (each column's min and max) with {@link MinMaxDecimator}. Requests that arrive while a
 * refresh is pending are merged into it, so superseded refreshes never run.
 *
 * <p>Mouse: wheel zooms time around the cursor (Ctrl+wheel zooms delay), drag pans, double-click follows the newest
 * data again.
 */
public final class LivePlotView {

    public static final long DEFAULT_WINDOW_US = 60_000_000L;
    private static final double MIN_LOG_MS = 0.001;
    private static final long HISTOGRAM_EVERY_MS = 250;
    private static final int[] CPU_COLOURS = { SWT.COLOR_BLUE, SWT.COLOR_DARK_GREEN, SWT.COLOR_DARK_MAGENTA,
            SWT.COLOR_DARK_CYAN, SWT.COLOR_DARK_YELLOW, SWT.COLOR_DARK_BLUE, SWT.COLOR_DARK_GRAY, SWT.COLOR_DARK_RED };
    private static final long[] WINDOWS_US = { 10_000_000L, 60_000_000L, 300_000_000L };

    private final Composite root;
    private final Chart chart;
    private final LogHistogramChart histogram;
    private final Label stats;
    private final Button pause;
    private final Button logY;
    private final UiRefreshThrottle throttle;
    private final Runnable onChange;
    private final List<Consumer<Frame>> frameListeners = new ArrayList<>();
    private final Map<Integer, ILineSeries<?>> seriesByCpu = new HashMap<>();

    private LiveSession session;
    private long windowUs = DEFAULT_WINDOW_US;
    private boolean following = true;
    private boolean yManual;
    private double fixedFromS;
    private double fixedToS;
    private Frame pendingFrame;
    private Frame lastFrame;
    private long lastHistogramMs;
    private int dragX = -1;
    private int marks;

    public LivePlotView(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        root.setData(PlotWidgetIds.KEY, PlotWidgetIds.ROOT);
        root.setData(PlotWidgetIds.VIEW_OBJECT, this);
        root.setLayout(new GridLayout(1, false));

        Composite bar = new Composite(root, SWT.NONE);
        bar.setLayout(new RowLayout(SWT.HORIZONTAL));
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        pause = button(bar, SWT.TOGGLE, "Pause", PlotWidgetIds.PAUSE, this::togglePause);
        button(bar, SWT.PUSH, "Follow newest", PlotWidgetIds.FOLLOW, this::follow);
        button(bar, SWT.PUSH, "Show all", PlotWidgetIds.SHOW_ALL, this::showAll);
        logY = button(bar, SWT.CHECK, "Log Y", PlotWidgetIds.LOG_Y, this::requestRefresh);
        button(bar, SWT.PUSH, "Mark", PlotWidgetIds.MARK, this::mark);
        new Label(bar, SWT.NONE).setText("  Window:");
        Combo window = new Combo(bar, SWT.READ_ONLY);
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
        chart = new Chart(sash, SWT.NONE);
        chart.setData(PlotWidgetIds.KEY, PlotWidgetIds.CHART);
        chart.enableCompress(false); // the decimator already keeps every column's min and max
        chart.getTitle().setText("Workqueue delay");
        chart.getAxisSet().getXAxis(0).getTitle().setText("board time (s)");
        chart.getAxisSet().getYAxis(0).getTitle().setText("delay (ms)");
        chart.getLegend().setPosition(SWT.BOTTOM);
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
        installMouse(chart.getPlotArea().getControl());
        histogram = new LogHistogramChart(sash);
        histogram.control().setData(PlotWidgetIds.KEY, PlotWidgetIds.HISTOGRAM);
        sash.setWeights(3, 1);

        stats = new Label(root, SWT.NONE);
        stats.setData(PlotWidgetIds.KEY, PlotWidgetIds.STATS);
        stats.setLayoutData(new GridData(SWT.FILL, SWT.BOTTOM, true, false));
        stats.setText("No live session: start a sequence run.");

        throttle = new UiRefreshThrottle(root.getDisplay(), this::refresh);
        onChange = throttle::requestRefresh;
        root.addListener(SWT.Dispose, e -> {
            throttle.dispose();
            if (session != null) {
                session.removeChangeListener(onChange);
            }
        });
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
        return chart;
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
        for (ILineSeries<?> s : seriesByCpu.values()) {
            chart.getSeriesSet().deleteSeries(s.getId());
        }
        seriesByCpu.clear();
        following = true;
        yManual = false;
        lastFrame = null;
        if (session != null) {
            session.addChangeListener(onChange);
        }
        requestRefresh();
    }

    /** Frame listeners run on the UI thread inside the paint, after the series were drawn. */
    public void addFrameListener(Consumer<Frame> listener) {
        frameListeners.add(listener);
    }

    public void removeFrameListener(Consumer<Frame> listener) {
        frameListeners.remove(listener);
    }

    /** The last frame painted, or null. */
    public Frame lastFrame() {
        return lastFrame;
    }

    public boolean isFollowing() {
        return following;
    }

    public void requestRefresh() {
        throttle.requestRefresh();
    }

    public void follow() {
        following = true;
        yManual = false;
        requestRefresh();
    }

    /** The whole run in view (stops following). */
    public void showAll() {
        if (session == null) {
            return;
        }
        long first = Long.MAX_VALUE;
        for (SeriesSnapshot s : session.series()) {
            if (s.size() > 0) {
                first = Math.min(first, s.timeUs()[0]);
            }
        }
        for (LiveEvent e : session.events()) {
            first = Math.min(first, e.timeUs());
        }
        long newest = session.newestUs();
        if (first == Long.MAX_VALUE || newest == LogEntry.NO_TIME) {
            return;
        }
        double margin = Math.max(0.5, (newest - first) / 1e6 * 0.02);
        fixedFromS = first / 1e6 - margin;
        fixedToS = newest / 1e6 + margin;
        following = false;
        yManual = false;
        requestRefresh();
    }

    private void togglePause() {
        requestRefresh();
    }

    private void mark() {
        if (session != null) {
            session.mark("mark " + ++marks);
        }
    }

    // ---- refresh (UI thread, at most once per tick) ---------------------------------------------------------

    private void refresh() {
        if (root.isDisposed()) {
            return;
        }
        LiveSession s = session;
        if (s == null) {
            stats.setText("No live session: start a sequence run.");
            return;
        }
        long started = System.nanoTime();
        LiveStats st = s.stats();
        stats.setText(StatsText.of(st, pause.getSelection(), following, windowUs));
        long nowMs = System.currentTimeMillis();
        if (nowMs - lastHistogramMs >= HISTOGRAM_EVERY_MS) {
            lastHistogramMs = nowMs;
            histogram.show(s.histogram());
        }
        if (pause.getSelection()) {
            return;
        }
        long newest = s.newestUs();
        if (newest == LogEntry.NO_TIME) {
            return;
        }
        double fromS;
        double toS;
        if (following) {
            toS = newest / 1e6;
            // a run shorter than the window is shown from its start, not from negative board time
            fromS = Math.max(toS - windowUs / 1e6, firstTimeUs(s) / 1e6 - 0.5);
        } else {
            fromS = fixedFromS;
            toS = fixedToS;
        }
        long fromUs = (long) Math.floor(fromS * 1e6);
        long toUs = Math.max(fromUs + 1, (long) Math.ceil(toS * 1e6) + 1);
        int columns = Math.max(1, chart.getPlotArea().getSize().x);
        boolean log = logY.getSelection();

        List<SeriesSnapshot> snapshots = s.series();
        int[] cpus = new int[snapshots.size()];
        int[] sizes = new int[snapshots.size()];
        int[] maxDrawn = new int[snapshots.size()];
        double visibleMax = Double.NEGATIVE_INFINITY;
        double visibleMin = Double.POSITIVE_INFINITY;
        double positiveMin = Double.POSITIVE_INFINITY;
        for (int k = 0; k < snapshots.size(); k++) {
            SeriesSnapshot snap = snapshots.get(k);
            MinMaxDecimator.Points p = MinMaxDecimator.decimate(snap.timeUs(), snap.delayUs(), snap.size(), fromUs,
                    toUs, columns);
            double[] xs = new double[p.size()];
            double[] ys = new double[p.size()];
            int max = Integer.MIN_VALUE;
            for (int i = 0; i < p.size(); i++) {
                xs[i] = p.x()[i] / 1e6;
                double ms = p.y()[i] / 1000.0;
                ys[i] = log ? Math.max(MIN_LOG_MS, ms) : ms;
                max = Math.max(max, p.y()[i]);
                if (p.x()[i] >= fromUs && p.x()[i] < toUs) {
                    visibleMax = Math.max(visibleMax, ms);
                    visibleMin = Math.min(visibleMin, ms);
                    if (ms > 0) {
                        positiveMin = Math.min(positiveMin, ms);
                    }
                }
            }
            ILineSeries<?> series = seriesFor(snap.cpu());
            series.setXSeries(xs);
            series.setYSeries(ys);
            cpus[k] = snap.cpu();
            sizes[k] = snap.size();
            maxDrawn[k] = max;
        }
        IAxis x = chart.getAxisSet().getXAxis(0);
        IAxis y = chart.getAxisSet().getYAxis(0);
        if (y.isLogScaleEnabled() != log) {
            y.enableLogScale(log);
        }
        x.setRange(new Range(fromS, toS));
        if (!yManual) {
            double thresholdMs = s.thresholdUs() >= 0 ? s.thresholdUs() / 1000.0 : Double.NEGATIVE_INFINITY;
            double top = Math.max(visibleMax, thresholdMs);
            if (!Double.isFinite(top) || top <= 0) {
                top = 1;
            }
            if (log) {
                double bottom = Double.isFinite(positiveMin) ? Math.min(positiveMin, top) / 2 : MIN_LOG_MS;
                y.setRange(new Range(Math.max(MIN_LOG_MS, bottom), top * 2));
            } else {
                double bottom = Double.isFinite(visibleMin) ? Math.min(0, visibleMin) : 0;
                y.setRange(new Range(bottom, top * 1.1));
            }
        }
        pendingFrame = new Frame(0, cpus, sizes, maxDrawn, fromS, toS, System.nanoTime() - started);
        chart.redraw();
    }

    private static long firstTimeUs(LiveSession s) {
        long first = s.newestUs();
        for (SeriesSnapshot snap : s.series()) {
            if (snap.size() > 0) {
                first = Math.min(first, snap.timeUs()[0]);
            }
        }
        for (LiveEvent e : s.events()) {
            first = Math.min(first, e.timeUs());
        }
        return first;
    }

    private ILineSeries<?> seriesFor(int cpu) {
        ILineSeries<?> s = seriesByCpu.get(cpu);
        if (s == null) {
            String id = cpu == Sample.UNKNOWN ? "reports" : "CPU " + cpu;
            s = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE, id);
            s.setSymbolType(ILineSeries.PlotSymbolType.NONE);
            s.setLineWidth(1);
            int colour = CPU_COLOURS[Math.floorMod(cpu, CPU_COLOURS.length)];
            s.setLineColor(root.getDisplay().getSystemColor(colour));
            if (cpu == Sample.UNKNOWN) {
                // the original module reports late runs only: show each report as a point, not a continuous line
                s.setSymbolType(ILineSeries.PlotSymbolType.CIRCLE);
                s.setSymbolSize(3);
                s.setSymbolColor(root.getDisplay().getSystemColor(colour));
            }
            seriesByCpu.put(cpu, s);
        }
        return s;
    }

    // ---- overlay: markers, threshold, frame bookkeeping (inside the plot area's paint) ------------------------

    private void paintOverlay(GC gc) {
        LiveSession s = session;
        Point size = chart.getPlotArea().getSize();
        IAxis x = chart.getAxisSet().getXAxis(0);
        IAxis y = chart.getAxisSet().getYAxis(0);
        Display display = root.getDisplay();
        if (s != null) {
            long thr = s.thresholdUs();
            if (thr >= 0) {
                double ms = thr / 1000.0;
                Range yr = y.getRange();
                if (ms >= yr.lower && ms <= yr.upper && !(y.isLogScaleEnabled() && ms <= 0)) {
                    int py = y.getPixelCoordinate(ms);
                    gc.setForeground(display.getSystemColor(SWT.COLOR_RED));
                    gc.setLineStyle(SWT.LINE_DASH);
                    gc.drawLine(0, py, size.x, py);
                    gc.setLineStyle(SWT.LINE_SOLID);
                    gc.drawText("threshold " + StatsText.ms(thr), 4, Math.max(0, py - gc.getFontMetrics().getHeight()),
                            true);
                }
            }
            Range xr = x.getRange();
            int row = 0;
            int lineHeight = gc.getFontMetrics().getHeight();
            for (LiveEvent e : s.events()) {
                double t = e.timeUs() / 1e6;
                if (t < xr.lower || t > xr.upper) {
                    continue;
                }
                int px = x.getPixelCoordinate(t);
                gc.setForeground(markerColour(display, e));
                gc.setLineStyle(e.kind() == org.wqlab.live.LiveEventKind.MARK ? SWT.LINE_DOT : SWT.LINE_SOLID);
                gc.drawLine(px, 0, px, size.y);
                gc.setLineStyle(SWT.LINE_SOLID);
                int textWidth = gc.textExtent(e.label()).x;
                int tx = px + 3 + textWidth > size.x ? px - 3 - textWidth : px + 3;
                gc.drawText(e.label(), tx, 2 + (row++ % 4) * lineHeight, true);
            }
        }
        Frame f = pendingFrame;
        if (f != null) {
            pendingFrame = null;
            Frame painted = new Frame(System.nanoTime(), f.cpus(), f.snapshotSizes(), f.maxDrawnUs(), f.fromSeconds(),
                    f.toSeconds(), f.computeNanos());
            lastFrame = painted;
            for (Consumer<Frame> l : List.copyOf(frameListeners)) {
                l.accept(painted);
            }
        }
    }

    private static Color markerColour(Display display, LiveEvent e) {
        return display.getSystemColor(switch (e.kind()) {
            case USB_DISCONNECT -> SWT.COLOR_RED;
            case USB_CONNECT -> SWT.COLOR_DARK_GREEN;
            case MODULE_LOAD, MODULE_UNLOAD -> SWT.COLOR_DARK_GRAY;
            case MARK -> SWT.COLOR_MAGENTA;
        });
    }

    // ---- mouse: wheel zoom, drag pan, double-click follow ---------------------------------------------------

    private void installMouse(Control plot) {
        plot.addListener(SWT.MouseVerticalWheel, e -> {
            double factor = e.count > 0 ? 0.8 : 1.25;
            if ((e.stateMask & SWT.CTRL) != 0) {
                IAxis y = chart.getAxisSet().getYAxis(0);
                Range r = y.getRange();
                double at = y.getDataCoordinate(e.y);
                y.setRange(new Range(at - (at - r.lower) * factor, at + (r.upper - at) * factor));
                yManual = true;
            } else {
                Range r = currentXRange();
                double at = chart.getAxisSet().getXAxis(0).getDataCoordinate(e.x);
                fixedFromS = at - (at - r.lower) * factor;
                fixedToS = at + (r.upper - at) * factor;
                following = false;
            }
            requestRefresh();
        });
        plot.addListener(SWT.MouseDown, e -> {
            if (e.button == 1) {
                dragX = e.x;
            }
        });
        plot.addListener(SWT.MouseUp, e -> dragX = -1);
        plot.addListener(SWT.MouseMove, e -> {
            if (dragX < 0 || (e.stateMask & SWT.BUTTON1) == 0) {
                return;
            }
            IAxis x = chart.getAxisSet().getXAxis(0);
            double shift = x.getDataCoordinate(dragX) - x.getDataCoordinate(e.x);
            Range r = currentXRange();
            fixedFromS = r.lower + shift;
            fixedToS = r.upper + shift;
            following = false;
            dragX = e.x;
            requestRefresh();
        });
        plot.addListener(SWT.MouseDoubleClick, e -> follow());
    }

    private Range currentXRange() {
        return following ? chart.getAxisSet().getXAxis(0).getRange() : new Range(fixedFromS, fixedToS);
    }

    /** For tests: zooms time as one wheel notch at pixel {@code px} would ({@code in} = towards the data). */
    public void zoomAt(int px, boolean in) {
        org.eclipse.swt.widgets.Event e = new org.eclipse.swt.widgets.Event();
        e.x = px;
        e.y = chart.getPlotArea().getSize().y / 2;
        e.count = in ? 1 : -1;
        chart.getPlotArea().getControl().notifyListeners(SWT.MouseVerticalWheel, e);
    }
}
