package org.wqlab.ui.plot;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowData;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.wqlab.core.palette.PlotKey;

/**
 * One row naming what the delay chart draws besides the CPUs' series (the chart's own legend names those): the
 * threshold, the event markers, the attribution's shades and the time cursor, each with its swatch.
 */
public final class PlotLegend {

    static final List<PlotKey> ENTRIES = PlotKey.DELAY_CHART;

    private PlotLegend() {
    }

    /** The legend row, to lay out under the chart. */
    public static Composite create(Composite parent) {
        Composite row = new Composite(parent, SWT.NONE);
        RowLayout layout = new RowLayout(SWT.HORIZONTAL);
        layout.center = true;
        layout.spacing = 4;
        layout.marginTop = 2;
        layout.marginBottom = 2;
        row.setLayout(layout);
        return fill(row, () -> new RowData(18, 10), () -> null);
    }

    /** The legend as a column, a swatch and its words on each line, to lay out beside the chart. */
    public static Composite column(Composite parent) {
        Composite column = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(2, false);
        layout.marginWidth = 0;
        layout.verticalSpacing = 3;
        column.setLayout(layout);
        return fill(column, () -> {
            GridData d = new GridData(SWT.CENTER, SWT.CENTER, false, false);
            d.widthHint = 18;
            d.heightHint = 10;
            return d;
        }, () -> new GridData(SWT.FILL, SWT.CENTER, true, false));
    }

    private static Composite fill(Composite row, java.util.function.Supplier<Object> swatchData,
            java.util.function.Supplier<Object> textData) {
        row.setData(PlotWidgetIds.KEY, PlotWidgetIds.LEGEND);
        for (PlotKey e : ENTRIES) {
            Canvas swatch = new Canvas(row, SWT.NONE);
            swatch.setLayoutData(swatchData.get());
            swatch.addPaintListener(p -> {
                p.gc.setForeground(SwtColours.of(e.colour()));
                p.gc.setBackground(SwtColours.of(e.colour()));
                switch (e.swatch()) {
                    case SHADE -> {
                        p.gc.setAlpha(110);
                        p.gc.fillRectangle(0, 0, 18, 10);
                        p.gc.setAlpha(255);
                    }
                    case LINE, DASHED, DOTTED -> {
                        p.gc.setLineWidth(2);
                        p.gc.setLineStyle(e.swatch() == PlotKey.Swatch.DASHED ? SWT.LINE_DASH
                                : e.swatch() == PlotKey.Swatch.DOTTED ? SWT.LINE_DOT : SWT.LINE_SOLID);
                        p.gc.drawLine(0, 5, 18, 5);
                    }
                }
            });
            Label text = new Label(row, SWT.NONE);
            text.setText(e.text() + "  ");
            text.setLayoutData(textData.get());
        }
        return row;
    }
}
