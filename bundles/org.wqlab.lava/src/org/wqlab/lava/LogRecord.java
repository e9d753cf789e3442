package org.wqlab.lava;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * One record of a LAVA job log: when the dispatcher logged it (UTC, as LAVA writes it), its level ({@code target} for
 * what the device printed, {@code results} for a test case, {@code info}, {@code debug}, ...) and its message: a
 * string, or for {@code results} a map.
 */
public record LogRecord(String dt, String lvl, Object msg) {

    private static final Pattern KMSG = Pattern.compile("\\d+,\\d+,\\d+,[^;]*;.*");

    /** The message as one line of text (a map or list as LAVA's YAML would print it). */
    public String text() {
        return msg == null ? "" : msg.toString();
    }

    public boolean fromDevice() {
        return "target".equals(lvl);
    }

    /** A line the device printed that is a {@code /dev/kmsg} record ({@code 6,1234,567890,-;text}). */
    public boolean kmsgRecord() {
        return fromDevice() && msg instanceof String s && KMSG.matcher(s).matches();
    }

    /** A {@code results} record's map (case, definition, result, measurement, units, ...), else an empty one. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> result() {
        return "results".equals(lvl) && msg instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
