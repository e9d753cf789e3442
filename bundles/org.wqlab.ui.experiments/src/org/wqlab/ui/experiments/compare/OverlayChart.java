package org.wqlab.ui.experiments.compare;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.events.PaintEvent;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ICustomPaintListener;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ISeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.Range;
import org.eclipse.swtchart.IAxis;
import org.wqlab.core.palette.Palette;
import org.wqlab.core.palette.Rgb;
import org.wqlab.ui.plot.SwtColours;

/**
 * The compare editor's overlay: several experiments' delays against the time from their disconnect (SWTChart), with
 * labelled vertical markers and the threshold as a dashed line.
 */
public final class OverlayChart {
    /** A vertical line at {@code x} with a label, in a colour of the {@link Palette}. */
    public record Marker(double x, String label, Rgb colour) {
    }

    private final Chart chart;
    private final List<Marker> markers = new ArrayList<>();
    private final List<ILineSeries<?>> stems = new ArrayList<>();
    private double thresholdMs = Double.NaN;

    public OverlayChart(Composite parent, String title, String xTitle) {
        chart = new Chart(parent, SWT.NONE);
        chart.getTitle().setText(title);
        chart.getAxisSet().getXAxis(0).getTitle().setText(xTitle);
        chart.getAxisSet().getYAxis(0).getTitle().setText("delay (ms)");
        chart.getLegend().setPosition(SWT.BOTTOM);
        chart.getPlotArea().addCustomPaintListener(new ICustomPaintListener() {
            @Override
            public void paintControl(PaintEvent e) {
                paintOverlay(e.gc);
            }

            @Override
            public boolean drawBehindSeries() {
                return false;
            }
        });
    }

    public Chart chart() {
        return chart;
    }

    /** Adds a line series; the n-th series gets the n-th palette colour. */
    public ILineSeries<?> addSeries(String name, double[] x, double[] y) {
        return addSeries(name, x, y, false);
    }

    /**
     * Adds a series; with {@code stems} each report is drawn as a dot on a vertical line from 0 instead of being
     * joined to the next: right for logs of late runs only, where the time between two reports is unknown, not a
     * slope.
     */
    public ILineSeries<?> addSeries(String name, double[] x, double[] y, boolean asStems) {
        int n = chart.getSeriesSet().getSeries().length;
        @SuppressWarnings("unchecked")
        ILineSeries<Object> s = (ILineSeries<Object>) chart.getSeriesSet().createSeries(SeriesType.LINE,
                "s" + n + ":" + name);
        s.setDescription(name);
        s.setXSeries(x);
        s.setYSeries(y);
        s.setSymbolType(x.length < 200 ? ILineSeries.PlotSymbolType.CIRCLE : ILineSeries.PlotSymbolType.NONE);
        s.setSymbolSize(2);
        Color c = SwtColours.of(Palette.series(n));
        s.setLineColor(c);
        s.setSymbolColor(c);
        if (asStems) {
            s.setLineStyle(org.eclipse.swtchart.LineStyle.NONE);
            s.setSymbolType(ILineSeries.PlotSymbolType.CIRCLE);
            s.setSymbolSize(3);
            stems.add(s);
        }
        return s;
    }

    public void clearSeries() {
        for (ISeries<?> s : chart.getSeriesSet().getSeries()) {
            chart.getSeriesSet().deleteSeries(s.getId());
        }
        stems.clear();
    }

    public void setMarkers(List<Marker> newMarkers) {
        markers.clear();
        markers.addAll(newMarkers);
        chart.redraw();
    }

    public void setThresholdMs(double ms) {
        thresholdMs = ms;
        chart.redraw();
    }

    /**
     * Fits both axes to the data and the markers, with a margin so no point sits on the frame; the delay axis
     * starts at 0 so spikes read at their true height.
     */
    public void fit() {
        double xLo = Double.POSITIVE_INFINITY;
        double xHi = Double.NEGATIVE_INFINITY;
        double yHi = Double.isNaN(thresholdMs) ? 0 : thresholdMs;
        for (ISeries<?> s : chart.getSeriesSet().getSeries()) {
            for (double v : s.getXSeries()) {
                xLo = Math.min(xLo, v);
                xHi = Math.max(xHi, v);
            }
            for (double v : s.getYSeries()) {
                yHi = Math.max(yHi, v);
            }
        }
        for (Marker m : markers) {
            xLo = Math.min(xLo, m.x());
            xHi = Math.max(xHi, m.x());
        }
        if (xLo > xHi) {
            xLo = 0;
            xHi = 1;
        }
        double pad = xHi > xLo ? (xHi - xLo) * 0.03 : 1;
        chart.getAxisSet().getXAxis(0).setRange(new Range(xLo - pad, xHi + pad));
        chart.getAxisSet().getYAxis(0).setRange(new Range(0, yHi > 0 ? yHi * 1.1 : 1));
        chart.redraw();
    }

    /** What the chart shows now, as an image (for PNG export). */
    public ImageData snapshot() {
        Point size = chart.getSize();
        Image image = new Image(chart.getDisplay(), Math.max(1, size.x), Math.max(1, size.y));
        GC gc = new GC(image);
        try {
            chart.print(gc);
            return image.getImageData();
        } finally {
            gc.dispose();
            image.dispose();
        }
    }

    private void paintOverlay(GC gc) {
        Point size = chart.getPlotArea().getSize();
        IAxis x = chart.getAxisSet().getXAxis(0);
        IAxis y = chart.getAxisSet().getYAxis(0);
        int zero = y.getPixelCoordinate(Math.max(0, y.getRange().lower));
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.setLineWidth(2);
        for (ILineSeries<?> s : stems) {
            gc.setForeground(s.getLineColor());
            double[] xs = s.getXSeries();
            double[] ys = s.getYSeries();
            for (int i = 0; i < xs.length; i++) {
                int px = x.getPixelCoordinate(xs[i]);
                gc.drawLine(px, zero, px, y.getPixelCoordinate(ys[i]));
            }
        }
        gc.setLineWidth(1);
        if (!Double.isNaN(thresholdMs)) {
            Range yr = y.getRange();
            if (thresholdMs >= yr.lower && thresholdMs <= yr.upper) {
                int py = y.getPixelCoordinate(thresholdMs);
                gc.setForeground(SwtColours.of(Palette.THRESHOLD));
                gc.setLineStyle(SWT.LINE_DASH);
                gc.drawLine(0, py, size.x, py);
                gc.setLineStyle(SWT.LINE_SOLID);
                gc.drawText(String.format(java.util.Locale.ROOT, "threshold %.1f ms", thresholdMs), 4,
                        Math.max(0, py - gc.getFontMetrics().getHeight()), true);
            }
        }
        Range xr = x.getRange();
        int lineHeight = gc.getFontMetrics().getHeight();
        int row = 0;
        for (Marker m : markers) {
            if (m.x() < xr.lower || m.x() > xr.upper) {
                continue;
            }
            int px = x.getPixelCoordinate(m.x());
            gc.setForeground(SwtColours.of(m.colour()));
            gc.drawLine(px, 0, px, size.y);
            int w = gc.textExtent(m.label()).x;
            int tx = px + 3 + w > size.x ? px - 3 - w : px + 3;
            gc.drawText(m.label(), tx, 2 + (row++ % 4) * lineHeight, true);
        }
    }
}
