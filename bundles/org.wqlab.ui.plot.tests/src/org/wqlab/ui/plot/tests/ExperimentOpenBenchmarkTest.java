package org.wqlab.ui.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.Range;
import org.eclipse.swtchart.model.DoubleArraySeriesModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.live.ExperimentSeries;
import org.wqlab.live.SeriesSnapshot;
import org.wqlab.ui.plot.ExperimentChart;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.testing.SyntheticKernelLog;
import org.wqlab.ui.testing.UiWait;

/**
 * Opening a large experiment (a benchmark; skipped unless {@code -Dwqlab.bench=true}): a 10M-sample experiment folder
 * on disk (kernel.log in the classic=0 format, 4 CPUs, ~550 MB, written first and not timed) is opened with
 * {@link ExperimentLoader#load} and drawn by {@link ExperimentChart} until its first full-range frame is painted
 * with the largest delay drawn. Side by side, in the same run: SWTChart drawing the same series undecimated (one
 * line series per CPU holding every sample, SWTChart's own compression on, as it ships). Prints the times and the
 * heap per sample.
 */
@EnabledIfSystemProperty(named = "wqlab.bench", matches = "true")
class ExperimentOpenBenchmarkTest {
    private static final long SAMPLES = Long.getLong("wqlab.bench.samples", 10_000_000L);
    private static final int CPUS = 4;
    private static final long PERIOD_US = 1_000;

    @Test
    void tenMillionSampleExperimentOpensAndDrawsItsFirstFullRangeFrame() throws Exception {
        Display display = Display.getDefault();
        Path root = Files.createTempDirectory("wqlab-bench-experiment");
        try {
            Workspace workspace = new Workspace(root);
            Instant created = Instant.parse("2026-11-29T00:00:00Z");
            ExperimentFolder folder = workspace.create("ten million samples", created);
            folder.writeMetadata(ExperimentMetadata.of(folder.id(), "ten million samples", created,
                    ExperimentStatus.COMPLETED));
            SyntheticKernelLog log = new SyntheticKernelLog();
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(folder.kernelLog()), 1 << 20)) {
                log.write(out, SAMPLES, CPUS, PERIOD_US);
            }
            long logBytes = Files.size(folder.kernelLog());

            Shell shell = new Shell(display, SWT.SHELL_TRIM);
            shell.setLayout(new FillLayout());
            shell.setSize(1400, 700);
            ExperimentChart chart = new ExperimentChart(shell, "10M samples");
            shell.open();
            UiWait.settle(display);
            long heapBefore = usedHeapAfterGc();

            // ---- ours: load (parse the raw log), per-CPU arrays, first full-range frame painted
            long t0 = System.nanoTime();
            LoadedExperiment loaded = ExperimentLoader.load(folder);
            long t1 = System.nanoTime();
            ExperimentSeries series = ExperimentSeries.of(loaded.content());
            long t2 = System.nanoTime();
            chart.setSeries(series);
            Frame first = UiWait.until(display, () -> {
                Frame f = chart.lastFrame();
                return f != null && f.fromSeconds() <= series.oldestUs() / 1e6
                        && f.toSeconds() >= series.newestUs() / 1e6 ? f : null;
            }, Duration.ofSeconds(120), "the first full-range frame");
            long t3 = first.paintedNanos();
            assertEquals(SAMPLES, loaded.content().samples().size());
            assertEquals(SyntheticKernelLog.LARGEST_US, first.maxDrawn(), "the largest delay is drawn");
            long drawnFrom = 0;
            for (int n : first.snapshotSizes()) {
                drawnFrom += n;
            }
            assertEquals(SAMPLES, drawnFrom, "the frame was computed from every sample");
            long heapOurs = usedHeapAfterGc() - heapBefore;
            int points = chart.drawnSeries().stream().mapToInt(d -> d.xs().length).sum();
            String screenshotDir = System.getProperty("wqlab.screenshot.dir");
            if (screenshotDir != null) {
                org.wqlab.ui.testing.Screenshots.capture(shell,
                        Path.of(screenshotDir).resolve("experiment-10M-full-range.png"));
            }

            // ---- baseline: the same series handed to SWTChart undecimated
            Shell baseShell = new Shell(display, SWT.SHELL_TRIM);
            baseShell.setLayout(new FillLayout());
            baseShell.setSize(1400, 700);
            Chart base = new Chart(baseShell, SWT.NONE);
            baseShell.open();
            UiWait.settle(display);
            long[] painted = { 0 };
            base.getPlotArea().getControl().addListener(SWT.Paint, e -> painted[0] = System.nanoTime());
            long heapBeforeBase = usedHeapAfterGc();
            long b0 = System.nanoTime();
            double maxMs = Double.NEGATIVE_INFINITY;
            for (SeriesSnapshot s : series.series()) {
                double[] x = new double[s.size()];
                double[] y = new double[s.size()];
                for (int i = 0; i < s.size(); i++) {
                    x[i] = s.timeUs()[i] / 1e6;
                    y[i] = s.delayUs()[i] / 1000.0;
                    maxMs = Math.max(maxMs, y[i]);
                }
                @SuppressWarnings("unchecked")
                ILineSeries<Integer> line = (ILineSeries<Integer>) base.getSeriesSet().createSeries(SeriesType.LINE,
                        "CPU " + s.cpu());
                line.setSymbolType(ILineSeries.PlotSymbolType.NONE);
                line.setDataModel(new DoubleArraySeriesModel(x, y));
            }
            base.getAxisSet().getXAxis(0).setRange(new Range(series.oldestUs() / 1e6, series.newestUs() / 1e6));
            base.getAxisSet().getYAxis(0).setRange(new Range(0, maxMs * 1.1));
            long b1 = System.nanoTime();
            base.redraw();
            UiWait.until(display, () -> painted[0] > b1, Duration.ofSeconds(600), "the undecimated chart's paint");
            long b2 = painted[0];
            long heapBase = usedHeapAfterGc() - heapBeforeBase;

            double oursMs = (t3 - t0) / 1e6;
            double baseMs = (b2 - b0) / 1e6 + (t1 - t0) / 1e6; // the baseline needs the same load first
            System.out.printf(Locale.ROOT,
                    "EXPERIMENT OPEN BENCHMARK: %,d samples, %d CPUs, kernel.log %,d MB%n"
                            + "  ExperimentChart (min/max decimation): open -> first full-range frame painted %.0f ms"
                            + " (goal <= 1000): load/parse %.0f ms, per-CPU arrays %.0f ms, frame computed and"
                            + " painted %.0f ms (frame thread %.0f ms, UI swap %.1f ms); %,d points drawn; largest"
                            + " delay drawn %.3f ms%n"
                            + "  heap: %.1f bytes/sample (sample store + per-CPU plot arrays)%n"
                            + "  SWTChart undecimated (same run, same load): load %.0f ms + arrays and series %.0f ms"
                            + " + first paint %.0f ms = %.0f ms; extra heap %.1f bytes/sample%n"
                            + "  ratio undecimated/ours: time %.1fx (from load) and %.1fx (draw only)%n",
                    SAMPLES, CPUS, logBytes >> 20, oursMs, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6,
                    first.computeNanos() / 1e6, first.applyNanos() / 1e6, points, first.maxDrawn() / 1000.0,
                    heapOurs / (double) SAMPLES, (t1 - t0) / 1e6, (b1 - b0) / 1e6, (b2 - b1) / 1e6, baseMs,
                    heapBase / (double) SAMPLES, baseMs / oursMs, (b2 - b0) / (double) (t3 - t2));
            assertTrue(points < 4 * 1400 * CPUS, "decimated to about two points per pixel: " + points);
            baseShell.dispose();
            shell.dispose();
            keep(loaded, series);
        } finally {
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static int drawnPoints(Chart chart) {
        int n = 0;
        for (var s : chart.getSeriesSet().getSeries()) {
            n += s.getDataModel() instanceof DoubleArraySeriesModel m ? m.size() : 0;
        }
        return n;
    }

    private static long usedHeapAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    /** Keeps both reachable until after the heap was measured. */
    private static void keep(Object... objects) throws IOException {
        if (objects.length == 0) {
            throw new IOException("unreachable");
        }
    }
}
