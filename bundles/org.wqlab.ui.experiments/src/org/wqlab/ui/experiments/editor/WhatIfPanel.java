package org.wqlab.ui.experiments.editor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;
import org.wqlab.core.palette.Palette;
import org.wqlab.core.stats.DisconnectImpact;
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
import org.wqlab.ui.plot.SwtColours;

/**
 * A What if tab: a board as a simulated twin fitted to recorded runs (org.wqlab.predict), and what it predicts when
 * the cached size, the CPU_INTENSIVE threshold, the USB interrupt's CPU or the kernel line change: the predicted delay
 * curve and worst value beside each shown experiment's measured ones, always labelled a prediction. The experiment
 * editor shows one experiment (fitted with its board's other runs), the compare editor all it compares (fitted on
 * exactly those). The fit and the predictions run in Jobs; requests are coalesced into one prediction Job, so a
 * spinner held down hands the UI one answer per prediction, and only the latest request's answer is drawn.
 */
public final class WhatIfPanel {

    public static final String PREDICTED_SERIES = "PREDICTION (not measured)";
    /** What the result line starts with when no twin could be fitted. */
    public static final String REFUSED = "No twin: ";

    private static final String[] THRESHOLDS = { "kernel default", "10 ms", "off (60 s)" };
    private static final Long[] THRESHOLD_US = { null, 10_000L, 60_000_000L };
    private static final String[] KERNELS = { "as run", "5.4", "6.1", "6.6", "6.12" };
    /** Requests closer together than this make one prediction. */
    private static final long COALESCE_MS = 150;

    /** An experiment shown beside the prediction, named as its editor names it. */
    public record Shown(String name, LoadedExperiment loaded) {
    }

    /** Fits a twin once the shown experiments are read as runs. */
    @FunctionalInterface
    public interface Fitter {
        Twin fit(List<RecordedRun> shown) throws Exception;
    }

    /** How the twin is found, and what the panel says while it is. */
    public record Fit(String fitting, Fitter fitter) {

        /** The first shown experiment's board: it and that board's other runs in {@code experimentsDir}. */
        public static Fit boardOf(Path experimentsDir) {
            return new Fit("Fitting a simulated twin of this board to its runs in this workspace ...",
                    runs -> new Calibrator().fitBoardOf(runs.get(0), new Workspace(experimentsDir).experiments()));
        }

        /** Exactly the shown experiments (a comparison): they must be runs of one board that determine the fit. */
        public static Fit shownRuns() {
            return new Fit("Fitting a simulated twin to the compared runs ...", runs -> new Calibrator().fit(runs));
        }
    }

    /** What was measured in a shown experiment: its curve around the pull, worst after it, cached size if known. */
    private record Measured(String name, List<ModelOutcome.CurvePoint> curve, Long worstUs, Double cachedMib) {
    }

    private record Request(long id, Twin twin, WhatIf whatIf) {
    }

    private final Display display;
    private final Composite root;
    private final Spinner sizeMib;
    private final Combo threshold;
    private final Spinner irqCpu;
    private final Combo kernel;
    private final Button umount;
    private final Label result;
    private final Composite measuredLines;
    private final ScrolledComposite scroll;
    private final Composite words;
    private final Chart chart;
    private final ILineSeries<?> predicted;
    private final List<Control> inputs;
    private final AtomicReference<Request> latest = new AtomicReference<>();
    private final Job predictJob;
    private final AtomicLong predictionsRun = new AtomicLong();
    private volatile Twin twin;
    private volatile Prediction prediction;
    private List<Measured> measured = List.of();
    private final List<ILineSeries<?>> measuredSeries = new ArrayList<>();

    public WhatIfPanel(Composite parent) {
        display = parent.getDisplay();
        root = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(6, 4).applyTo(root);
        // the inputs wrap to a second row when the tab is narrow, each label beside its field
        Composite bar = new Composite(root, SWT.NONE);
        RowLayout rows = new RowLayout(SWT.HORIZONTAL);
        rows.center = true;
        rows.marginLeft = rows.marginRight = rows.marginTop = rows.marginBottom = 0;
        rows.spacing = 8;
        bar.setLayout(rows);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(bar);
        sizeMib = new Spinner(field(bar, "Cached MiB:"), SWT.BORDER);
        sizeMib.setValues(1024, 0, 65_536, 0, 256, 1024);
        sizeMib.setData(ExperimentIds.KEY, ExperimentIds.WHAT_IF_SIZE);
        threshold = new Combo(field(bar, "Threshold:"), SWT.READ_ONLY);
        threshold.setItems(THRESHOLDS);
        threshold.select(0);
        irqCpu = new Spinner(field(bar, "USB IRQ CPU:"), SWT.BORDER);
        irqCpu.setValues(0, 0, 63, 0, 1, 1);
        kernel = new Combo(field(bar, "Kernel:"), SWT.READ_ONLY);
        kernel.setItems(KERNELS);
        kernel.select(0);
        umount = new Button(bar, SWT.CHECK);
        umount.setText("unmount first");
        umount.setToolTipText("unmount the stick before the pull");
        inputs = List.of(sizeMib, threshold, irqCpu, kernel, umount);
        // the chart takes the tab's whole height (the compare editor's tab is short), the words stand beside it
        SashForm body = new SashForm(root, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(body);
        chart = new Chart(body, SWT.NONE);
        chart.setData(ExperimentIds.KEY, ExperimentIds.WHAT_IF_CHART);
        chart.getTitle().setText("What if: PREDICTION vs measured");
        chart.getAxisSet().getXAxis(0).getTitle().setText("time from the pull (s)");
        chart.getAxisSet().getYAxis(0).getTitle().setText("delay (ms)");
        chart.getLegend().setVisible(false); // the words beside the chart name each line in its colour
        Color predictedColour = display.getSystemColor(SWT.COLOR_DARK_MAGENTA);
        predicted = line(PREDICTED_SERIES, predictedColour);
        predicted.setLineStyle(LineStyle.DASH);
        scroll = new ScrolledComposite(body, SWT.V_SCROLL);
        words = new Composite(scroll, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(6, 4).spacing(0, 10).applyTo(words);
        result = new Label(words, SWT.WRAP);
        result.setData(ExperimentIds.KEY, ExperimentIds.WHAT_IF_RESULT);
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(result);
        result.setText("Loading the experiments ...");
        result.setForeground(predictedColour);
        measuredLines = new Composite(words, SWT.NONE);
        measuredLines.setData(ExperimentIds.KEY, ExperimentIds.WHAT_IF_MEASURED);
        GridLayoutFactory.fillDefaults().spacing(0, 2).applyTo(measuredLines);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(measuredLines);
        ScrollingColumn.attach(scroll, words);
        body.setWeights(68, 32);
        predictJob = Job.create("What if: predicting", this::runLatest);
        for (Control c : inputs) {
            c.setEnabled(false);
            c.addListener(c instanceof Spinner ? SWT.Modify : SWT.Selection, e -> predict());
        }
        root.addDisposeListener(e -> predictJob.cancel());
    }

    /** A label and the field that follows it, kept on one row. */
    private static Composite field(Composite bar, String label) {
        Composite pair = new Composite(bar, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(pair);
        new Label(pair, SWT.NONE).setText(label);
        return pair;
    }

    /** The words changed: wrap them again to the column and let it scroll to their height. */
    private void relayout() {
        words.layout(true, true);
        ScrollingColumn.fit(scroll, words);
        root.layout(true, true);
    }

    private ILineSeries<?> line(String name, Color colour) {
        ILineSeries<?> s = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE, name);
        s.setSymbolType(ILineSeries.PlotSymbolType.NONE);
        s.setLineColor(colour);
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

    /** What the column says was measured: each shown experiment's worst after the pull, a line each. */
    public String measured() {
        return String.join("\n", java.util.Arrays.stream(measuredLines.getChildren())
                .map(c -> ((Label) c).getText()).toList());
    }

    public Chart chart() {
        return chart;
    }

    /** The chart's predicted curve (ms against seconds from the pull). */
    public ILineSeries<?> predictedCurve() {
        return predicted;
    }

    /** The prediction drawn now, or null (fitting, refused, or predicting). */
    public Prediction prediction() {
        return prediction;
    }

    /** How many predictions the panel has run (requests made close together make one). */
    public long predictionsRun() {
        return predictionsRun.get();
    }

    /** The twin fitted, or null (fitting or refused). */
    public Twin twin() {
        return twin;
    }

    /** The fit failed or was refused: the panel says why instead. */
    public boolean refused() {
        return twin == null && !result.isDisposed() && result.getText().startsWith(REFUSED);
    }

    /** Shows {@code shown}'s measured curves and fits the twin {@code fit} says, off the UI thread. */
    public void load(List<Shown> shown, Fit fit) {
        result.setText(fit.fitting());
        Job.create(fit.fitting(), (IProgressMonitor m) -> {
            List<Measured> curves = new ArrayList<>();
            List<RecordedRun> runs = new ArrayList<>();
            String unreadable = null;
            for (Shown s : shown) {
                RecordedRun run = null;
                try {
                    run = RecordedRun.read(s.loaded().folder());
                    runs.add(run);
                } catch (Exception e) {
                    unreadable = unreadable != null ? unreadable : e.getMessage();
                }
                curves.add(new Measured(s.name(), MeasuredCurve.afterPull(s.loaded()), worstAfterPull(s.loaded()),
                        run == null ? null : run.cachedMib()));
            }
            display.asyncExec(() -> showMeasured(curves));
            String why = unreadable;
            Twin t = null;
            if (why == null) {
                try {
                    t = fit.fitter().fit(runs);
                } catch (Exception e) {
                    why = e.getMessage();
                }
            }
            Twin fitted = t;
            String refusal = why;
            Double firstMib = curves.get(0).cachedMib();
            display.asyncExec(() -> {
                if (fitted != null) {
                    fitted(fitted, firstMib);
                } else {
                    refuse(refusal);
                }
            });
            return Status.OK_STATUS;
        }).schedule();
    }

    private static Long worstAfterPull(LoadedExperiment loaded) {
        List<DisconnectImpact> pulls = loaded.statistics().disconnects();
        Integer worst = pulls.isEmpty() ? null : pulls.get(0).worstDelayUs();
        return worst == null ? null : worst.longValue();
    }

    private void showMeasured(List<Measured> curves) {
        if (root.isDisposed()) {
            return;
        }
        for (ILineSeries<?> old : measuredSeries) {
            chart.getSeriesSet().deleteSeries(old.getId());
        }
        measuredSeries.clear();
        measured = curves;
        for (int i = 0; i < curves.size(); i++) {
            Measured m = curves.get(i);
            String id = "measured: " + m.name();
            if (chart.getSeriesSet().getSeries(id) != null) {
                id += " (" + (i + 1) + ")";
            }
            ILineSeries<?> s = line(id, SwtColours.of(Palette.series(i)));
            set(s, m.curve());
            measuredSeries.add(s);
        }
        chart.getSeriesSet().bringToFront(PREDICTED_SERIES);
        showMeasuredLines();
        chart.getAxisSet().adjustRange();
        chart.redraw();
        relayout();
    }

    /** A line per shown experiment, in its curve's colour: name, cached size, measured worst after the pull. */
    private void showMeasuredLines() {
        for (Control old : measuredLines.getChildren()) {
            old.dispose();
        }
        wrapping(measuredLines, "MEASURED worst delay after the pull (solid lines):");
        for (int i = 0; i < measured.size(); i++) {
            Measured m = measured.get(i);
            String size = m.cachedMib() == null ? "" : String.format(Locale.ROOT, " (%.0f MiB cached)", m.cachedMib());
            String worst = m.worstUs() == null ? "no delay reported after the pull"
                    : String.format(Locale.ROOT, "%.1f ms", m.worstUs() / 1000.0);
            wrapping(measuredLines, "\u2501\u2501 " + m.name() + size + ": " + worst)
                    .setForeground(SwtColours.of(Palette.series(i)));
        }
    }

    private static Label wrapping(Composite parent, String text) {
        Label l = new Label(parent, SWT.WRAP);
        l.setText(text);
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(l);
        return l;
    }

    private void refuse(String why) {
        if (result.isDisposed()) {
            return;
        }
        result.setText(REFUSED + why);
        result.setForeground(display.getSystemColor(SWT.COLOR_RED));
        relayout();
    }

    private void fitted(Twin t, Double cachedMib) {
        if (root.isDisposed()) {
            return;
        }
        irqCpu.setMaximum(t.cpus() - 1);
        irqCpu.setSelection(t.usbIrqCpu());
        if (cachedMib != null) {
            sizeMib.setSelection((int) Math.round(cachedMib));
        }
        for (Control c : inputs) {
            c.setEnabled(true);
        }
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
        Request previous = latest.get();
        latest.set(new Request(previous == null ? 1 : previous.id() + 1, t, whatIf()));
        prediction = null;
        result.setText("Predicting ...");
        predictJob.schedule(COALESCE_MS);
    }

    /** The prediction Job: answers the latest request; a request made meanwhile schedules it once more. */
    private org.eclipse.core.runtime.IStatus runLatest(IProgressMonitor monitor) {
        Request r = latest.get();
        predictionsRun.incrementAndGet();
        Prediction p;
        try {
            p = Predictor.predict(r.twin(), r.whatIf());
        } catch (IllegalArgumentException e) {
            display.asyncExec(() -> {
                if (latest.get() == r && !result.isDisposed()) {
                    result.setText("Cannot predict: " + e.getMessage());
                }
            });
            return Status.OK_STATUS;
        }
        display.asyncExec(() -> {
            if (latest.get() == r && !root.isDisposed()) {
                show(p);
            }
        });
        return Status.OK_STATUS;
    }

    private void show(Prediction p) {
        prediction = p;
        set(predicted, p.model().curve());
        result.setText(String.format(Locale.ROOT, "PREDICTION (simulated twin, not a measurement): worst delay after "
                + "the pull %.1f ms (range %.1f .. %.1f ms) with %d MiB cached. "
                + "Fitted to %d runs of this board, largest residual %.1f %%. Dashed line.", p.predictedWorstUs() / 1000.0,
                p.lowUs() / 1000.0, p.highUs() / 1000.0, p.cachedBytes() >> 20, p.twin().residuals().size(),
                100 * p.twin().worstResidualFraction()));
        chart.getAxisSet().adjustRange();
        chart.redraw();
        relayout();
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
