package org.wqlab.core.model;

/** A line that looks like a report but cannot be taken as one; kept with the reason. */
public record Anomaly(long line, long timestampUs, TimePrecision precision, AnomalyKind kind, String message)
        implements LogEntry {
}
