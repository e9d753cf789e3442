package org.wqlab.core.model;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A recognised kernel message that is not a latency report.
 *
 * @param subject the USB device ("2-1"), the workqueue function, the lockup's pool, or "" when none
 * @param fields  parsed key/value details (e.g. threshold_ms, device number, times)
 * @param message the kernel message text after the line prefix
 */
public record Event(long line, long timestampUs, TimePrecision precision, EventKind kind, String subject,
        Map<String, String> fields, String message) implements LogEntry {

    public Event {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(precision);
        subject = subject == null ? "" : subject;
        fields = fields == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(fields));
        message = message == null ? "" : message;
    }

    public String field(String key) {
        return fields.get(key);
    }
}
