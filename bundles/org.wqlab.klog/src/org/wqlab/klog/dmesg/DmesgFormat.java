package org.wqlab.klog.dmesg;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns the {@code /dev/kmsg} records a run recorded ({@code 2,21,290337837,-;DELAY: 1929}) into the lines dmesg
 * prints ({@code [  290.337837] DELAY: 1929}). The kernel escapes control bytes, bytes of 0x80 and above, and the
 * backslash in a record as {@code \xNN}; dmesg decodes them. Here a byte is decoded only when the result is printable
 * (so UTF-8 text and a backslash come back), while a control byte stays {@code \xNN}: a record stays one line, and
 * wqlab's own {@code wqlab: } records, which escape their control characters themselves, read as they were written.
 */
public final class DmesgFormat {

    private DmesgFormat() {
    }

    /** One line of the recorded log (without its newline). */
    public static DmesgLine format(String line) {
        if (line.startsWith(" ")) {
            return new DmesgLine(line, null, DmesgLine.Kind.CONTINUATION);
        }
        int semi = line.indexOf(';');
        if (semi < 0) {
            return other(line);
        }
        String[] fields = line.substring(0, semi).split(",", -1);
        if (fields.length < 4) {
            return other(line);
        }
        int prefix;
        long us;
        try {
            prefix = Integer.parseInt(fields[0]);
            Long.parseLong(fields[1]);
            us = Long.parseLong(fields[2]);
        } catch (NumberFormatException e) {
            return other(line);
        }
        if (prefix < 0 || us < 0) {
            return other(line);
        }
        String stamp = String.format(Locale.ROOT, "[%5d.%06d] ", us / 1_000_000, us % 1_000_000);
        return new DmesgLine(stamp + unescape(line.substring(semi + 1)), KernelLevel.ofPrefix(prefix),
                DmesgLine.Kind.RECORD);
    }

    /** Every line of a recorded log, in order (one result per line, so line numbers stay those of the file). */
    public static List<DmesgLine> formatAll(String text) {
        List<DmesgLine> out = new ArrayList<>();
        text.lines().forEach(l -> out.add(format(l)));
        return out;
    }

    /** The lines' texts joined with newlines, as a text widget shows them. */
    public static String text(List<DmesgLine> lines) {
        StringBuilder sb = new StringBuilder();
        for (DmesgLine l : lines) {
            sb.append(l.text()).append('\n');
        }
        return sb.toString();
    }

    private static DmesgLine other(String line) {
        return new DmesgLine(line, null, DmesgLine.Kind.OTHER);
    }

    static String unescape(String message) {
        if (message.indexOf("\\x") < 0) {
            return message;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(message.length());
        StringBuilder out = new StringBuilder(message.length());
        int i = 0;
        while (i < message.length()) {
            int b = escapedByte(message, i);
            if (b >= 0x80 || (b >= 0x20 && b != 0x7f)) {
                bytes.write(b);
                i += 4;
                continue;
            }
            flush(bytes, out);
            if (b >= 0) {
                out.append(message, i, i + 4);
                i += 4;
            } else {
                out.append(message.charAt(i++));
            }
        }
        flush(bytes, out);
        return out.toString();
    }

    /** The byte of a {@code \xNN} at {@code i}, or -1. */
    private static int escapedByte(String s, int i) {
        if (i + 3 >= s.length() || s.charAt(i) != '\\' || s.charAt(i + 1) != 'x') {
            return -1;
        }
        int hi = Character.digit(s.charAt(i + 2), 16);
        int lo = Character.digit(s.charAt(i + 3), 16);
        return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
    }

    private static void flush(ByteArrayOutputStream bytes, StringBuilder out) {
        if (bytes.size() > 0) {
            out.append(bytes.toString(StandardCharsets.UTF_8));
            bytes.reset();
        }
    }
}
