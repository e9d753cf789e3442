package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.resources.IProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.live.ExperimentSeries;
import org.wqlab.live.SeriesSnapshot;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.plot.DrawnSeries;
import org.wqlab.ui.plot.ExperimentChart;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.SyntheticKernelLog;
import org.wqlab.ui.testing.UiWait;

/**
 * The experiment editor on a dense experiment (1.2M reports, every CPU reporting every millisecond): the plot takes
 * most of the editor, the mouse wheel zooms until one second fills it and then every report of that second is
 * drawn, Go to worst centres the largest delay, and selecting an event puts the time cursor there and selects its
 * line in the Raw log.
 */
class DenseExperimentEditorTest {
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final int SAMPLES = 1_200_000;
    private static final int CPUS = 4;

    @Test
    void zoomGoToWorstAndTheEventCursorOnAMillionReports() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        Shell shell = window.getShell();
        IWorkbenchPage page = window.getActivePage();
        page.showView(ViewIds.EXPERIMENTS);
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        Workspace workspace = ExperimentProjects.workspaceOf(project);
        ExperimentFolder folder = workspace.create("dense", Instant.now());
        SyntheticKernelLog log = new SyntheticKernelLog();
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(folder.kernelLog()), 1 << 20)) {
            log.write(out, SAMPLES, CPUS, 1_000);
        }
        folder.writeMetadata(ExperimentMetadata.of(folder.id(), "dense", Instant.now(), ExperimentStatus.COMPLETED));

        ExperimentEditor editor = (ExperimentEditor) page.openEditor(new ExperimentEditorInput(folder.dir(), "dense"),
                ExperimentIds.EDITOR);
        try {
            UiWait.until(display, editor::details, WAIT, "the experiment to load");
            ExperimentChart chart = editor.chart();
            ExperimentSeries series = chart.series();
            assertEquals(SAMPLES, series.sampleCount());
            Frame all = waitForFrame(display, chart, f -> f.fromSeconds() <= series.oldestUs() / 1e6
                    && f.toSeconds() >= series.newestUs() / 1e6, "the whole experiment");
            assertEquals(SyntheticKernelLog.LARGEST_US, all.maxDrawn(), "the largest delay is drawn");
            Composite editorRoot = editor.banner().getParent();
            int plotHeight = chart.control().getSize().y;
            assertTrue(plotHeight > editorRoot.getSize().y / 2, "the plot is " + plotHeight + " of "
                    + editorRoot.getSize().y + " px");

            // the wheel, around a quiet second after the start
            double at = SyntheticKernelLog.START_US / 1e6 + 40.3;
            Frame zoomed = all;
            for (int notch = 0; zoomed.toSeconds() - zoomed.fromSeconds() > 1.0; notch++) {
                assertTrue(notch < 60, "60 wheel notches without reaching one second");
                int px = chart.chart().getAxisSet().getXAxis(0).getPixelCoordinate(at);
                chart.zoomAt(px, true);
                double width = zoomed.toSeconds() - zoomed.fromSeconds();
                zoomed = waitForFrame(display, chart, f -> f.toSeconds() - f.fromSeconds() < width * 0.9,
                        "a frame zoomed in from " + width + " s");
            }
            assertEveryReportInViewIsDrawn(chart, series, zoomed);
            Screenshots.capture(shell, Screenshots.directory().resolve("experiment-editor-zoomed.png"));

            Button worst = find(editorRoot, ExperimentIds.EDITOR_GO_TO_WORST, Button.class);
            worst.notifyListeners(SWT.Selection, new Event());
            double lateFrom = (log.largestAtUs - SyntheticKernelLog.LARGEST_US) / 1e6;
            double lateTo = log.largestAtUs / 1e6;
            Frame centred = waitForFrame(display, chart, f -> f.fromSeconds() < lateFrom && f.toSeconds() > lateTo,
                    "a frame around the largest delay");
            double centre = (centred.fromSeconds() + centred.toSeconds()) / 2;
            assertEquals((lateFrom + lateTo) / 2, centre, (centred.toSeconds() - centred.fromSeconds()) * 0.01,
                    "Go to worst centres the late interval");
            assertEquals(SyntheticKernelLog.LARGEST_US, centred.maxDrawn());

            Table events = find(editorRoot, ExperimentIds.EDITOR_EVENTS, Table.class);
            List<org.wqlab.core.model.Event> listed = editor.details().loaded().content().events();
            int disconnect = -1;
            for (int i = 0; i < listed.size(); i++) {
                if (listed.get(i).kind() == EventKind.USB_DISCONNECT) {
                    disconnect = i;
                }
            }
            assertTrue(disconnect >= 0, "no USB disconnect event: " + listed);
            org.wqlab.core.model.Event pull = listed.get(disconnect);
            assertTrue(pull.line() > 700_000, "the disconnect is deep in the log: line " + pull.line());
            events.setSelection(disconnect);
            events.notifyListeners(SWT.Selection, new Event());
            assertEquals(pull.timestampUs() / 1e6, chart.cursor(), 1e-9, "the cursor is at the event");
            double[] range = chart.timeRange();
            assertTrue(range[0] <= chart.cursor() && chart.cursor() <= range[1], "the cursor is in view");
            UiWait.until(display, () -> editor.rawLog().selectedLine() == pull.line(), WAIT,
                    "the Raw log to select line " + pull.line() + " (selected: " + editor.rawLog().selectedLine() + ")");
            UiWait.settle(display);
            Screenshots.capture(shell, Screenshots.directory().resolve("experiment-editor-cursor.png"));
        } finally {
            page.closeEditor(editor, false);
        }
    }

    /** Every report of the window is a vertex of its CPU's drawn line, at its time and delay. */
    private static void assertEveryReportInViewIsDrawn(ExperimentChart chart, ExperimentSeries series, Frame f) {
        long fromUs = (long) Math.ceil(f.fromSeconds() * 1e6);
        long toUs = (long) Math.floor(f.toSeconds() * 1e6);
        int checked = 0;
        for (SeriesSnapshot s : series.series()) {
            DrawnSeries drawn = chart.drawnSeries().stream().filter(d -> d.cpu() == s.cpu()).findFirst()
                    .orElseThrow(() -> new AssertionError("CPU " + s.cpu() + " is not drawn"));
            Set<String> points = new HashSet<>();
            for (int i = 0; i < drawn.xs().length; i++) {
                points.add(Math.round(drawn.xs()[i] * 1e6) + ":" + Math.round(drawn.ys()[i] * 1000));
            }
            for (int i = 0; i < s.size(); i++) {
                long t = s.timeUs()[i];
                if (t >= fromUs && t <= toUs) {
                    assertTrue(points.contains(t + ":" + s.delayUs()[i]), "CPU " + s.cpu() + ": the report at " + t
                            + " us (" + s.delayUs()[i] + " us) is not drawn");
                    checked++;
                }
            }
        }
        assertTrue(checked >= 3_000, "reports in the zoomed window: " + checked);
    }

    private static Frame waitForFrame(Display display, ExperimentChart chart, java.util.function.Predicate<Frame> wanted,
            String what) {
        return UiWait.until(display, () -> {
            Frame f = chart.lastFrame();
            return f != null && wanted.test(f) ? f : null;
        }, WAIT, what);
    }

    private static <T extends Control> T find(Control root, String key, Class<T> type) {
        if (type.isInstance(root) && key.equals(root.getData(ExperimentIds.KEY))) {
            return type.cast(root);
        }
        if (root instanceof Composite c) {
            for (Control child : c.getChildren()) {
                try {
                    return find(child, key, type);
                } catch (AssertionError notHere) {
                    // look on
                }
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " " + key);
    }
}
