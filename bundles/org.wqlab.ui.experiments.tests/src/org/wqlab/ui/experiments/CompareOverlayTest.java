package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import org.eclipse.core.resources.IProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.swtchart.ISeries;
import org.junit.jupiter.api.Test;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentChanges;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.experiments.compare.CompareEditor;
import org.wqlab.ui.experiments.compare.CompareEditorInput;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.plot.ComparisonChart;
import org.wqlab.ui.plot.DrawnSeries;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.testing.UiWait;

/**
 * The compare editor's chart on two experiment folders whose USB disconnects happened at different board times
 * (100 s and 500 s): both are drawn from their own disconnect, the chart opens from 3 s before t = 0 to 3 s after the
 * end of the longer stall, every wheel notch still draws each experiment's largest delay in view, Home shows
 * everything, and the legend names the experiments.
 */
class CompareOverlayTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long PERIOD_US = 1_000;
    private static final int CPUS = 2;

    /** One report as written: board time, CPU, delay. */
    private record Report(long timeUs, int cpu, int delayUs) {
    }

    /**
     * A run from {@code fromUs} to {@code toUs}: every CPU reports every millisecond, the disconnect at
     * {@code disconnectUs}, then {@code stallCpu} sends nothing for {@code stallUs} and reports it about
     * {@code stallEndAfterUs} after the disconnect (on its reporting grid: CPU 1 half a period later); one spike of 40 ms on CPU 0 six seconds before the disconnect.
     */
    private record Run(String name, long fromUs, long toUs, long disconnectUs, int stallCpu, int stallUs,
            long stallEndAfterUs, List<Report> reports) {

        static Run of(String name, long fromUs, long toUs, long disconnectUs, int stallCpu, int stallUs,
                long stallEndAfterUs) {
            List<Report> reports = new ArrayList<>();
            long stallEnd = disconnectUs + stallEndAfterUs + stallCpu * PERIOD_US / CPUS;
            long spikeAt = disconnectUs - 6_000_000;
            for (long t = fromUs; t < toUs; t += PERIOD_US) {
                for (int cpu = 0; cpu < CPUS; cpu++) {
                    long at = t + cpu * PERIOD_US / CPUS;
                    int delay = (int) (30 + (at / PERIOD_US * 7919) % 300);
                    if (cpu == stallCpu && at > stallEnd - stallUs && at < stallEnd) {
                        continue; // stalled: no report
                    }
                    if (cpu == stallCpu && at == stallEnd) {
                        delay = stallUs;
                    }
                    if (cpu == 0 && at == spikeAt) {
                        delay = 40_000;
                    }
                    reports.add(new Report(at, cpu, delay));
                }
            }
            return new Run(name, fromUs, toUs, disconnectUs, stallCpu, stallUs, stallEndAfterUs, reports);
        }

        void write(ExperimentFolder folder) throws IOException {
            int[] seq = new int[CPUS];
            try (BufferedWriter out = Files.newBufferedWriter(folder.kernelLog(), StandardCharsets.UTF_8)) {
                out.write(line(fromUs - 1_000, "latency_mon: start cpu=all period_ms=1 threshold_ms=9 report_all=1"));
                boolean pulled = false;
                for (Report r : reports) {
                    if (!pulled && r.timeUs() >= disconnectUs) {
                        out.write(line(disconnectUs, "usb 2-1: USB disconnect, device number 5"));
                        pulled = true;
                    }
                    out.write(line(r.timeUs(), "latency_mon: cpu=" + r.cpu() + " seq=" + ++seq[r.cpu()]
                            + " delay_us=" + r.delayUs()));
                }
                out.write(line(toUs + 1_000, "latency_mon: stop"));
            }
            folder.writeMetadata(ExperimentMetadata.of(folder.id(), name, Instant.now(), ExperimentStatus.COMPLETED));
        }

        /** Seconds from the disconnect of the stalled CPU's late report (on that CPU's reporting grid). */
        double stallEndSeconds() {
            return (stallEndAfterUs + stallCpu * PERIOD_US / CPUS) / 1e6;
        }

        /** Seconds from the disconnect of the last report. */
        double lastSeconds() {
            return (reports.get(reports.size() - 1).timeUs() - disconnectUs) / 1e6;
        }

        private static String line(long us, String message) {
            return String.format(Locale.ROOT, "[%5d.%06d] %s%n", us / 1_000_000, us % 1_000_000, message);
        }

        /** The largest delay among the reports in [fromS, toS) seconds from the disconnect. */
        int largestIn(double fromS, double toS) {
            long from = disconnectUs + (long) Math.floor(fromS * 1e6);
            long to = disconnectUs + (long) Math.ceil(toS * 1e6) + 1;
            return reports.stream().filter(r -> r.timeUs() >= from && r.timeUs() < to).mapToInt(Report::delayUs)
                    .max().orElse(Integer.MIN_VALUE);
        }
    }

    @Test
    void twoExperimentsFromTheirDisconnectsZoomedByTheWheel() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        IWorkbenchPage page = window.getActivePage();
        page.showView(ViewIds.EXPERIMENTS);
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        Workspace workspace = ExperimentProjects.workspaceOf(project);
        // board times far apart, stalls of 2 s and 4.5 s ending 2.3 s and 5 s after each one's disconnect
        Run early = Run.of("early pull", 90_000_000, 110_000_000, 100_000_000, 1, 2_000_000, 2_300_000);
        Run late = Run.of("late pull", 480_000_000, 515_000_000, 500_000_000, 0, 4_500_000, 5_000_000);
        List<Run> runs = List.of(early, late);
        List<ExperimentFolder> folders = new ArrayList<>();
        for (Run r : runs) {
            ExperimentFolder f = workspace.create(r.name(), Instant.now());
            r.write(f);
            folders.add(f);
        }
        try {
            CompareEditor compare = (CompareEditor) page.openEditor(
                    new CompareEditorInput(folders.stream().map(ExperimentFolder::dir).toList()),
                    ExperimentIds.COMPARE_EDITOR);
            UiWait.until(display, compare::comparison, WAIT, "the comparison to load");
            ComparisonChart chart = compare.chart();

            // the default range: 3 s before t = 0 to 3 s after the longer stall (late's, 5 s after its disconnect)
            Frame first = waitForFrame(display, chart, f -> f.fromSeconds() == -3.0 && f.toSeconds() == 8.0,
                    "the first frame over the default range [-3, 8] s");
            assertArrayEquals(new double[] { -3.0, 8.0 }, chart.timeRange());
            List<String> names = List.of("early pull", "late pull");
            assertEquals(names, compare.comparison().labels(), "the comparison names them by their names");
            assertEquals(names, Arrays.stream(chart.chart().getSeriesSet().getSeries()).map(ISeries::getId).toList(),
                    "the legend names the experiments");
            assertEquals(List.of("early pull", "early pull", "late pull", "late pull"), first.seriesNames(),
                    "a series per experiment and CPU");

            // each drawn from its own disconnect: the stalls' reports at 2.3 s and 5 s, nothing at board time
            for (Run r : runs) {
                double stallEndS = r.stallEndSeconds();
                assertTrue(contains(chart, r.name(), stallEndS, r.stallUs() / 1000.0), r.name()
                        + "'s stall is drawn " + stallEndS + " s from its disconnect: " + points(chart, r.name()));
                double earliest = (r.fromUs() - r.disconnectUs()) / 1e6;
                double latest = (r.toUs() - r.disconnectUs()) / 1e6;
                for (DrawnSeries s : chart.drawnSeries()) {
                    if (s.name().equals(r.name())) {
                        for (double x : s.xs()) {
                            assertTrue(x >= earliest && x <= latest, r.name() + ": " + x + " s is not within ["
                                    + earliest + ", " + latest + "] s from its disconnect");
                        }
                    }
                }
                assertEquals(r.largestIn(-3, 8), first.maxDrawn(r.name()), r.name() + "'s largest delay in view");
            }

            // wheel zoom in around early's stall, then out past the pre-disconnect spike
            Control plot = chart.chart().getPlotArea().getControl();
            int stallPx = chart.chart().getAxisSet().getXAxis(0).getPixelCoordinate(2.3);
            int rightPx = chart.chart().getPlotArea().getSize().x - 5;
            for (int notch = 0; notch < 38; notch++) {
                boolean in = notch < 18;
                int px = in ? stallPx : rightPx;
                double[] before = chart.timeRange();
                chart.zoomAt(px, in);
                double[] range = chart.timeRange();
                assertTrue(in ? range[1] - range[0] < before[1] - before[0] : range[1] - range[0] > before[1] - before[0],
                        "notch " + notch + " zoomed " + (in ? "in" : "out"));
                Frame f = waitForFrame(display, chart, fr -> fr.fromSeconds() == range[0] && fr.toSeconds() == range[1],
                        "the frame of notch " + notch);
                for (Run r : runs) {
                    int largest = r.largestIn(range[0], range[1]);
                    if (largest == Integer.MIN_VALUE) {
                        continue;
                    }
                    assertEquals(largest / 1000.0, largestDrawnIn(chart, r.name(), range), String.format(Locale.ROOT,
                            "notch %d: %s's largest delay in [%.6f, %.6f] s is drawn", notch, r.name(), range[0],
                            range[1]));
                    assertTrue(f.maxDrawn(r.name()) >= largest, "notch " + notch + ": " + r.name());
                }
            }
            double[] zoomedOut = chart.timeRange();
            assertTrue(zoomedOut[0] < -6, "zoomed out past the spike 6 s before the disconnect: " + zoomedOut[0]);
            assertEquals(40.0, largestDrawnIn(chart, "early pull", new double[] { -6.5, -5.5 }),
                    "early's spike 6 s before its disconnect");

            // Home: everything (late's run from 20 s before its disconnect to 15 s after, 2 % margin)
            plot.setFocus();
            Event home = new Event();
            home.keyCode = SWT.HOME;
            plot.notifyListeners(SWT.KeyDown, home);
            Frame all = waitForFrame(display, chart, f -> f.toSeconds() - f.fromSeconds() > 30, "the whole of both");
            double last = Math.max(early.lastSeconds(), late.lastSeconds());
            double margin = (last + 20.0) * 0.02;
            assertEquals(-20.0 - margin, all.fromSeconds(), 1e-9, "from late's first report");
            assertEquals(last + margin, all.toSeconds(), 1e-9, "to late's last report");
            for (Run r : runs) {
                assertEquals(r.stallUs(), all.maxDrawn(r.name()), r.name() + "'s stall is its largest delay");
            }
            page.closeEditor(compare, false);
        } finally {
            page.closeAllEditors(false);
            for (ExperimentFolder f : folders) {
                ExperimentChanges.delete(f);
            }
            WorkbenchServices.get(ExperimentCatalog.class).refresh();
            UiWait.until(display, () -> WorkbenchServices.get(ExperimentCatalog.class).experiments().stream()
                    .noneMatch(e -> folders.stream().anyMatch(f -> f.dir().equals(e.dir()))), WAIT,
                    "the test's experiments to leave the catalog");
        }
    }

    private static Frame waitForFrame(Display display, ComparisonChart chart, Predicate<Frame> wanted, String what) {
        return UiWait.until(display, () -> {
            Frame f = chart.lastFrame();
            return f != null && wanted.test(f) ? f : null;
        }, WAIT, what);
    }

    private static boolean contains(ComparisonChart chart, String name, double x, double y) {
        for (DrawnSeries s : chart.drawnSeries()) {
            if (s.name().equals(name)) {
                for (int i = 0; i < s.xs().length; i++) {
                    if (Math.abs(s.xs()[i] - x) < 1e-9 && s.ys()[i] == y) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** The largest delay (ms) drawn for experiment {@code name} at times within {@code range}. */
    private static double largestDrawnIn(ComparisonChart chart, String name, double[] range) {
        long from = (long) Math.floor(range[0] * 1e6);
        long to = (long) Math.ceil(range[1] * 1e6) + 1;
        double largest = Double.NEGATIVE_INFINITY;
        for (DrawnSeries s : chart.drawnSeries()) {
            if (s.name().equals(name)) {
                for (int i = 0; i < s.xs().length; i++) {
                    long t = Math.round(s.xs()[i] * 1e6);
                    if (t >= from && t < to) {
                        largest = Math.max(largest, s.ys()[i]);
                    }
                }
            }
        }
        return largest;
    }

    private static String points(ComparisonChart chart, String name) {
        StringBuilder b = new StringBuilder();
        for (DrawnSeries s : chart.drawnSeries()) {
            if (s.name().equals(name)) {
                int max = 0;
                for (int i = 1; i < s.ys().length; i++) {
                    max = s.ys()[i] > s.ys()[max] ? i : max;
                }
                b.append(String.format(Locale.ROOT, "CPU %d max %.3f ms at %.6f s; ", s.cpu(), s.ys()[max],
                        s.xs()[max]));
            }
        }
        return b.toString();
    }
}
