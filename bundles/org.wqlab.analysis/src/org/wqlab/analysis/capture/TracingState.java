package org.wqlab.analysis.capture;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * The board's tracing state as far as a run could change it: for each tracefs mount point, its instances,
 * {@code tracing_on}, {@code current_tracer} and the top level's switches for the events wqlab traces. Two
 * snapshots are equal when the run left the board's tracing as it found it.
 */
public record TracingState(List<String> lines) {

    public TracingState {
        lines = List.copyOf(lines);
    }

    public static TracingState read(BoardConnection c, Duration timeout) throws TransportException {
        List<String> lines = new ArrayList<>();
        ExecResult mounts = c.run(Command.of("cat").arg("/proc/mounts"), timeout);
        lines.add("tracefs mounts: " + (mounts.succeeded() ? String.join(",", mounts.stdoutText().lines()
                .filter(l -> l.contains(" tracefs ")).map(l -> l.split(" ")[1]).toList()) : "(no /proc/mounts)"));
        for (String root : TraceCapture.ROOTS) {
            lines.add(root + "/instances: " + value(c.run(Command.of("ls").arg(root + "/instances"), timeout)));
            lines.add(root + "/tracing_on: " + value(c.run(Command.of("cat").arg(root + "/tracing_on"), timeout)));
            lines.add(root + "/current_tracer: "
                    + value(c.run(Command.of("cat").arg(root + "/current_tracer"), timeout)));
            for (String e : TraceCapture.EVENTS) {
                String f = root + "/events/" + e + "/enable";
                lines.add(f + ": " + value(c.run(Command.of("cat").arg(f), timeout)));
            }
        }
        return new TracingState(lines);
    }

    /** Whether an instance named {@link TraceCapture#INSTANCE} exists under any mount point. */
    public boolean hasWqlabInstance() {
        return lines.stream().anyMatch(l -> l.contains("/instances: ") && List.of(l.substring(l.indexOf(": ") + 2)
                .split("[ ,]+")).contains(TraceCapture.INSTANCE));
    }

    private static String value(ExecResult r) {
        return r.succeeded() ? String.join(",", r.stdoutText().strip().split("\\s+")) : "(absent: exit "
                + r.exitCode() + ")";
    }
}
