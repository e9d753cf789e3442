package org.wqlab.sequence.run;

/**
 * What one executed step did (repeat bodies appear once per iteration).
 *
 * @param kernelUs the board's kernel clock (us) of the last log record seen when the step started, or -1
 */
public record StepRecord(int number, String label, String type, String outcome, String detail, String startedUtc,
        long durationMs, long kernelUs) {

    public static final String OK = "ok";
    public static final String FAILED = "failed";
    public static final String CANCELLED = "cancelled";
    public static final String INTERRUPTED = "interrupted";
    /** A step after the one that ended the run. */
    public static final String NOT_RUN = "not run";
}
