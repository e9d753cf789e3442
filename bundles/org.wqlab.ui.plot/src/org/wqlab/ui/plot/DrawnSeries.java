package org.wqlab.ui.plot;

/**
 * One series' points as the chart draws them (the last frame swapped in): time in seconds (board time, or seconds
 * from the disconnect in a comparison), delay in milliseconds, at most two points per pixel column plus the vertices
 * that square sparse reports; {@code name} is its legend name (a CPU, or a compared experiment).
 */
public record DrawnSeries(int cpu, String name, double[] xs, double[] ys) {
}
