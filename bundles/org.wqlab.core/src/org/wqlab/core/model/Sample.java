package org.wqlab.core.model;

/**
 * One latency report.
 *
 * @param timestampUs kernel timestamp in microseconds, or {@link LogEntry#NO_TIME}
 * @param delayUs     how much later than the period the work ran (signed)
 * @param cpu         CPU number, or {@link #UNKNOWN}
 * @param seq         the module's per-CPU report number, or {@link #UNKNOWN}
 * @param classic     true for the original module's {@code DELAY: <ms>} form (millisecond resolution, late runs only)
 */
public record Sample(long line, long timestampUs, TimePrecision precision, int delayUs, int cpu, int seq,
        boolean classic) implements LogEntry {

    public static final int UNKNOWN = -1;
}
