package org.wqlab.limits;

/** An experiment judged: the limits of its run, what was measured, and the outcome. */
public record Assessment(Limits limits, Measurements measurements, Outcome outcome) {
}
