package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.Workspace;
import org.wqlab.predict.Prediction;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.editor.WhatIfPanel;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * The What if tab under Xvfb, on two default runs of the simulated board (512 MiB and 1 GiB): the twin fitted to
 * them predicts the opened run's worst delay, and changing the cached size redraws the predicted curve and the worst
 * value, labelled a prediction.
 */
class WhatIfPanelTest {
    private static final Duration RUN = Duration.ofSeconds(240);
    private static final Duration PREDICTED = Duration.ofSeconds(120);

    @Test
    void changingTheCachedSizeRedrawsThePredictedCurveAndWorst() throws Exception {
        EditorTabs.Workbench wb = EditorTabs.workbench();
        Display display = wb.display();
        Shell shell = wb.shell();
        IWorkbenchPage page = wb.page();
        Workspace workspace = wb.workspace();
        RunResult small = EditorTabs.inBackground(display, () -> SimulatedRun.run(workspace,
                Map.of("size.mib", "512", "after.s", "1")), RUN);
        RunResult large = EditorTabs.inBackground(display, () -> SimulatedRun.run(workspace,
                Map.of("size.mib", "1024", "after.s", "1")), RUN);
        assertEquals(ExperimentStatus.COMPLETED, small.status(), small.summary());
        assertEquals(ExperimentStatus.COMPLETED, large.status(), large.summary());

        ExperimentEditor editor = (ExperimentEditor) page.openEditor(
                new ExperimentEditorInput(large.folder().dir(), "what if"), ExperimentIds.EDITOR);
        EditorTabs.select(editor, "What if");
        WhatIfPanel panel = editor.whatIf();
        Prediction first = UiWait.until(display, () -> panel.refused() ? fail(panel) : panel.prediction(), PREDICTED,
                "the twin's first prediction");
        long measured = org.wqlab.klog.ExperimentLoader.load(large.folder()).statistics().disconnects().get(0)
                .worstDelayUs();
        assertEquals(measured, first.predictedWorstUs(), measured * 0.10,
                "the twin predicts the run it was fitted on: " + panel.result().getText());
        assertTrue(panel.result().getText().startsWith("PREDICTION (simulated twin, not a measurement)"),
                panel.result().getText());
        double firstCurveTop = top(panel);

        panel.sizeMib().setSelection(2048);
        panel.sizeMib().notifyListeners(SWT.Modify, new org.eclipse.swt.widgets.Event());
        Prediction second = UiWait.until(display, () -> {
            Prediction p = panel.prediction();
            return p != null && p.cachedBytes() == 2048L << 20 ? p : null;
        }, PREDICTED, "the prediction at 2048 MiB");
        assertTrue(second.predictedWorstUs() > first.predictedWorstUs() * 1.6, first.predictedWorstUs() + " -> "
                + second.predictedWorstUs());
        assertTrue(panel.result().getText().contains(String.format(java.util.Locale.ROOT, "%.1f ms",
                second.predictedWorstUs() / 1000.0)), panel.result().getText());
        double secondCurveTop = top(panel);
        assertTrue(secondCurveTop >= second.lowUs() / 1000.0 && secondCurveTop <= second.highUs() / 1000.0,
                "the curve's peak " + secondCurveTop + " ms within the predicted range " + second);
        assertTrue(secondCurveTop > firstCurveTop * 1.6, firstCurveTop + " -> " + secondCurveTop);
        assertEquals("PREDICTION (not measured)", panel.predictedCurve().getId());

        EditorTabs.hideSideViews(page);
        UiWait.settle(display);
        Path png = Screenshots.directory().resolve("what-if.png");
        Screenshots.capture(shell, png);
        page.closeEditor(editor, false);
    }

    private static Prediction fail(WhatIfPanel panel) {
        throw new AssertionError(panel.result().getText());
    }

    /** The highest y of the predicted curve, ms. */
    private static double top(WhatIfPanel panel) {
        double max = 0;
        for (double y : panel.predictedCurve().getYSeries()) {
            max = Math.max(max, y);
        }
        return max;
    }
}
