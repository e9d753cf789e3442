package org.wqlab.live;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

import org.wqlab.core.model.EventKind;

/**
 * Where the markers' labels go in the strip above a delay chart, the same on screen and in the SVG: each label right
 * of its line (left of it at the right edge) in the first of {@link #ROWS} rows where it overlaps no other label.
 * USB, module and workqueue events are placed first, the run's steps and marks after them, so a burst of steps a
 * few pixels apart never hides the disconnect's label; a label that finds no free row is left out (its line stays).
 */
public final class MarkerLabels {
    public static final int ROWS = 4;
    private static final double GAP = 6;

    private MarkerLabels() {
    }

    /** A label to draw: its event, its row (0 at the top) and the x of its left end. */
    public record Placed(LiveEvent event, int row, double x) {
    }

    /**
     * @param inView the events whose lines are drawn
     * @param px     an event's line position
     * @param width  a label's drawn width
     * @param right  the right edge labels must stay within
     */
    public static List<Placed> place(List<LiveEvent> inView, ToDoubleFunction<LiveEvent> px,
            ToDoubleFunction<String> width, double right) {
        List<LiveEvent> ordered = new ArrayList<>(inView);
        ordered.sort(Comparator.comparing((LiveEvent e) -> e.kind() == EventKind.MARK));
        List<List<double[]>> rows = new ArrayList<>();
        for (int r = 0; r < ROWS; r++) {
            rows.add(new ArrayList<>());
        }
        List<Placed> placed = new ArrayList<>();
        for (LiveEvent e : ordered) {
            double at = px.applyAsDouble(e);
            double w = width.applyAsDouble(e.label());
            double from = at + 3 + w > right ? at - 3 - w : at + 3;
            for (int r = 0; r < ROWS; r++) {
                if (free(rows.get(r), from, from + w)) {
                    rows.get(r).add(new double[] { from, from + w });
                    placed.add(new Placed(e, r, from));
                    break;
                }
            }
        }
        return placed;
    }

    private static boolean free(List<double[]> row, double from, double to) {
        for (double[] used : row) {
            if (from < used[1] + GAP && to > used[0] - GAP) {
                return false;
            }
        }
        return true;
    }
}
