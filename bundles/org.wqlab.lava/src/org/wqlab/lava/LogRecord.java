package org.wqlab.lava;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * One record of a LAVA job log: when the dispatcher logged it (UTC, as LAVA writes it), its level ({@code target} for
 * what the device printed, {@code results} for a test case, {@code info}, {@code debug}, ...) and its message: a
 * string, or for {@code results} a map.
 */
public record LogRecord(String dt, String lvl, Object msg) {

    /** What the job's kernel-log stream puts before each record it prints on the console. */
    public static final String KMSG_MARKER = "<wqlab-kmsg>";
    private static final Pattern KMSG = Pattern.compile("\\d+,\\d+,\\d+,[^;]*;.*");

    /** The message as one line of text (a map or list as LAVA's YAML would print it). */
    public String text() {
        return msg == null ? "" : msg.toString();
    }

    public boolean fromDevice() {
        return "target".equals(lvl);
    }

    /**
     * The {@code /dev/kmsg} record ({@code 6,1234,567890,-;text}) a device line carries after wqlab's marker
     * {@value #KMSG_MARKER}, wherever in the line: the serial console is shared, so a record may follow a shell prompt
     * that had no newline of its own.
     */
    public java.util.Optional<String> kmsgRecord() {
        if (!fromDevice() || !(msg instanceof String s)) {
            return java.util.Optional.empty();
        }
        int at = s.lastIndexOf(KMSG_MARKER);
        if (at < 0) {
            return java.util.Optional.empty();
        }
        String record = s.substring(at + KMSG_MARKER.length());
        return KMSG.matcher(record).matches() ? java.util.Optional.of(record) : java.util.Optional.empty();
    }

    /** A {@code results} record's map (case, definition, result, measurement, units, ...), else an empty one. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> result() {
        return "results".equals(lvl) && msg instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }
}
