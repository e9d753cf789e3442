package org.wqlab.ui.plot;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.Range;
import org.wqlab.live.Histogram;

/**
 * OSADL-style histogram: runs per logarithmic delay bin, both axes logarithmic, drawn as steps, the worst case in
 * the title.
 */
final class LogHistogramChart {
    /** Empty bins are drawn with this count: below the Y axis' lower end, so they stay on the floor. */
    private static final double EMPTY = 0.5;
    /** Where bin 0 (below 1 us, early runs included) starts on the log axis, in ms. */
    private static final double BELOW_ONE_US_MS = 0.0005;

    private final Chart chart;
    private final ILineSeries<?> steps;

    LogHistogramChart(Composite parent) {
        chart = new Chart(parent, SWT.NONE);
        chart.getTitle().setText("Histogram");
        chart.getLegend().setVisible(false);
        chart.getAxisSet().getXAxis(0).getTitle().setText("delay (ms, log bins)");
        chart.getAxisSet().getYAxis(0).getTitle().setText("runs");
        steps = (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE, "runs");
        steps.setSymbolType(ILineSeries.PlotSymbolType.NONE);
        steps.enableStep(true);
        steps.setLineWidth(2);
        steps.setLineColor(parent.getDisplay().getSystemColor(SWT.COLOR_DARK_BLUE));
        clear();
    }

    /** No data yet: an empty floor over a few decades, so the log axes get a few readable labels. */
    void clear() {
        chart.getTitle().setText("Histogram");
        steps.setXSeries(new double[] { 0.001, 1 });
        steps.setYSeries(new double[] { EMPTY, EMPTY });
        chart.getAxisSet().getXAxis(0).enableLogScale(true);
        chart.getAxisSet().getYAxis(0).enableLogScale(true);
        chart.getAxisSet().getXAxis(0).setRange(new Range(0.01, 10));
        chart.getAxisSet().getYAxis(0).setRange(new Range(0.8, 10));
        chart.redraw();
    }

    Control control() {
        return chart;
    }

    void show(Histogram h) {
        int last = h.lastNonEmpty();
        if (last < 0) {
            return;
        }
        int first = 0;
        while (h.counts()[first] == 0) {
            first++;
        }
        first = Math.max(0, first - 1);
        int n = last - first + 2; // every bin's lower edge, then the last bin's upper edge
        double[] xs = new double[n];
        double[] ys = new double[n];
        long top = 1;
        for (int i = 0; i < n - 1; i++) {
            int bin = first + i;
            xs[i] = bin == 0 ? BELOW_ONE_US_MS : h.fromUs(bin) / 1000.0;
            long c = h.counts()[bin];
            ys[i] = c == 0 ? EMPTY : c;
            top = Math.max(top, c);
        }
        long end = h.toUs(last);
        xs[n - 1] = end == Long.MAX_VALUE ? xs[n - 2] * 1.2 : end / 1000.0;
        ys[n - 1] = ys[n - 2];
        chart.suspendUpdate(true);
        try {
            update(h, xs, ys, n, top);
        } finally {
            chart.suspendUpdate(false);
        }
        chart.redraw();
    }

    private void update(Histogram h, double[] xs, double[] ys, int n, long top) {
        chart.getTitle().setText("Histogram, worst " + StatsText.ms(h.worstUs()));
        steps.setXSeries(xs);
        steps.setYSeries(ys);
        // SWTChart may drop log scale when series change; keep both axes logarithmic
        if (!chart.getAxisSet().getXAxis(0).isLogScaleEnabled()) {
            chart.getAxisSet().getXAxis(0).enableLogScale(true);
        }
        if (!chart.getAxisSet().getYAxis(0).isLogScaleEnabled()) {
            chart.getAxisSet().getYAxis(0).enableLogScale(true);
        }
        chart.getAxisSet().getXAxis(0).setRange(new Range(xs[0], xs[n - 1] * 1.5));
        chart.getAxisSet().getYAxis(0).setRange(new Range(0.8, top * 3.0));
    }
}
