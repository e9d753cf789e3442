package org.wqlab.lava;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What LAVA typed on the device's serial console lately ({@code input} records). The console is shared with the job's
 * kernel-log stream and echoes what is typed: when LAVA types a command just as the stream prints a record, the echo
 * can land between the record's text and its newline ({@code delay_us=499925ls -la /lava-16/bin/lava-test-runner}).
 * Such an echo is taken off the record's end.
 */
final class ConsoleEcho {
    private static final int REMEMBERED = 8;
    private final Deque<String> typed = new ArrayDeque<>();

    /** Remembers what an {@code input} record typed; other records are ignored. */
    void see(LogRecord r) {
        if ("input".equals(r.lvl()) && r.msg() instanceof String s) {
            String line = s.replaceAll("[\r\n]+$", "");
            if (line.length() >= 2) {
                typed.addFirst(line);
                if (typed.size() > REMEMBERED) {
                    typed.removeLast();
                }
            }
        }
    }

    /** The kernel record without an echo of something typed lately at its end. */
    String strip(String record) {
        for (String line : typed) {
            if (record.length() > line.length() && record.endsWith(line)) {
                return record.substring(0, record.length() - line.length());
            }
        }
        return record;
    }
}
