package org.wqlab.predict;

/**
 * A prediction: the model's worst delay after the pull for a what-if, with a range from the model's phases widened by
 * the fit's worst residual. Always labelled {@link #LABEL}; it is never recorded as an experiment.
 */
public record Prediction(Twin twin, WhatIf whatIf, long cachedBytes, long predictedWorstUs, long lowUs, long highUs,
        ModelOutcome model) {

    public static final String LABEL = "prediction (simulated twin, not a measurement)";
}
