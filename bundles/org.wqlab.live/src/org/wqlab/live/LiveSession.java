package org.wqlab.live;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongSupplier;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.RawContext;
import org.wqlab.core.model.Sample;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.klog.KlogSink;

/**
 * The samples and markers of one run as they arrive. Writers (the acquisition thread; any thread is allowed, writes
 * are serialised by a lock that only writers and {@link #stats()}/{@link #histogram()} take) append through the
 * {@link KlogSink} methods, {@link #accept(LogEntry)} or {@link #mark(String)}; readers (the UI tick) take
 * {@link #series()} snapshots without any lock and without copying samples. Samples are kept per CPU in growable
 * primitive arrays (12 bytes per sample); nothing is boxed per sample and an append never copies the whole series
 * except when an array grows (by half).
 *
 * <p>Change listeners run on the writer's thread after each append: keep them cheap and non-blocking (the live plot
 * only asks its {@code UiRefreshThrottle} for a refresh).
 */
public final class LiveSession implements KlogSink {

    private final String name;
    private final Object lock = new Object();
    private final int initialCapacity;
    /** Index cpu + 1 (cpu -1 = unknown); replaced (copy-on-write) when a new CPU appears. */
    private volatile CpuSeries[] byCpu = new CpuSeries[0];
    private final List<LiveEvent> events = new CopyOnWriteArrayList<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    // statistics, written under lock
    private final long[] histogram = new long[LogHistogram.binCount()];
    private long count;
    private int lastUs;
    private int maxUs = Integer.MIN_VALUE;
    private long lateRuns;
    private volatile long thresholdUs = -1;
    private long untimed;
    private long reordered;
    private volatile long newestUs = LogEntry.NO_TIME;
    private final List<DisconnectWorst> closedDisconnects = new ArrayList<>();
    private DisconnectWorst openDisconnect;
    private final BoardClock clock;
    private final ReportWatch watch = new ReportWatch();

    private volatile Path recordingInto;

    public LiveSession(String name) {
        this(name, 4096);
    }

    public LiveSession(String name, int initialCapacityPerCpu) {
        this(name, initialCapacityPerCpu, System::nanoTime);
    }

    /** @param wallNanos the host's monotonic clock in nanoseconds ({@link System#nanoTime()}; tests pass their own) */
    public LiveSession(String name, int initialCapacityPerCpu, LongSupplier wallNanos) {
        this.name = name;
        this.initialCapacity = initialCapacityPerCpu;
        this.clock = new BoardClock(wallNanos);
    }

    /** The experiment folder the run feeding this session records into, when one does. */
    public Optional<Path> recordingInto() {
        return Optional.ofNullable(recordingInto);
    }

    public void setRecordingInto(Path experimentDir) {
        recordingInto = experimentDir;
    }

    public String name() {
        return name;
    }

    // ---- writing -------------------------------------------------------------------------------------------

    /** Appends one sample; {@code timestampUs} may be {@link LogEntry#NO_TIME}, {@code cpu} {@link Sample#UNKNOWN}. */
    public void addSample(long timestampUs, int delayUs, int cpu, boolean classic) {
        synchronized (lock) {
            long t = timestampUs;
            if (t == LogEntry.NO_TIME) {
                untimed++;
                t = newestUs == LogEntry.NO_TIME ? 0 : newestUs;
            }
            if (seriesFor(cpu).append(t, delayUs)) {
                reordered++;
            }
            clock.observed(t);
            watch.reported(cpu, t);
            if (newestUs == LogEntry.NO_TIME || t > newestUs) {
                newestUs = t;
            }
            count++;
            lastUs = delayUs;
            maxUs = Math.max(maxUs, delayUs);
            histogram[LogHistogram.binOf(delayUs)]++;
            long thr = thresholdUs;
            if (classic || (thr >= 0 && delayUs > thr)) {
                lateRuns++;
            }
            if (openDisconnect != null) {
                DisconnectWorst d = openDisconnect;
                boolean worse = delayUs > d.worstDelayUs();
                openDisconnect = new DisconnectWorst(d.disconnectUs(), d.device(),
                        worse ? delayUs : d.worstDelayUs(), worse ? cpu : d.worstCpu(),
                        worse ? t : d.worstTimeUs(), d.samples() + 1);
            }
        }
        fireChanged();
    }

    /** Adds a marker; a USB disconnect also starts a new "worst delay after disconnect" window. */
    public void addEvent(LiveEvent event) {
        synchronized (lock) {
            if (event.kind() == EventKind.USB_DISCONNECT) {
                if (openDisconnect != null) {
                    closedDisconnects.add(openDisconnect);
                }
                openDisconnect = new DisconnectWorst(event.timeUs(), event.label(), Integer.MIN_VALUE,
                        Sample.UNKNOWN, LogEntry.NO_TIME, 0);
            }
            if (newestUs == LogEntry.NO_TIME || event.timeUs() > newestUs) {
                newestUs = event.timeUs();
            }
            clock.observed(event.timeUs());
            events.add(event);
        }
        fireChanged();
    }

    /** A user mark at the board's current time ({@link #boardNowUs()}). */
    public LiveEvent mark(String label) {
        LiveEvent e = new LiveEvent(boardNowUs(), EventKind.MARK, label);
        addEvent(e);
        return e;
    }

    /** Takes what the live plot shows from a parsed entry; anomalies and raw context are ignored. */
    public void accept(LogEntry entry) {
        switch (entry) {
            case Sample s -> addSample(s.timestampUs(), s.delayUs(), s.cpu(), s.classic());
            case Event e -> event(e);
            case Anomaly a -> { }
            case RawContext r -> { }
        }
    }

    public void setThresholdUs(long threshold) {
        thresholdUs = threshold;
    }

    @Override
    public void sample(long line, long timestampUs, TimePrecision precision, int delayUs, int cpu, int seq,
            boolean classic) {
        addSample(timestampUs, delayUs, cpu, classic);
    }

    @Override
    public void event(Event event) {
        long t = event.timestampUs() == LogEntry.NO_TIME ? Math.max(0, newestUs) : event.timestampUs();
        if (event.kind() == org.wqlab.core.model.EventKind.MODULE_START) {
            LiveEvents.thresholdUs(event).ifPresent(this::setThresholdUs);
            synchronized (lock) {
                watch.started(event, t);
            }
        } else if (event.kind() == org.wqlab.core.model.EventKind.MODULE_STOP) {
            synchronized (lock) {
                watch.stopped();
            }
        }
        LiveEvents.of(event, t).ifPresent(this::addEvent);
    }

    @Override
    public void anomaly(Anomaly anomaly) {
        // not drawn live; the recorder keeps it
    }

    @Override
    public void raw(long line, byte[] text, int from, int to) {
        // not drawn live
    }

    private CpuSeries seriesFor(int cpu) {
        int index = cpu + 1;
        CpuSeries[] current = byCpu;
        if (index < current.length && current[index] != null) {
            return current[index];
        }
        CpuSeries[] grown = Arrays.copyOf(current, Math.max(current.length, index + 1));
        grown[index] = new CpuSeries(cpu, initialCapacity);
        byCpu = grown;
        return grown[index];
    }

    /**
     * How many board seconds pass per wall-clock second (1 for real hardware; a simulated board may run faster).
     * Used only to advance {@link #boardNowUs()} while no kernel line arrives.
     */
    public void setBoardSpeed(double boardSecondsPerWallSecond) {
        clock.setSpeed(boardSecondsPerWallSecond);
    }

    /** The run is over: the board clock stops at the newest timestamp and nothing is waiting any more. */
    public void end() {
        clock.end();
        fireChanged();
    }

    // ---- reading -------------------------------------------------------------------------------------------

    /** Every CPU's published samples, by ascending CPU (unknown CPU first); lock-free, no sample copied. */
    public List<SeriesSnapshot> series() {
        CpuSeries[] all = byCpu;
        List<SeriesSnapshot> out = new ArrayList<>(all.length);
        for (CpuSeries s : all) {
            if (s != null) {
                out.add(s.snapshot());
            }
        }
        return out;
    }

    public List<LiveEvent> events() {
        return List.copyOf(events);
    }

    /** Newest board time of any sample or event, or {@link LogEntry#NO_TIME}. */
    public long newestUs() {
        return newestUs;
    }

    public long thresholdUs() {
        return thresholdUs;
    }

    public boolean isEnded() {
        return clock.ended();
    }

    public double boardSpeed() {
        return clock.speed();
    }

    /**
     * The board's current time: the newest kernel timestamp while some CPU keeps reporting (a one-CPU stall leaves
     * the others reporting), else that timestamp plus the wall time since it arrived times the board's speed; before
     * any kernel line, the scaled wall time since this session was created (from 0). Lock-free; never below
     * {@link #newestUs()}; frozen once {@link #end() ended}.
     */
    public long boardNowUs() {
        return clock.nowUs(watch.freshUs());
    }

    /** The session's start in board time: estimated from the first kernel line and the wall time before it. */
    public long startUs() {
        return clock.startUs();
    }

    /**
     * The CPUs that report every run (the module's start line said {@code report_all=1}) and have been silent for
     * longer than their period plus the threshold at {@link #boardNowUs()}, by CPU; empty once the module stopped.
     */
    public List<Waiting> waiting() {
        return clock.ended() ? List.of() : watch.waiting(boardNowUs());
    }

    /** Samples published so far (sum over CPUs; lock-free). */
    public long sampleCount() {
        long n = 0;
        for (CpuSeries s : byCpu) {
            if (s != null) {
                n += s.size();
            }
        }
        return n;
    }

    public LiveStats stats() {
        synchronized (lock) {
            List<DisconnectWorst> after = new ArrayList<>(closedDisconnects);
            if (openDisconnect != null) {
                after.add(openDisconnect);
            }
            return new LiveStats(count, lastUs, maxUs, p99(), lateRuns, thresholdUs, List.copyOf(after), untimed,
                    reordered);
        }
    }

    public Histogram histogram() {
        synchronized (lock) {
            return new Histogram(histogram.clone(), maxUs, count);
        }
    }

    private long p99() {
        if (count == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(count * 0.99);
        long seen = 0;
        for (int i = 0; i < histogram.length; i++) {
            seen += histogram[i];
            if (seen >= rank) {
                long upper = LogHistogram.toUs(i);
                return upper == Long.MAX_VALUE ? maxUs : Math.min(upper - 1, maxUs);
            }
        }
        return maxUs;
    }

    // ---- listeners -----------------------------------------------------------------------------------------

    /** Called on the writer's thread after every change; must be cheap and must not block. */
    public void addChangeListener(Runnable listener) {
        listeners.add(listener);
    }

    public void removeChangeListener(Runnable listener) {
        listeners.remove(listener);
    }

    private void fireChanged() {
        for (Runnable r : listeners) {
            r.run();
        }
    }

    @Override
    public String toString() {
        return "LiveSession[" + name + ", " + sampleCount() + " samples, " + events.size() + " events]";
    }

}
