package org.wqlab.core.palette;

import java.util.List;

/**
 * One entry of the key a delay chart shows beside its CPUs' series, with its swatch: the experiment editor's
 * legend row and the SVG export draw {@link #DELAY_CHART}, so both name the same lines and shades.
 */
public record PlotKey(Swatch swatch, Rgb colour, String text) {

    /** How an entry's swatch is drawn. */
    public enum Swatch {
        LINE, DASHED, DOTTED, SHADE
    }

    /** What a delay chart draws besides the series, in the order the legend names it. */
    public static final List<PlotKey> DELAY_CHART = List.of(new PlotKey(Swatch.DASHED, Palette.THRESHOLD, "threshold"),
            new PlotKey(Swatch.LINE, Palette.USB_DISCONNECT, "USB disconnect"),
            new PlotKey(Swatch.LINE, Palette.USB_CONNECT, "USB connect"),
            new PlotKey(Swatch.LINE, Palette.MODULE_EVENT, "module load/unload"),
            new PlotKey(Swatch.DOTTED, Palette.MARK, "mark"),
            new PlotKey(Swatch.LINE, Palette.WORKQUEUE_WARNING, "workqueue warning"),
            new PlotKey(Swatch.SHADE, Palette.STALL_SHADE, "work item holding the CPU"),
            new PlotKey(Swatch.SHADE, Palette.STALL_LATE, "late interval"),
            new PlotKey(Swatch.LINE, Palette.CURSOR, "time cursor"));
}
