package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.resources.IProject;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.SampleCache;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.testing.SyntheticKernelLog;
import org.wqlab.ui.testing.UiWait;

/**
 * Opening a large experiment in the experiment editor users open (a benchmark; skipped unless
 * {@code -Dwqlab.bench=true}): 10M samples over 4 CPUs ({@code latency_mon} classic=0 lines, written first and not
 * timed). The first open has no {@code samples.cache} (the log is parsed, and the cache written, in the editor's
 * Job); then the editor is closed and opened again from the cache three times. Each open is timed from
 * {@code openEditor} to the first painted frame that spans the whole experiment with the largest delay drawn. The
 * heap retained is the used heap after three collections with the last editor open and all its Jobs done (the Raw
 * log's line index included), minus the heap before the first open; the cache is read through a memory-mapped
 * file, whose pages are not Java heap and are not counted.
 */
@EnabledIfSystemProperty(named = "wqlab.bench", matches = "true")
class ExperimentEditorOpenBenchmarkTest {
    private static final Duration WAIT = Duration.ofSeconds(600);
    private static final int SAMPLES = Integer.getInteger("wqlab.bench.samples", 10_000_000);
    private static final int CPUS = 4;
    private static final int CACHED_OPENS = 3;

    @Test
    void tenMillionSamplesOpenToTheirFirstFullRangeFrame() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        IWorkbenchPage page = window.getActivePage();
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        Workspace workspace = ExperimentProjects.workspaceOf(project);
        ExperimentFolder folder = workspace.create("ten million samples", Instant.now());
        SyntheticKernelLog log = new SyntheticKernelLog();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(folder.kernelLog()), 1 << 20)) {
            log.write(out, SAMPLES, CPUS, 1_000);
        }
        folder.writeMetadata(ExperimentMetadata.of(folder.id(), "ten million samples", Instant.now(),
                ExperimentStatus.COMPLETED));
        long logMb = Files.size(folder.kernelLog()) >> 20;
        UiWait.settle(display);
        long heapBefore = usedHeapAfterGc();

        long firstMillis = openAndClose(display, page, folder);
        assertEquals(SampleCache.Verdict.VALID, ExperimentLoader.cacheVerdict(folder), "the first open wrote the cache");
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < CACHED_OPENS - 1; i++) {
            times.add(openAndClose(display, page, folder));
        }
        Open last = open(display, page, folder); // stays open while the heap is measured
        times.add(last.millis());
        UiWait.until(display, last.editor().rawLog()::ready, WAIT, "the Raw log's line index");
        UiWait.settle(display);
        long heap = usedHeapAfterGc() - heapBefore;

        times.sort(null);
        long median = times.get(CACHED_OPENS / 2);
        System.out.printf(Locale.ROOT, "EXPERIMENT EDITOR OPEN BENCHMARK: %,d samples, %d CPUs, kernel.log %,d MB,"
                + " load average %.1f%n"
                + "  first open (no samples.cache: parse the log, write the cache): %,d ms to the first full-range frame%n"
                + "  open from samples.cache: %s ms, median %,d ms (goal <= 1000); ratio first/cached %.1fx%n"
                + "  heap retained with the editor open: %.1f bytes/sample (goal <= 24; mapped cache pages not counted)%n",
                SAMPLES, CPUS, logMb, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                firstMillis, times, median, firstMillis / (double) median, heap / (double) SAMPLES);
        close(display, page, last.editor());
    }

    /** The time of one open; nothing of the editor is kept, so the next measures from a clean heap. */
    private static long openAndClose(Display display, IWorkbenchPage page, ExperimentFolder folder) throws Exception {
        Open o = open(display, page, folder);
        close(display, page, o.editor());
        return o.millis();
    }

    private record Open(ExperimentEditor editor, long millis) {
    }

    private static Open open(Display display, IWorkbenchPage page, ExperimentFolder folder) throws Exception {
        long t0 = System.nanoTime();
        ExperimentEditor editor = (ExperimentEditor) page.openEditor(
                new ExperimentEditorInput(folder.dir(), "ten million samples"), ExperimentIds.EDITOR);
        Frame frame = UiWait.until(display, () -> {
            var series = editor.chart().series();
            Frame f = editor.chart().lastFrame();
            return series != null && f != null && f.fromSeconds() <= series.oldestUs() / 1e6
                    && f.toSeconds() >= series.newestUs() / 1e6 ? f : null;
        }, WAIT, "the first full-range frame");
        long millis = (frame.paintedNanos() - t0) / 1_000_000;
        assertEquals(SAMPLES, editor.chart().series().sampleCount());
        assertEquals(SyntheticKernelLog.LARGEST_US, frame.maxDrawn(), "the largest delay is drawn");
        return new Open(editor, millis);
    }

    private static void close(Display display, IWorkbenchPage page, ExperimentEditor editor) {
        UiWait.until(display, editor.rawLog()::ready, WAIT, "the Raw log's line index");
        page.closeEditor(editor, false);
        UiWait.settle(display);
    }

    private static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
