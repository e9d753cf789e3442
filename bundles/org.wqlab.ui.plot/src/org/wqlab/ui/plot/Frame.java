package org.wqlab.ui.plot;

import java.util.List;

/**
 * What one painted frame showed: for each drawn series, its CPU, its legend name, how many of its samples the frame was computed
 * from (the snapshot size) and the largest delay drawn; told to frame listeners from inside the paint, after the
 * series were drawn.
 *
 * @param paintedNanos {@link System#nanoTime()} when the frame was painted
 * @param computeNanos time the frame thread spent computing it (snapshot, decimation, chart units), off the UI thread
 * @param applyNanos   time the UI thread spent swapping it into the chart (series, axis ranges), before the paint
 * @param columns      the plot width in pixels it was computed for (at most two points per column and series)
 * @param waitingLabels the labels of the waiting bars drawn (e.g. {@code CPU 0 waiting 1.2 s}), empty when none
 * @param seriesNames   each series' legend name ({@code CPU 0}, or a compared experiment's name)
 */
public record Frame(long paintedNanos, int[] cpus, int[] snapshotSizes, int[] maxDrawnUs, double fromSeconds,
        double toSeconds, long computeNanos, long applyNanos, int columns, List<String> waitingLabels,
        List<String> seriesNames) {

    /** The largest delay drawn in the series named {@code name} (all its CPUs), or Integer.MIN_VALUE when none. */
    public int maxDrawn(String name) {
        int m = Integer.MIN_VALUE;
        for (int k = 0; k < maxDrawnUs.length; k++) {
            if (seriesNames.get(k).equals(name)) {
                m = Math.max(m, maxDrawnUs[k]);
            }
        }
        return m;
    }

    /** The largest delay drawn in any series, or Integer.MIN_VALUE when nothing was drawn. */
    public int maxDrawn() {
        int m = Integer.MIN_VALUE;
        for (int v : maxDrawnUs) {
            m = Math.max(m, v);
        }
        return m;
    }
}
