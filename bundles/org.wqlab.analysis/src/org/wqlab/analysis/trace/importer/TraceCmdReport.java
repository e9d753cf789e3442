package org.wqlab.analysis.trace.importer;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.klog.importer.LogHead;

/**
 * {@code trace-cmd report} text: a {@code cpus=N} header (after {@code version = N} in newer releases), {@code CPU N
 * is empty} lines, then {@code comm-pid [cpu] seconds: event: fields}. Its lines are ftrace's without the flags
 * column, which the parser reads already; what differs is rewritten: {@code sched_switch} as libtraceevent's plugin
 * prints it ({@code prev:pid [prio] S ==> next:pid [prio]}) becomes the kernel's own format, and
 * {@code CPU:N [M EVENTS DROPPED]} becomes ftrace's lost-events line, and the padding after the event name goes.
 * The headers are kept as comments.
 */
public final class TraceCmdReport implements TraceImporter {

    private static final Pattern CPUS = Pattern.compile("^cpus=\\d+\\s*$");
    private static final Pattern EMPTY = Pattern.compile("^CPU \\d+ is empty\\s*$");
    private static final Pattern VERSION = Pattern.compile("^version = \\S+\\s*$");
    private static final Pattern DROPPED = Pattern.compile("^CPU:(\\d+) \\[(\\d+) EVENTS DROPPED\\]\\s*$");
    /** The event name and where the fields start, on a line of the report's shape. */
    private static final Pattern EVENT = Pattern.compile("^(.+?\\[\\d+\\]\\s+(?:\\S{4,5}\\s+)?\\d+\\.\\d+:\\s+)"
            + "(\\w+):\\s+(.*)$");
    private static final Pattern PLUGIN_SWITCH = Pattern.compile(
            "(.+):(-?\\d+) \\[(-?\\d+)\\] (\\S+) ==> (.+):(-?\\d+) \\[(-?\\d+)\\]\\s*");

    @Override
    public String id() {
        return "trace-cmd-report";
    }

    @Override
    public String name() {
        return "trace-cmd report text";
    }

    @Override
    public boolean reads(Path file, LogHead head) {
        if (head.isBinary()) {
            return false;
        }
        return head.lines().stream().limit(64)
                .anyMatch(l -> CPUS.matcher(l).matches() || EMPTY.matcher(l).matches());
    }

    @Override
    public String importInto(Path file, OutputStream out) throws IOException {
        long switches = 0;
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                String converted = convert(line);
                if (!line.contains("prev_comm=") && converted.contains(": sched_switch: prev_comm=")) {
                    switches++;
                }
                w.write(converted);
                w.write('\n');
            }
        }
        w.flush();
        return "trace from trace-cmd report" + (switches > 0 ? ", " + switches
                + " sched_switch lines rewritten from trace-cmd's plugin format" : "");
    }

    /** The line in ftrace's text. */
    static String convert(String line) {
        if (CPUS.matcher(line).matches() || EMPTY.matcher(line).matches() || VERSION.matcher(line).matches()) {
            return "# " + line;
        }
        Matcher dropped = DROPPED.matcher(line);
        if (dropped.matches()) {
            return "CPU:" + dropped.group(1) + " [LOST " + dropped.group(2) + " EVENTS]";
        }
        Matcher e = EVENT.matcher(line);
        if (!e.matches()) {
            return line;
        }
        // trace-cmd pads the event name to a column: the kernel's single space after it is what the parser reads
        String name = e.group(2);
        Matcher s = PLUGIN_SWITCH.matcher(e.group(3));
        if (name.equals("sched_switch") && s.matches()) {
            return e.group(1) + "sched_switch: prev_comm=" + s.group(1) + " prev_pid=" + s.group(2)
                    + " prev_prio=" + s.group(3) + " prev_state=" + s.group(4) + " ==> next_comm=" + s.group(5)
                    + " next_pid=" + s.group(6) + " next_prio=" + s.group(7);
        }
        return e.group(1) + name + ": " + e.group(3);
    }
}
