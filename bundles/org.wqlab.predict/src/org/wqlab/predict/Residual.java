package org.wqlab.predict;

/**
 * How far the fitted model is from one run it was fitted on (or checked against): the measured worst delay after the
 * pull against the model's, at that run's cached size and threshold.
 *
 * @param capped whether the CPU_INTENSIVE threshold in force ends the stall in that run (it then checks the threshold,
 *               not the invalidation cost)
 */
public record Residual(String experiment, String name, double cachedMib, Long threshUs, boolean capped,
        long measuredWorstUs, double modelWorstUs) {

    public double residualUs() {
        return measuredWorstUs - modelWorstUs;
    }

    /** Relative to the measured figure. */
    public double residualFraction() {
        return measuredWorstUs == 0 ? 0 : residualUs() / measuredWorstUs;
    }
}
