package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.predict.Calibrator;
import org.wqlab.predict.CannotCalibrateException;
import org.wqlab.predict.ModelOutcome;
import org.wqlab.predict.Prediction;
import org.wqlab.predict.Predictor;
import org.wqlab.predict.RecordedRun;
import org.wqlab.predict.Twin;
import org.wqlab.predict.WhatIf;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.ui.experiments.compare.CompareEditor;
import org.wqlab.ui.experiments.compare.CompareEditorInput;
import org.wqlab.ui.experiments.editor.WhatIfPanel;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * The compare editor's What if tab under Xvfb: two default runs of the simulated board at 512 MiB and 1 GiB compared,
 * the twin fitted to exactly them predicts what the headless Predictor predicts for the same inputs, beside each run's
 * measured worst and curve, and changes made in a row make one prediction; a comparison of two runs at one cached
 * size shows the Calibrator's refusal.
 */
class WhatIfCompareTest {
    private static final Duration RUN = Duration.ofSeconds(240);
    private static final Duration PREDICTED = Duration.ofSeconds(120);

    private static RunResult small;
    private static RunResult large;

    /** The two runs both tests compare, made once. */
    private static void runs(EditorTabs.Workbench wb) throws Exception {
        if (small != null) {
            return;
        }
        small = EditorTabs.inBackground(wb.display(), () -> SimulatedRun.run(wb.workspace(),
                Map.of("size.mib", "512", "after.s", "1")), RUN);
        large = EditorTabs.inBackground(wb.display(), () -> SimulatedRun.run(wb.workspace(),
                Map.of("size.mib", "1024", "after.s", "1")), RUN);
        assertEquals(ExperimentStatus.COMPLETED, small.status(), small.summary());
        assertEquals(ExperimentStatus.COMPLETED, large.status(), large.summary());
    }

    @Test
    void changingTheCachedSizePredictsWhatThePredictorDoesBesideEachRun() throws Exception {
        EditorTabs.Workbench wb = EditorTabs.workbench();
        Display display = wb.display();
        IWorkbenchPage page = wb.page();
        runs(wb);
        List<Path> dirs = List.of(small.folder().dir(), large.folder().dir());
        CompareEditor editor = (CompareEditor) page.openEditor(new CompareEditorInput(dirs),
                ExperimentIds.COMPARE_EDITOR);
        EditorTabs.select(editor, "What if");
        WhatIfPanel panel = editor.whatIf();
        Prediction first = UiWait.until(display, () -> panel.refused() ? fail(panel) : panel.prediction(), PREDICTED,
                "the twin's first prediction");

        Twin twin = new Calibrator().fit(List.of(RecordedRun.read(small.folder()), RecordedRun.read(large.folder())));
        WhatIf at512 = new WhatIf(512L << 20, null, twin.usbIrqCpu(), null, false);
        assertEquals(at512, first.whatIf(), "the first prediction is at the first compared run's cached size");
        assertEquals(Predictor.predict(twin, at512).predictedWorstUs(), first.predictedWorstUs());

        for (RunResult r : List.of(small, large)) {
            RecordedRun run = RecordedRun.read(r.folder());
            assertTrue(panel.measured().contains(String.format(Locale.ROOT, "(%.0f MiB cached): %.1f ms",
                    run.cachedMib(), run.measuredWorstUs() / 1000.0)), panel.measured());
        }
        assertEquals(2, measuredCurves(panel), "a measured curve per compared run");
        double[] firstCurve = panel.predictedCurve().getYSeries();

        panel.sizeMib().setSelection(2048);
        panel.sizeMib().notifyListeners(SWT.Modify, new Event());
        Prediction second = UiWait.until(display, () -> {
            Prediction p = panel.prediction();
            return p != null && p.cachedBytes() == 2048L << 20 ? p : null;
        }, PREDICTED, "the prediction at 2048 MiB");
        Prediction expected = Predictor.predict(twin, at512.withCachedBytes(2048L << 20));
        assertEquals(expected.predictedWorstUs(), second.predictedWorstUs(), "the headless Predictor's worst");
        assertNotEquals(first.predictedWorstUs(), second.predictedWorstUs());
        assertTrue(panel.result().getText().startsWith("PREDICTION (simulated twin, not a measurement)"),
                panel.result().getText());
        assertTrue(panel.result().getText().contains(String.format(Locale.ROOT, "%.1f ms (range %.1f .. %.1f ms)",
                expected.predictedWorstUs() / 1000.0, expected.lowUs() / 1000.0, expected.highUs() / 1000.0)),
                panel.result().getText());
        assertArrayEquals(curve(expected.model().curve(), true), panel.predictedCurve().getXSeries(), 1e-9);
        assertArrayEquals(curve(expected.model().curve(), false), panel.predictedCurve().getYSeries(), 1e-9);
        assertFalse(java.util.Arrays.equals(firstCurve, panel.predictedCurve().getYSeries()), "the curve redrawn");
        assertEquals(WhatIfPanel.PREDICTED_SERIES, panel.predictedCurve().getId());

        EditorTabs.hideSideViews(page);
        UiWait.settle(display);
        Screenshots.capture(wb.shell(), Screenshots.directory().resolve("what-if-compare.png"));

        // a spinner held down: 33 changes in a row make one prediction, of the last value
        long runsBefore = panel.predictionsRun();
        for (int mib = 1024; mib <= 3072; mib += 64) {
            panel.sizeMib().setSelection(mib);
            panel.sizeMib().notifyListeners(SWT.Modify, new Event());
        }
        Prediction last = UiWait.until(display, () -> {
            Prediction p = panel.prediction();
            return p != null && p.cachedBytes() == 3072L << 20 ? p : null;
        }, PREDICTED, "the prediction at 3072 MiB");
        assertEquals(Predictor.predict(twin, at512.withCachedBytes(3072L << 20)).predictedWorstUs(),
                last.predictedWorstUs());
        assertEquals(1, panel.predictionsRun() - runsBefore, "33 requests in a row make one prediction");
        page.closeEditor(editor, false);
    }

    @Test
    void runsAtOneCachedSizeShowTheCalibratorsRefusal() throws Exception {
        EditorTabs.Workbench wb = EditorTabs.workbench();
        Display display = wb.display();
        runs(wb);
        Path again = Files.createTempDirectory("wqlab-what-if-compare").resolve(large.folder().id() + "-again");
        copy(large.folder().dir(), again);
        CannotCalibrateException refusal = assertThrows(CannotCalibrateException.class, () -> new Calibrator()
                .fit(List.of(RecordedRun.read(large.folder()), RecordedRun.read(new ExperimentFolder(again)))));

        CompareEditor editor = (CompareEditor) wb.page().openEditor(
                new CompareEditorInput(List.of(large.folder().dir(), again)), ExperimentIds.COMPARE_EDITOR);
        EditorTabs.select(editor, "What if");
        WhatIfPanel panel = editor.whatIf();
        UiWait.until(display, () -> panel.refused() ? true : null, PREDICTED, "the refusal");
        assertEquals(WhatIfPanel.REFUSED + refusal.getMessage(), panel.result().getText());
        assertTrue(refusal.getMessage().contains("about the same page cache"), refusal.getMessage());
        assertFalse(panel.sizeMib().isEnabled(), "nothing to change without a twin");
        assertEquals(2, measuredCurves(panel), "the measured curves are shown all the same");
        UiWait.settle(display);
        Screenshots.capture(wb.shell(), Screenshots.directory().resolve("what-if-compare-refused.png"));
        wb.page().closeEditor(editor, false);
    }

    private static int measuredCurves(WhatIfPanel panel) {
        return (int) Stream.of(panel.chart().getSeriesSet().getSeries())
                .filter(s -> s.getId().startsWith("measured: ") && s.getYSeries().length > 0).count();
    }

    private static double[] curve(List<ModelOutcome.CurvePoint> points, boolean x) {
        return points.stream().mapToDouble(p -> x ? p.atUs() / 1e6 : p.delayUs() / 1000.0).toArray();
    }

    private static Prediction fail(WhatIfPanel panel) {
        throw new AssertionError(panel.result().getText());
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            files.forEach(f -> {
                try {
                    Files.copy(f, to.resolve(from.relativize(f).toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
