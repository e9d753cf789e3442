package org.wqlab.analysis.trace;

/**
 * Pixel columns {@code [x0, x1)} of one row owned by one execution.
 *
 * @param execution index into the row's {@link TimelineRows.Row#executions()}
 * @param function  index into {@link TimelineRows#functions()}
 * @param crowded   some column of the span also holds other executions (drawn, but under this one)
 */
public record PixelSpan(int x0, int x1, int execution, int function, boolean crowded) {
}
