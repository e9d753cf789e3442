package org.wqlab.ui.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.Boards;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.plot.LivePlotPart;
import org.wqlab.ui.plot.NewLivePlotHandler;
import org.wqlab.ui.sequence.OpenDefaultSequenceHandler;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceLauncher;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.testing.UiWait;
import org.wqlab.vboard.VboardArch;

/**
 * How many boards one workbench follows (a benchmark, skipped unless {@code -Dwqlab.bench=true}): 8 simulated boards
 * run at once, each monitor on all 8 CPUs reporting every run, every 8 ms (1 000 reports/s per board), for
 * {@code wqlab.bench.boardSeconds} (600) of board time, the Live Plot following the first. Goals: no report lost (no
 * {@code seq} gap in any experiment) and the UI thread never blocked for more than 100 ms. It prints how long posted
 * UI work waited (p99, longest) against the same workbench idle just before, in the same run, and the workbench's CPU
 * time and memory.
 */
@EnabledIfSystemProperty(named = "wqlab.bench", matches = "true")
class EightBoardsBenchmarkTest {
    private static final int BOARDS = Integer.getInteger("wqlab.bench.boards", 8);
    private static final int BOARD_SECONDS = Integer.getInteger("wqlab.bench.boardSeconds", 600);
    private static final int IDLE_SECONDS = 20;
    private static final int REPORTS_PER_SECOND = 1000;
    /**
     * The module's period: one jiffy at the profile's HZ=250. The work re-arms itself when it runs, a tick after it
     * was due, so each CPU runs every two jiffies, 8 ms: 125 reports/s on each of the 8 CPUs.
     */
    private static final int PERIOD_MS = 4;

    @TempDir
    Path dir;

    @Test
    void eightBoardsAtOnceLoseNoReport() throws Exception {
        Display display = PlatformUI.getWorkbench().getDisplay();
        IWorkbenchWindow window = UiWait.until(display, PlatformUI.getWorkbench()::getActiveWorkbenchWindow,
                Duration.ofSeconds(60), "the window");
        window.getShell().setMaximized(true);
        IWorkbenchPage page = window.getActivePage();
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        List<String> boards = new ArrayList<>();
        for (int i = 1; i <= BOARDS; i++) {
            String name = "Benchmark board " + i;
            boards.add(name);
            if (registry.entry(name).isEmpty()) {
                registry.add(new BoardEntry(new BoardProfile(name, "127.0.0.1", 0, "root", AuthMethod.PASSWORD, null,
                        null, HostKeyPolicy.REFUSE_UNKNOWN, null, null), new BoardKind("simulator"), Optional.empty(),
                        "", VboardArch.X86_64, 0, Map.of("profile", "rcar-h3-default")));
            }
        }
        Path file = dir.resolve("eight-boards.wqseq");
        Files.writeString(file, sequence(), StandardCharsets.UTF_8);
        SequenceEditor editor = (SequenceEditor) OpenDefaultSequenceHandler.openFile(page, file);
        IViewPart plotView = page.showView(NewLivePlotHandler.VIEW_ID);
        LivePlotPart plot = (LivePlotPart) plotView.getSite()
                .getService(org.eclipse.e4.ui.model.application.ui.basic.MPart.class).getObject();
        plot.show(boards.get(0));

        long[] idle = watch(display, () -> false, Duration.ofSeconds(IDLE_SECONDS));

        long[] gcBefore = gc();
        long cpuBefore = processCpuNanos();
        long wallBefore = System.nanoTime();
        AtomicLong heapPeak = new AtomicLong();
        Thread heapSampler = Thread.ofPlatform().daemon().start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                heapPeak.accumulateAndGet(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(500); // the sampler's pace
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        List<SequenceRunJob> jobs = new ArrayList<>();
        long[] busy;
        try {
            busy = watch(display, () -> {
                if (jobs.isEmpty()) {
                    for (String board : boards) {
                        jobs.add(SequenceLauncher.run(editor, window, board));
                    }
                }
                return jobs.stream().allMatch(j -> j == null || j.result() != null);
            }, Duration.ofSeconds(BOARD_SECONDS * 2L + 300));
        } finally {
            heapSampler.interrupt();
        }
        double wallS = (System.nanoTime() - wallBefore) / 1e9;
        double cpuS = (processCpuNanos() - cpuBefore) / 1e9;
        long[] gcAfter = gc();

        long reports = 0;
        long lost = 0;
        for (int i = 0; i < BOARDS; i++) {
            SequenceRunJob job = jobs.get(i);
            assertNotNull(job, boards.get(i) + " started");
            RunResult r = job.result();
            assertEquals(ExperimentStatus.COMPLETED, r.status(), boards.get(i) + ": " + r.summary());
            Statistics s = StatisticsCalculator.compute(ExperimentLoader.load(r.folder()).content());
            System.out.printf("benchmark eight-boards: %s: %d reports, %d lost, worst %.1f ms (%s)%n",
                    boards.get(i), s.count(), s.lostReports(), s.maxUs() / 1000.0, r.folder().dir());
            assertTrue(s.count() >= 0.9 * BOARD_SECONDS * REPORTS_PER_SECOND, boards.get(i) + " reported "
                    + s.count() + " runs in " + BOARD_SECONDS + " s at " + REPORTS_PER_SECOND + "/s");
            reports += s.count();
            lost += s.lostReports();
        }
        long rssPeakKb = rssPeakKb();
        System.out.printf("benchmark eight-boards: %d boards x %d s board time at %d reports/s: %d reports, %d lost"
                + " (goal 0)%n", BOARDS, BOARD_SECONDS, REPORTS_PER_SECOND, reports, lost);
        System.out.printf("benchmark eight-boards: UI wait p50 %.1f ms, p99 %.1f ms, longest %.1f ms (goal <= 100);"
                + " idle baseline in this run p99 %.1f ms, longest %.1f ms; p99 ratio %.2f%n",
                ms(UiStallWatch.percentile(busy, 0.50)), ms(UiStallWatch.percentile(busy, 0.99)),
                ms(UiStallWatch.percentile(busy, 1.0)), ms(UiStallWatch.percentile(idle, 0.99)),
                ms(UiStallWatch.percentile(idle, 1.0)), UiStallWatch.percentile(busy, 0.99)
                        / (double) Math.max(1, UiStallWatch.percentile(idle, 0.99)));
        long over = java.util.Arrays.stream(busy).filter(us -> us > 100_000).count();
        System.out.printf("benchmark eight-boards: %d of %d UI waits over 100 ms; %d garbage collections took %.1f s%n",
                over, busy.length, gcAfter[0] - gcBefore[0], (gcAfter[1] - gcBefore[1]) / 1000.0);
        System.out.printf("benchmark eight-boards: workbench CPU (the 8 simulators in it too) %.1f s in %.1f s wall"
                + " (%.2f cores); heap peak %d MB, RSS peak %d MB%n", cpuS, wallS, cpuS / wallS,
                heapPeak.get() >> 20, rssPeakKb >> 10);
        assertEquals(0, lost, "reports lost");
        page.closeEditor(editor, false);
        for (String board : boards) {
            registry.remove(board);
        }
    }

    /**
     * Runs the event loop until {@code done} or {@code longest}, the UI watched; the waits, sorted. Prints where the UI
     * thread was at each wait over 100 ms.
     */
    private static long[] watch(Display display, java.util.function.BooleanSupplier done, Duration longest) {
        long end = System.nanoTime() + longest.toNanos();
        try (UiStallWatch w = new UiStallWatch(display, 10)) {
            UiWait.until(display, () -> done.getAsBoolean() || System.nanoTime() > end ? Boolean.TRUE : null,
                    longest.plusSeconds(10), "the watched time");
            w.stallPlaces().forEach(p -> System.out.println("benchmark eight-boards: UI thread at a wait over 100 ms: "
                    + p));
            return w.sortedWaitsUs();
        }
    }

    private String sequence() {
        return """
                {
                  "format": "wqseq",
                  "version": 1,
                  "name": "Every CPU reporting every run, period %d ms, for %d s",
                  "steps": [
                    { "type": "connect" },
                    { "type": "load-module", "name": "load latency-mon on every CPU, reporting every run",
                      "module": "latency-mon",
                      "params": { "cpu": "-1", "report_all": "1", "classic": "0", "period_ms": "%d" } },
                    { "type": "sleep", "name": "watch", "seconds": "%d" },
                    { "type": "unload-module", "name": "unload latency-mon", "module": "latency-mon" }
                  ]
                }
                """.formatted(PERIOD_MS, BOARD_SECONDS, PERIOD_MS, BOARD_SECONDS);
    }

    /** Garbage collections so far: their count and the milliseconds they took. */
    private static long[] gc() {
        long count = 0;
        long ms = 0;
        for (var bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, bean.getCollectionCount());
            ms += Math.max(0, bean.getCollectionTime());
        }
        return new long[] { count, ms };
    }

    private static double ms(long us) {
        return us / 1000.0;
    }

    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /** The process's peak resident set (VmHWM), kB. */
    private static long rssPeakKb() throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
