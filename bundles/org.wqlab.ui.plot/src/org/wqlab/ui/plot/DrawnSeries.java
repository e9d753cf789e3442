package org.wqlab.ui.plot;

/**
 * One CPU's points as the chart draws them (the last frame swapped in): board time in seconds, delay in
 * milliseconds, at most two points per pixel column plus the vertices that square sparse reports.
 */
public record DrawnSeries(int cpu, double[] xs, double[] ys) {
}
