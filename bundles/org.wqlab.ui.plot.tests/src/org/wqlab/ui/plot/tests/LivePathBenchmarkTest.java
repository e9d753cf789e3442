package org.wqlab.ui.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.wqlab.klog.KlogParser;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.plot.LivePlotView;
import org.wqlab.ui.testing.UiWait;

/**
 * The live path's latency (a benchmark, not a unit test; skipped unless {@code -Dwqlab.bench=true}): 10 000
 * {@code latency_mon} lines a second for 60 s, 2 CPUs, fed as bytes into {@link KlogParser} -> {@link LiveSession}
 * on an acquisition thread while the real Live Plot view follows them. Prints the p99 latency from a sample's
 * arrival (its line handed to the parser) to the first painted frame computed from it, the longest UI-thread stall
 * (a watchdog posts to the UI thread every 10 ms and measures how late each post runs) and dropped samples.
 */
@EnabledIfSystemProperty(named = "wqlab.bench", matches = "true")
class LivePathBenchmarkTest {
    private static final int RATE = 10_000;
    private static final int SECONDS = Integer.getInteger("wqlab.bench.seconds", 60);
    private static final int CPUS = 2;
    private static final int FLOOR_SECONDS = Integer.getInteger("wqlab.bench.floorSeconds", 10);

    @Test
    void tenThousandSamplesPerSecondForSixtySeconds() throws Exception {
        PlotHarness ui = new PlotHarness();
        LivePlotView view = ui.view;
        int total = RATE * SECONDS;
        int perCpu = total / CPUS;
        LiveSession session = new LiveSession("benchmark", perCpu + 16);
        WorkbenchServices.get(LiveSessions.class).publish(session);
        UiWait.until(ui.display, () -> view.session() == session, Duration.ofSeconds(10), "the view to take it");

        long[][] arrival = new long[CPUS][perCpu];
        long[] latency = new long[total];
        int[] latencyCount = { 0 };
        int[] accounted = new int[CPUS];
        long[] frames = { 0 };
        long[] worstCompute = { 0 };
        long[] sumCompute = { 0 };
        long[] worstApply = { 0 };
        long[] sumApply = { 0 };
        Consumer<Frame> onFrame = f -> {
            frames[0]++;
            sumCompute[0] += f.computeNanos();
            worstCompute[0] = Math.max(worstCompute[0], f.computeNanos());
            sumApply[0] += f.applyNanos();
            worstApply[0] = Math.max(worstApply[0], f.applyNanos());
            for (int k = 0; k < f.cpus().length; k++) {
                int cpu = f.cpus()[k];
                for (int i = accounted[cpu]; i < f.snapshotSizes()[k]; i++) {
                    latency[latencyCount[0]++] = f.paintedNanos() - arrival[cpu][i];
                }
                accounted[cpu] = Math.max(accounted[cpu], f.snapshotSizes()[k]);
            }
        };
        view.addFrameListener(onFrame);

        String floor = machineFloor(ui, FLOOR_SECONDS);
        long gcBefore = gcMillis();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong worstStall = new AtomicLong();
        StringBuffer longStalls = new StringBuffer();
        AtomicLong stalls50 = new AtomicLong();
        waitForIdleUi(ui);
        long benchStart = System.nanoTime();
        Thread watchdog = new Thread(() -> {
            while (running.get()) {
                long posted = System.nanoTime();
                ui.display.asyncExec(() -> {
                    long stall = System.nanoTime() - posted;
                    worstStall.accumulateAndGet(stall, Math::max);
                    if (stall > 50_000_000L) {
                        stalls50.incrementAndGet();
                        if (longStalls.length() < 300) {
                            longStalls.append(String.format(Locale.ROOT, " %.0fms@%.1fs", stall / 1e6,
                                    (posted - benchStart) / 1e9));
                        }
                    }
                });
                LockSupport.parkNanos(10_000_000L);
            }
        }, "ui watchdog");

        AtomicLong fed = new AtomicLong();
        Thread acquisition = new Thread(() -> {
            KlogParser parser = new KlogParser(session);
            byte[] buf = new byte[64 * 1024];
            int[] seq = new int[CPUS];
            long start = System.nanoTime();
            long boardStartUs = 1_000_000_000L;
            int n = 0;
            while (n < total) {
                long due = Math.min(total, (System.nanoTime() - start) * RATE / 1_000_000_000L);
                while (n < due) {
                    int len = 0;
                    long chunkStart = n;
                    // one chunk of lines, as a stream read would deliver them
                    while (n < due && len < buf.length - 100) {
                        int cpu = n % CPUS;
                        long tUs = boardStartUs + (long) n * 1_000_000L / RATE;
                        int delay = (n % 50_000 == 49_999) ? 600_000 + n / 1000 : 20 + (n * 7919) % 400;
                        len = line(buf, len, tUs, cpu, ++seq[cpu], delay);
                        n++;
                    }
                    long now = System.nanoTime();
                    for (long i = chunkStart; i < n; i++) {
                        arrival[(int) (i % CPUS)][(int) (i / CPUS)] = now;
                    }
                    parser.feed(buf, 0, len);
                    fed.set(n);
                }
                LockSupport.parkNanos(1_000_000L);
            }
        }, "acquisition");

        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long uiCpuStart = threads.getCurrentThreadCpuTime(); // the test runs on the UI thread
        long wallStart = System.nanoTime();
        watchdog.start();
        acquisition.start();
        UiWait.until(ui.display, () -> !acquisition.isAlive(), Duration.ofSeconds(SECONDS + 60L), "the feed");
        UiWait.until(ui.display, () -> latencyCount[0] >= total ? Boolean.TRUE : null, Duration.ofSeconds(10),
                "every sample to be drawn (" + latencyCount[0] + " of " + total + ")");
        long uiCpu = threads.getCurrentThreadCpuTime() - uiCpuStart;
        long wall = System.nanoTime() - wallStart;
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        running.set(false);
        watchdog.join();
        view.removeFrameListener(onFrame);

        long dropped = total - session.sampleCount();
        long[] sorted = Arrays.copyOf(latency, latencyCount[0]);
        Arrays.sort(sorted);
        double p50 = sorted[(int) (sorted.length * 0.50)] / 1e6;
        double p99 = sorted[(int) Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] / 1e6;
        double max = sorted[sorted.length - 1] / 1e6;
        System.out.printf(Locale.ROOT,
                "LIVE PATH BENCHMARK: %d samples/s x %d s (%d fed, %d CPUs)%n"
                        + "  arrival -> drawn: p50 %.1f ms, p99 %.1f ms (goal <= 100), max %.1f ms%n"
                        + "  longest UI-thread stall: %.1f ms (goal <= 50); %d stalls > 50 ms, first ones (at s since start):%s%n"
                        + "  dropped samples: %d (goal 0)%n  frames painted: %d; frame computation (frame thread): longest %.1f ms, total %.1f s;"
                        + " swapping frames in (UI thread): longest %.1f ms, total %.2f s%n"
                        + "  UI thread breakdown: %s%n"
                        + "  UI thread CPU time %.1f s of %.1f s wall; GC time %d ms; system load average %.2f on %d cores%n"
                        + "  machine floor, same run, before: %s%n",
                RATE, SECONDS, fed.get(), CPUS, p50, p99, max, worstStall.get() / 1e6, stalls50.get(), longStalls, dropped, frames[0],
                worstCompute[0] / 1e6, sumCompute[0] / 1e9, worstApply[0] / 1e6, sumApply[0] / 1e9,
                view.uiTimings(), uiCpu / 1e9, wall / 1e9, gcMillis() - gcBefore, load,
                Runtime.getRuntime().availableProcessors(), floor);
        assertEquals(0, dropped);
    }

    /**
     * The same watchdog and the same feed (into a session no view shows) for {@code seconds}, the plot idle: the
     * stalls this machine inflicts on an idle UI thread at this moment (other processes, GC), to read the live
     * figures against.
     */
    private static String machineFloor(PlotHarness ui, int seconds) throws InterruptedException {
        if (seconds <= 0) {
            return "not measured";
        }
        LiveSession unseen = new LiveSession("floor", RATE * seconds / CPUS + 16);
        long[] delays = new long[seconds * 200];
        int[] n = { 0 };
        AtomicBoolean running = new AtomicBoolean(true);
        Thread feed = new Thread(() -> {
            KlogParser parser = new KlogParser(unseen);
            byte[] buf = new byte[64 * 1024];
            int[] seq = new int[CPUS];
            long start = System.nanoTime();
            int fed = 0;
            while (running.get()) {
                long due = (System.nanoTime() - start) * RATE / 1_000_000_000L;
                int len = 0;
                while (fed < due && len < buf.length - 100) {
                    int cpu = fed % CPUS;
                    len = line(buf, len, 1_000_000_000L + (long) fed * 1_000_000L / RATE, cpu, ++seq[cpu], 20 + fed % 400);
                    fed++;
                }
                parser.feed(buf, 0, len);
                LockSupport.parkNanos(1_000_000L);
            }
        }, "floor feed");
        feed.start();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        Thread watchdog = new Thread(() -> { // the same watchdog as the live measurement
            while (running.get()) {
                long posted = System.nanoTime();
                ui.display.asyncExec(() -> {
                    if (n[0] < delays.length) {
                        delays[n[0]++] = System.nanoTime() - posted;
                    }
                });
                LockSupport.parkNanos(10_000_000L);
            }
        }, "floor watchdog");
        watchdog.start();
        UiWait.until(ui.display, () -> System.nanoTime() > end ? Boolean.TRUE : null,
                Duration.ofSeconds(seconds + 30L), "the machine floor");
        running.set(false);
        feed.join();
        watchdog.join();
        UiWait.settle(ui.display);
        long[] sorted = Arrays.copyOf(delays, n[0]);
        Arrays.sort(sorted);
        if (sorted.length == 0) {
            return "no sample";
        }
        return String.format(Locale.ROOT, "%d s of the same feed with the plot idle: UI-thread stall p99 %.1f ms,"
                + " longest %.1f ms", seconds, Math.max(0, sorted[(int) (sorted.length * 0.99)] / 1e6),
                Math.max(0, sorted[sorted.length - 1] / 1e6));
    }

    private static long gcMillis() {
        long ms = 0;
        for (var gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    /**
     * The workbench is still settling right after the view opens (layout, other views, JIT): start the feed only
     * once 20 UI-thread round trips in a row took under 20 ms each, so the figures are those of the live path.
     */
    private static void waitForIdleUi(PlotHarness ui) {
        int[] calm = { 0 };
        long[] posted = { 0 };
        boolean[] answered = { true };
        UiWait.until(ui.display, () -> {
            if (answered[0]) {
                if (posted[0] != 0) {
                    calm[0] = System.nanoTime() - posted[0] < 20_000_000L ? calm[0] + 1 : 0;
                }
                answered[0] = false;
                posted[0] = System.nanoTime();
                ui.display.timerExec(10, () -> answered[0] = true);
                posted[0] += 10_000_000L;
            }
            return calm[0] >= 20 ? Boolean.TRUE : null;
        }, Duration.ofSeconds(60), "an idle UI thread");
    }

    private static final byte[] PREFIX = "] latency_mon: cpu=".getBytes(StandardCharsets.US_ASCII);

    /** Writes {@code [ssss.uuuuuu] latency_mon: cpu=C seq=S delay_us=D\n}. */
    private static int line(byte[] b, int at, long tUs, int cpu, int seq, int delay) {
        b[at++] = '[';
        at = digits(b, at, tUs / 1_000_000, 5, ' ');
        b[at++] = '.';
        at = digits(b, at, tUs % 1_000_000, 6, '0');
        System.arraycopy(PREFIX, 0, b, at, PREFIX.length);
        at += PREFIX.length;
        at = digits(b, at, cpu, 1, '0');
        at = ascii(b, at, " seq=");
        at = digits(b, at, seq, 1, '0');
        at = ascii(b, at, " delay_us=");
        at = digits(b, at, delay, 1, '0');
        b[at++] = '\n';
        return at;
    }

    private static int ascii(byte[] b, int at, String s) {
        for (int i = 0; i < s.length(); i++) {
            b[at++] = (byte) s.charAt(i);
        }
        return at;
    }

    private static int digits(byte[] b, int at, long v, int width, char pad) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) {
            b[at++] = (byte) pad;
        }
        return ascii(b, at, s);
    }
}
