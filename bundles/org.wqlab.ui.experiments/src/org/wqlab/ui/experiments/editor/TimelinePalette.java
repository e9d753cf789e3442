package org.wqlab.ui.experiments.editor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.wqlab.analysis.trace.TimelineRows;
import org.wqlab.core.palette.Palette;
import org.wqlab.ui.plot.SwtColours;

/**
 * The work-item timeline's colours: a function's colour follows from its symbol, so it is the same in every
 * experiment; the monitor's own item is black. Draws the legend of what is in view.
 */
final class TimelinePalette {
    static final Color LATE = SwtColours.of(Palette.STALL_LATE_LIGHT);
    /** Marks every late interval on the time axis too, where no bar covers it. */
    static final Color LATE_BAND = SwtColours.of(Palette.STALL_LATE);
    static final Color GRID = new Color(225, 225, 225);
    static final Color MONITOR = new Color(0, 0, 0);
    private static final Color TEXT = new Color(0, 0, 0);
    private static final Color[] FUNCTIONS = { new Color(31, 119, 180), new Color(255, 127, 14),
            new Color(44, 160, 44), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
            new Color(127, 127, 127), new Color(188, 189, 34), new Color(23, 190, 207), new Color(174, 199, 232),
            new Color(255, 187, 120), new Color(152, 223, 138) };

    Color of(TimelineRows rows, int function) {
        if (rows.monitor(function)) {
            return MONITOR;
        }
        return FUNCTIONS[Math.floorMod(rows.functions().get(function).symbol().hashCode(), FUNCTIONS.length)];
    }

    /** The functions in view, most pixels first: a swatch and the name (the monitor's marked), then the shade. */
    void legend(GC gc, TimelineRows rows, Map<Integer, Integer> pixelsByFunction, boolean late, int y, int maxWidth) {
        int[] at = { 8, y };
        List<Map.Entry<Integer, Integer>> order = new ArrayList<>(pixelsByFunction.entrySet());
        order.sort(Map.Entry.<Integer, Integer>comparingByValue().reversed());
        for (var e : order) {
            entry(gc, at, of(rows, e.getKey()),
                    rows.functions().get(e.getKey()) + (rows.monitor(e.getKey()) ? " (monitor)" : ""), maxWidth);
        }
        if (late) {
            entry(gc, at, LATE_BAND, "late interval (delay over the threshold): its CPU's row shaded, marked on the axis", maxWidth);
        }
    }

    private static void entry(GC gc, int[] at, Color colour, String name, int maxWidth) {
        Point size = gc.textExtent(name);
        if (at[0] > 8 && at[0] + 16 + size.x > maxWidth - 8) {
            at[0] = 8;
            at[1] += size.y + 4;
        }
        gc.setBackground(colour);
        gc.fillRectangle(at[0], at[1] + 2, 12, size.y - 4);
        gc.setForeground(TEXT);
        gc.drawText(name, at[0] + 16, at[1], true);
        at[0] += 16 + size.x + 16;
    }
}
