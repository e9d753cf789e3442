package org.wqlab.core.model;

/**
 * What one kernel log line became: exactly one of sample, event, anomaly or raw context.
 * {@code line} is the 1-based line number in the source log.
 */
public sealed interface LogEntry permits Sample, Event, Anomaly, RawContext {

    /** Timestamp value meaning "no timestamp" (printk.time=0 logs and lines without a prefix). */
    long NO_TIME = Long.MIN_VALUE;

    long line();
}
