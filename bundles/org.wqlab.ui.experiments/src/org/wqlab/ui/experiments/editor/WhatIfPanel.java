package org.wqlab.ui.experiments.editor;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.predict.Calibrator;
import org.wqlab.predict.MeasuredCurve;
import org.wqlab.predict.ModelOutcome;
import org.wqlab.predict.Prediction;
import org.wqlab.predict.Predictor;
import org.wqlab.predict.RecordedRun;
import org.wqlab.predict.Twin;
import org.wqlab.predict.WhatIf;
import org.wqlab.ui.experiments.ExperimentIds;

/**
 * The What if tab: the experiment's board as a simulated twin fitted to its runs in this workspace (org.wqlab.predict),
 * and what it predicts when the cached size, the CPU_INTENSIVE threshold, the USB interrupt's CPU or the kernel line
 * change: the predicted delay curve and worst value beside the measured ones, always labelled a prediction. The fit
 * and every prediction run in Jobs; only the latest answer is drawn.
 */
public final class WhatIfPanel {

    private static final String[] THRESHOLDS = { "kernel default", "10000 us (10 ms)", "off (60 s)" };
    private static final Long[] THRESHOLD_US = { null, 10_000L, 60_000_000L };
    private static final String[] KERNELS = { "as recorded", "5.4", "6.1", "6.6", "6.12" };

    private final Composite root;
    private final Spinner sizeMib;
    private final Combo threshold;
    private final Spinner irqCpu;
    private final Combo kernel;
    private final Button umount;
    private final Label result;
    private final Chart chart;
    private final ILineSeries<?> measured;
    private final ILineSeries<?> predicted;
    private final AtomicLong latest = new AtomicLong();
    private volatile Twin twin;
    private volatile Prediction prediction;
    private volatile long measuredWorstUs = -1;

    public WhatIfPanel(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(6, 4).applyTo(root);
        Composite bar = new Composite(root, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(9).applyTo(bar);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(bar);
        new Label(bar, SWT.NONE).setText("Cached (MiB):");
        sizeMib = new Spinner(bar, SWT.BORDER);
        sizeMib.setValues(1024, 0, 65_536, 0, 256, 1024);
        sizeMib.setData(ExperimentIds.KEY, ExperimentIds.WHAT_IF_SIZE);
        new Label(bar, SWT.NONE).setText("Threshold:");
        threshold = new Combo(bar, SWT.READ_ONLY);
        threshold.setItems(THRESHOLDS);
        threshold.select(0);
        new Label(bar, SWT.NONE).setText("USB IRQ CPU:");
        irqCpu = new Spinner(bar, SWT.BORDER);
        irqCpu.setValues(0, 0, 63, 0, 1, 1);
        new Label(bar, SWT.NONE).setText("Kernel:");
        kernel = new Combo(bar, SWT.READ_ONLY);
        kernel.setItems(KERNELS);
        kernel.select(0);
        umount = new Button(bar, SWT.CHECK);
        umount.setText("unmount before the pull");
        result = new Label(root, SWT.WRAP);
        result.setData(ExperimentIds.KEY, ExperimentIds.WHAT_IF_RESULT);
        result.setText("Fitting a simulated twin of this board to its runs in this workspace ...");
        GridDataFactory.fillDefaults().grab(true, false).hint(400, SWT.DEFAULT).applyTo(result);
        chart = new Chart(root, SWT.NONE);
        chart.setData(ExperimentIds.KEY, ExperimentIds.WHAT_IF_CHART);
        chart.getTitle().setText("What if: PREDICTION (simulated twin) beside the measured run");
        chart.getAxisSet().getXAxis(0).getTitle().setText("time from the pull (s)");
        chart.getAxisSet().getYAxis(0).getTitle().setText("delay (ms)");
        measured = line("measured", SWT.COLOR_DARK_BLUE);
        predicted = line("PREDICTION (not measured)", SWT.COLOR_DARK_MAGENTA);
        predicted.setLineStyle(org.eclipse.swtchart.LineStyle.DASH);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(chart);
        for (Control c : new Control[] { sizeMib, threshold, irqCpu, kernel, umount }) {
            c.addListener(c instanceof Spinner ? SWT.Modify : SWT.Selection, e -> predict());
        }
    }

    private ILineSeries<?> line(String name, int colour) {
        ILineSeries<?> s = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE, name);
        s.setSymbolType(ILineSeries.PlotSymbolType.NONE);
        s.setLineColor(root.getDisplay().getSystemColor(colour));
        s.setLineWidth(2);
        return s;
    }

    public Control control() {
        return root;
    }

    public Spinner sizeMib() {
        return sizeMib;
    }

    public Label result() {
        return result;
    }

    public Chart chart() {
        return chart;
    }

    /** The prediction drawn now, or null (fitting, refused, or predicting). */
    public Prediction prediction() {
        return prediction;
    }

    /** The fit failed or was refused: the panel says why instead. */
    public boolean refused() {
        return twin == null && !result.isDisposed() && result.getText().startsWith("No twin:");
    }

    /** Fits the twin of the experiment's board on its runs in the same workspace folder, off the UI thread. */
    public void load(LoadedExperiment loaded) {
        Path dir = loaded.folder().dir();
        var display = root.getDisplay();
        Job.create("Fitting a simulated twin to " + dir.getFileName(), (IProgressMonitor m) -> {
            String why;
            try {
                RecordedRun target = RecordedRun.read(loaded.folder());
                List<ModelOutcome.CurvePoint> curve = MeasuredCurve.afterPull(loaded);
                Twin t = new Calibrator().fitBoardOf(target, new Workspace(dir.getParent()).experiments());
                display.asyncExec(() -> fitted(t, target, curve));
                return Status.OK_STATUS;
            } catch (Exception e) {
                why = e.getMessage();
            }
            String shown = why;
            display.asyncExec(() -> {
                if (!result.isDisposed()) {
                    result.setText("No twin: " + shown);
                    root.layout(true, true);
                }
            });
            return Status.OK_STATUS;
        }).schedule();
    }

    private void fitted(Twin t, RecordedRun target, List<ModelOutcome.CurvePoint> curve) {
        if (root.isDisposed()) {
            return;
        }
        measuredWorstUs = target.measuredWorstUs();
        set(measured, curve);
        irqCpu.setMaximum(t.cpus() - 1);
        irqCpu.setSelection(t.usbIrqCpu());
        sizeMib.setSelection((int) Math.round(target.cachedMib()));
        twin = t;
        predict();
    }

    private WhatIf whatIf() {
        int k = kernel.getSelectionIndex();
        return new WhatIf((long) sizeMib.getSelection() << 20, THRESHOLD_US[threshold.getSelectionIndex()],
                irqCpu.getSelection(), k <= 0 ? null : KERNELS[k], umount.getSelection());
    }

    private void predict() {
        Twin t = twin;
        if (t == null || root.isDisposed()) {
            return;
        }
        WhatIf w = whatIf();
        long request = latest.incrementAndGet();
        prediction = null;
        result.setText("Predicting ...");
        var display = root.getDisplay();
        Job.create("What if: predicting", (IProgressMonitor m) -> {
            Prediction p = Predictor.predict(t, w);
            display.asyncExec(() -> {
                if (request == latest.get() && !root.isDisposed()) {
                    show(p);
                }
            });
            return Status.OK_STATUS;
        }).schedule();
    }

    private void show(Prediction p) {
        prediction = p;
        set(predicted, p.model().curve());
        result.setText(String.format(Locale.ROOT, "PREDICTION (simulated twin, not a measurement): worst delay after "
                + "the pull %.1f ms (range %.1f .. %.1f ms) with %d MiB cached; measured in this run: %.1f ms. "
                + "Fitted to %d runs of this board, largest residual %.1f %%.", p.predictedWorstUs() / 1000.0,
                p.lowUs() / 1000.0, p.highUs() / 1000.0, p.cachedBytes() >> 20, measuredWorstUs / 1000.0,
                p.twin().residuals().size(), 100 * p.twin().worstResidualFraction()));
        chart.getAxisSet().adjustRange();
        chart.redraw();
        root.layout(true, true);
    }

    private static void set(ILineSeries<?> s, List<ModelOutcome.CurvePoint> points) {
        double[] x = new double[points.size()];
        double[] y = new double[points.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = points.get(i).atUs() / 1e6;
            y[i] = points.get(i).delayUs() / 1000.0;
        }
        s.setXSeries(x);
        s.setYSeries(y);
    }
}
