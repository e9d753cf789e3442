package org.wqlab.ui.plot;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.wqlab.core.decimation.BlockMinMax;
import org.wqlab.core.decimation.MinMaxDecimator.Points;
import org.wqlab.core.decimation.RollingMinMax;
import org.wqlab.core.model.LogEntry;
import org.wqlab.live.Histogram;
import org.wqlab.live.LiveStats;
import org.wqlab.live.LiveEvent;
import org.wqlab.live.Waiting;

/**
 * The frame thread of one chart: when marked dirty (a new sample, a view change) it computes at most one frame per
 * tick (33 ms, about 30 a second) from a lock-free snapshot of its {@link PlotSource}, reducing each series'
 * visible window (in the series' own time: the window plus its {@link PlotSeries#shiftUs()}) to at most two points
 * per pixel column with {@link RollingMinMax} (incremental while the window slides: only new samples are
 * visited), or, for a recorded experiment's columns, with {@link BlockMinMax} (blocks of 64 samples' min and max
 * where a pixel spans many blocks, every sample when zoomed in), and hands the result to {@code publish}. Frames nothing changed for are
 * not published; a frame published while the previous one was not drawn yet supersedes it (the consumer keeps only
 * the newest). No SWT here: the UI thread only swaps the prepared arrays in.
 */
final class FrameComputer {
    static final long TICK_NANOS = 33_000_000L;
    static final double MIN_LOG_MS = 0.001;
    /** While a live source shows nothing new, the window and waiting bars still move with the board's clock. */
    static final long CLOCK_TICK_NANOS = 100_000_000L;
    /** Marker labels take at most this many rows at the top of the plot. */
    static final int MARKER_LABEL_ROWS = org.wqlab.live.MarkerLabels.ROWS;
    private static final long HISTOGRAM_EVERY_NANOS = 1_000_000_000L;
    private static final long STATS_EVERY_NANOS = 200_000_000L;

    private final Consumer<ComputedFrame> publish;
    private final Thread thread;
    private final AtomicBoolean dirty = new AtomicBoolean();
    private volatile boolean running = true;
    private volatile PlotSource source;
    private volatile Object sourceToken;
    private volatile ViewRequest request;

    // confined to the frame thread
    private final Map<Integer, RollingMinMax> rolling = new HashMap<>();
    private final BlockMinMax blocks = new BlockMinMax();
    private Object lastToken;
    private long lastGeneration = -1;
    private int[] lastSizes;
    private int lastEvents = -1;
    private long lastThreshold;
    private long lastNowUs;
    private List<Waiting> lastWaiting = List.of();
    private String lastStatsText;
    private long lastStatsNanos;
    private long lastStatsGeneration = -1;
    private long lastHistogramTotal = -1;
    private int lastHistogramWorst = Integer.MIN_VALUE;
    private long lastHistogramNanos;

    FrameComputer(String name, Consumer<ComputedFrame> publish) {
        this.publish = publish;
        thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** The source to draw ({@code token} identifies it in the frames), or null for nothing. */
    void setSource(PlotSource newSource, Object token) {
        source = newSource;
        sourceToken = token;
        markDirty();
    }

    void setRequest(ViewRequest newRequest) {
        request = newRequest;
        markDirty();
    }

    /** Cheap and non-blocking from any thread (the acquisition thread calls it for every sample). */
    void markDirty() {
        if (!dirty.getAndSet(true)) {
            LockSupport.unpark(thread);
        }
    }

    void dispose() {
        running = false;
        LockSupport.unpark(thread);
    }

    private void run() {
        long lastStart = System.nanoTime() - TICK_NANOS;
        while (running) {
            if (!dirty.getAndSet(false)) {
                PlotSource s = source;
                if (s == null || !s.live()) {
                    LockSupport.park(this);
                    continue;
                }
                LockSupport.parkNanos(this, CLOCK_TICK_NANOS); // then compute: the board's clock moved on
                dirty.set(false);
            }
            long due = lastStart + TICK_NANOS;
            for (long wait = due - System.nanoTime(); wait > 0 && running; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            lastStart = System.nanoTime();
            try {
                ComputedFrame frame = compute();
                if (frame != null && running) {
                    publish.accept(frame);
                }
            } catch (RuntimeException e) {
                // a bad frame must not end the thread: the next change computes again
                e.printStackTrace();
            }
        }
    }

    private ComputedFrame compute() {
        long started = System.nanoTime();
        PlotSource s = source;
        Object token = sourceToken;
        ViewRequest r = request;
        if (s == null || r == null) {
            return null;
        }
        if (token != lastToken) {
            rolling.clear();
            lastToken = token;
            lastGeneration = -1;
            lastSizes = null;
            lastStatsText = null;
            lastStatsNanos = 0;
            lastHistogramTotal = -1;
            lastHistogramWorst = Integer.MIN_VALUE;
            lastHistogramNanos = 0;
        }
        String statsText = null;
        LiveStats st = s.stats();
        if (st != null) {
            String text = StatsText.of(st, r.paused(), r.following(), r.windowUs());
            if (!text.equals(lastStatsText)) {
                if (started - lastStatsNanos >= STATS_EVERY_NANOS || r.generation() != lastStatsGeneration) {
                    statsText = text;
                    lastStatsText = text;
                    lastStatsNanos = started;
                    lastStatsGeneration = r.generation();
                } else {
                    markDirty(); // changed, but the strip is updated at most 5 times a second: come back
                }
            }
        }
        Histogram histogram = null;
        boolean newWorst = st != null && st.count() > 0 && st.maxUs() != lastHistogramWorst;
        if (started - lastHistogramNanos >= HISTOGRAM_EVERY_NANOS || newWorst) {
            Histogram h = s.histogram();
            if (h != null && h.total() != lastHistogramTotal) {
                histogram = h;
                lastHistogramTotal = h.total();
                lastHistogramWorst = h.worstUs();
                lastHistogramNanos = started;
            }
        } else if (st != null && st.count() != lastHistogramTotal) {
            markDirty(); // the histogram changed but is due later: come back
        }
        ComputedFrame plot = r.paused() ? null : plot(s, token, r, started);
        if (plot != null) {
            return new ComputedFrame(token, r.generation(), true, plot.series(), plot.snapshotSizes(), plot.xs(),
                    plot.ys(), plot.maxDrawnUs(), plot.fromS(), plot.toS(), plot.yLower(), plot.yUpper(),
                    plot.logY(), plot.columns(), plot.waiting(), statsText, histogram, System.nanoTime() - started);
        }
        if (statsText == null && histogram == null) {
            return null;
        }
        return new ComputedFrame(token, r.generation(), false, null, null, null, null, null, 0, 0, 0, 0, r.logY(),
                r.columns(), List.of(), statsText, histogram, System.nanoTime() - started);
    }

    private ComputedFrame plot(PlotSource s, Object token, ViewRequest r, long started) {
        long now = s.boardNowUs();
        if (now == LogEntry.NO_TIME) {
            return null;
        }
        List<Waiting> waiting = s.waiting();
        List<PlotSeries> series = s.series();
        int n = series.size();
        int[] sizes = new int[n];
        for (int k = 0; k < n; k++) {
            sizes[k] = series.get(k).size();
        }
        List<LiveEvent> eventList = s.events();
        int events = eventList.size();
        long threshold = s.thresholdUs();
        boolean clockMoved = r.following() && now != lastNowUs;
        if (r.generation() == lastGeneration && Arrays.equals(sizes, lastSizes) && events == lastEvents
                && threshold == lastThreshold && !clockMoved && waiting.equals(lastWaiting)) {
            return null;
        }
        lastGeneration = r.generation();
        lastSizes = sizes;
        lastEvents = events;
        lastThreshold = threshold;
        lastNowUs = now;
        lastWaiting = waiting;

        double fromS;
        double toS;
        long bucketUs;
        if (r.following()) {
            TimeWindow w = TimeWindow.following(s.startUs(), s.oldestUs(), now, r.windowUs());
            fromS = w.fromS();
            toS = w.toS();
            bucketUs = TimeWindow.bucketUs(r.windowUs(), r.columns()); // constant while following: buckets are reused
        } else {
            fromS = r.fixedFromS();
            toS = r.fixedToS();
            bucketUs = Math.max(1, (long) Math.ceil((toS - fromS) * 1e6 / r.columns()));
        }
        long fromUs = (long) Math.floor(fromS * 1e6);
        long toUs = Math.max(fromUs + 1, (long) Math.ceil(toS * 1e6) + 1);
        boolean log = r.logY();
        double[][] xs = new double[n][];
        double[][] ys = new double[n][];
        int[] maxDrawn = new int[n];
        double visibleMax = Double.NEGATIVE_INFINITY;
        double visibleMin = Double.POSITIVE_INFINITY;
        double positiveMin = Double.POSITIVE_INFINITY;
        for (int k = 0; k < n; k++) {
            PlotSeries ps = series.get(k);
            var snap = ps.samples();
            long shift = ps.shiftUs();
            Points p = snap == null ? blocks.reduce(ps.columns(), fromUs + shift, toUs + shift, bucketUs)
                    : rolling.computeIfAbsent(ps.key(), c -> new RollingMinMax()).update(snap.timeUs(),
                            snap.delayUs(), snap.size(), fromUs + shift, toUs + shift, bucketUs);
            boolean steps = ps.shape() == PlotSeries.Shape.STEPS;
            double[] x = new double[steps ? 2 * p.size() : p.size()];
            double[] y = new double[x.length];
            int m = 0;
            int max = Integer.MIN_VALUE;
            for (int i = 0; i < p.size(); i++) {
                long t = p.x()[i] - shift;
                double ms = p.y()[i] / 1000.0;
                double drawnMs = log ? Math.max(MIN_LOG_MS, ms) : ms;
                // where reports are sparser than pixels, a delay covers the time since the previous report (no
                // report comes while the work is stalled): draw it as a block from there, not as a slope
                if (steps && i > 0 && t - (p.x()[i - 1] - shift) > bucketUs && t < toUs) {
                    x[m] = (p.x()[i - 1] - shift) / 1e6;
                    y[m++] = drawnMs;
                }
                x[m] = t / 1e6;
                y[m++] = drawnMs;
                max = Math.max(max, p.y()[i]);
                if (t >= fromUs && t < toUs) {
                    visibleMax = Math.max(visibleMax, ms);
                    visibleMin = Math.min(visibleMin, ms);
                    if (ms > 0) {
                        positiveMin = Math.min(positiveMin, ms);
                    }
                }
            }
            if (m < x.length) {
                x = Arrays.copyOf(x, m);
                y = Arrays.copyOf(y, m);
            }
            xs[k] = x;
            ys[k] = y;
            maxDrawn[k] = max;
        }
        List<Waiting> waitingInView = new java.util.ArrayList<>(waiting.size());
        for (Waiting w : waiting) {
            if (w.nowUs() >= fromUs && w.lastReportUs() < toUs) {
                waitingInView.add(w);
                visibleMax = Math.max(visibleMax, w.waitedUs() / 1000.0);
            }
        }
        int markerRows = 0;
        for (LiveEvent e : eventList) {
            if (e.timeUs() >= fromUs && e.timeUs() < toUs && ++markerRows == MARKER_LABEL_ROWS) {
                break;
            }
        }
        // the labels' strip at the top stays free of data
        int labelRows = markerRows + waitingInView.size();
        double strip = labelRows == 0 ? 0 : Math.min(0.5, (labelRows * r.lineHeight() + 6) / (double) r.height());
        double thresholdMs = threshold >= 0 ? threshold / 1000.0 : Double.NEGATIVE_INFINITY;
        double top = Math.max(visibleMax, thresholdMs);
        if (!Double.isFinite(top) || top <= 0) {
            top = 1;
        }
        double yLower;
        double yUpper;
        if (log) {
            double bottom = Double.isFinite(positiveMin) ? Math.min(positiveMin, top) / 2 : MIN_LOG_MS;
            yLower = Math.max(MIN_LOG_MS, bottom);
            double decades = Math.log10(top * 1.5) - Math.log10(yLower);
            yUpper = yLower * Math.pow(10, decades / (1 - strip));
        } else {
            yLower = Double.isFinite(visibleMin) ? Math.min(0, visibleMin) : 0;
            yUpper = yLower + (top * 1.05 - yLower) / (1 - strip);
        }
        return new ComputedFrame(token, r.generation(), true, series, sizes, xs, ys, maxDrawn, fromS, toS, yLower,
                yUpper, log, r.columns(), List.copyOf(waitingInView), null, null, System.nanoTime() - started);
    }
}
