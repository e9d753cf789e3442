package org.wqlab.ui.plot;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.events.PaintEvent;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IAxis;
import org.eclipse.swtchart.ICustomPaintListener;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.StallShade;
import org.wqlab.analysis.Verdict;
import org.wqlab.core.palette.Palette;

/**
 * Draws an experiment's attribution over its delay chart: for every stall (a delay longer than the monitor's
 * period) the work item that held the CPU most is a shaded span from its start to its end, labelled with its
 * function, workqueue and time held; the late interval itself is a darker band inside it. Painted behind the series
 * on the plot area, in board time (the chart's x axis, seconds). Attach with {@link #attach}; {@link #verdictLabel}
 * makes the one-line verdict to show beside the chart.
 */
public final class AttributionOverlay implements ICustomPaintListener {

    /** One shaded span: the culprit's run and the monitor's late interval, in seconds of board time. */
    record Span(double fromS, double toS, double lateFromS, double lateToS, String label) {
    }

    private final Chart chart;
    private volatile List<Span> spans = List.of();

    private AttributionOverlay(Chart chart) {
        this.chart = chart;
    }

    /** Adds the overlay to {@code chart}'s plot area and shows {@code analysis} (null: nothing yet). UI thread. */
    public static AttributionOverlay attach(Chart chart, Analysis analysis) {
        AttributionOverlay overlay = new AttributionOverlay(chart);
        chart.getPlotArea().addCustomPaintListener(overlay);
        overlay.show(analysis);
        return overlay;
    }

    /** Replaces what is shown and repaints. UI thread. */
    public void show(Analysis analysis) {
        spans = analysis == null ? List.of() : spans(analysis);
        if (!chart.isDisposed()) {
            chart.redraw();
        }
    }

    /** The spans drawn: the analysis' {@link StallShade}s, in seconds. */
    static List<Span> spans(Analysis a) {
        return StallShade.of(a).stream().map(s -> new Span(s.fromUs() / 1e6, s.toUs() / 1e6, s.lateFromUs() / 1e6,
                s.lateToUs() / 1e6, s.label())).toList();
    }

    public List<String> labels() {
        return spans.stream().map(Span::label).toList();
    }

    @Override
    public void paintControl(PaintEvent e) {
        List<Span> now = spans;
        if (now.isEmpty()) {
            return;
        }
        GC gc = e.gc;
        IAxis x = chart.getAxisSet().getXAxis(0);
        Point size = chart.getPlotArea().getControl().getSize();
        Rectangle area = new Rectangle(0, 0, size.x, size.y);
        Color fill = SwtColours.of(Palette.STALL_SHADE);
        Color late = SwtColours.of(Palette.STALL_LATE);
        Color text = e.display.getSystemColor(SWT.COLOR_BLACK);
        int previousAlpha = gc.getAlpha();
        try {
            // near the bottom of the shade, clear of the event markers' label rows at the top
            int labelY = Math.max(area.y + 4, area.y + area.height - 2 * gc.getFontMetrics().getHeight() - 4);
            for (Span s : now) {
                int x0 = Math.max(area.x, x.getPixelCoordinate(s.fromS()));
                int x1 = Math.min(area.x + area.width, x.getPixelCoordinate(s.toS()));
                if (x1 < area.x || x0 > area.x + area.width) {
                    continue;
                }
                int width = Math.max(2, x1 - x0);
                gc.setAlpha(70);
                gc.setBackground(fill);
                gc.fillRectangle(x0, area.y, width, area.height);
                int l0 = Math.max(area.x, x.getPixelCoordinate(s.lateFromS()));
                int l1 = Math.min(area.x + area.width, x.getPixelCoordinate(s.lateToS()));
                gc.setAlpha(60);
                gc.setBackground(late);
                gc.fillRectangle(l0, area.y, Math.max(2, l1 - l0), area.height);
                gc.setAlpha(255);
                gc.setForeground(late);
                gc.drawLine(x0, area.y, x0, area.y + area.height);
                gc.drawLine(x0 + width, area.y, x0 + width, area.y + area.height);
                gc.setForeground(text);
                Point extent = gc.textExtent(s.label());
                int lx = Math.min(Math.max(area.x + 2, x0 + 4), area.x + area.width - extent.x - 2);
                gc.drawText(s.label(), lx, labelY, true);
                labelY += extent.y + 2;
            }
        } finally {
            gc.setAlpha(previousAlpha);
        }
    }

    @Override
    public boolean drawBehindSeries() {
        return true;
    }

    /** A wrapped label with the verdict's headline: red-brown for a stall, dark green for normal. */
    public static Label verdictLabel(Composite parent, Analysis analysis) {
        Label label = new Label(parent, SWT.WRAP);
        label.setData(PlotWidgetIds.KEY, "wqlab.plot.verdict");
        label.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        setVerdict(label, analysis);
        return label;
    }

    public static void setVerdict(Label label, Analysis analysis) {
        if (analysis == null) {
            label.setText("verdict: not analyzed yet");
            return;
        }
        Verdict v = analysis.verdict();
        label.setText(v.headline() + (v.advice().isEmpty() ? "" : "\nfirst advice: " + v.advice().get(0)));
        label.setForeground(SwtColours.of(v.stalled() ? Palette.VERDICT_STALLED : Palette.VERDICT_NORMAL));
        label.getParent().layout(true, true);
    }
}
