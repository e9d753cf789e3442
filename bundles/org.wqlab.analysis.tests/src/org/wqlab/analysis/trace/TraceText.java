package org.wqlab.analysis.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** ftrace text as trace_pipe prints it, for work items whose times a test chooses. */
final class TraceText {
    private final List<String> lines = new ArrayList<>();
    private int nextWork = 1;

    /** One item queued at {@code startUs}, run by {@code worker} (pid {@code pid}) on {@code cpu} until {@code endUs}. */
    TraceText work(int cpu, String worker, int pid, String function, String workqueue, long startUs, long endUs) {
        String work = String.format(Locale.ROOT, "%016x", 0xffff000000000000L + 0x40L * nextWork++);
        lines.add(line("<idle>", 0, cpu, startUs, "workqueue_queue_work: work struct=" + work + " function=" + function
                + " workqueue=" + workqueue + " req_cpu=" + cpu + " cpu=" + cpu));
        lines.add(line(worker, pid, cpu, startUs, "workqueue_execute_start: work struct " + work + ": function "
                + function));
        lines.add(line(worker, pid, cpu, endUs, "workqueue_execute_end: work struct " + work + ": function "
                + function));
        return this;
    }

    static String line(String comm, int pid, int cpu, long us, String body) {
        return String.format(Locale.ROOT, "%16s-%-7d [%03d] ..... %6d.%06d: %s", comm, pid, cpu, us / 1_000_000,
                us % 1_000_000, body);
    }

    /** In time order, as the trace would print them. */
    List<String> lines() {
        return lines.stream().sorted((a, b) -> Double.compare(time(a), time(b))).toList();
    }

    private static double time(String line) {
        int colon = line.indexOf(": ");
        int space = line.lastIndexOf(' ', colon);
        return Double.parseDouble(line.substring(space + 1, colon));
    }
}
