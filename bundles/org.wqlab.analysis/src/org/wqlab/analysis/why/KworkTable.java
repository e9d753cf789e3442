package org.wqlab.analysis.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.wqlab.analysis.trace.WorkExecution;
import org.wqlab.analysis.trace.WorkTimeline;

/** The perf kwork table of a trace: one {@link KworkRow} per work function and CPU, the largest latency first. */
public final class KworkTable {

    private KworkTable() {
    }

    public static List<KworkRow> of(WorkTimeline timeline, Predicate<WorkExecution> monitor) {
        Map<String, List<WorkExecution>> groups = new TreeMap<>();
        for (WorkExecution e : timeline.executions()) {
            groups.computeIfAbsent(e.function() + "\u0000" + e.cpu(), k -> new ArrayList<>()).add(e);
        }
        List<KworkRow> rows = new ArrayList<>();
        for (List<WorkExecution> g : groups.values()) {
            rows.add(row(g, monitor.test(g.get(0))));
        }
        rows.sort(Comparator.comparingLong(KworkRow::maxLatencyUs).reversed()
                .thenComparing(KworkRow::function).thenComparingInt(KworkRow::cpu));
        return rows;
    }

    private static KworkRow row(List<WorkExecution> g, boolean monitor) {
        long[] lat = g.stream().mapToLong(KworkTable::latency).filter(l -> l >= 0).sorted().toArray();
        long[] exec = g.stream().filter(WorkExecution::finished).mapToLong(WorkExecution::durationUs).toArray();
        WorkExecution first = g.get(0);
        long execTotal = Arrays.stream(exec).sum();
        return new KworkRow(first.function().toString(), first.cpu(), g.size(), lat.length, mean(lat), p99(lat),
                lat.length == 0 ? 0 : lat[lat.length - 1], execTotal, exec.length == 0 ? 0 : execTotal / exec.length,
                Arrays.stream(exec).max().orElse(0), monitor);
    }

    /** activate_work (else queue_work) to execute_start; -1 when its queueing was not traced. */
    static long latency(WorkExecution e) {
        long queued = e.activatedUs() >= 0 ? e.activatedUs() : e.queuedUs();
        return queued < 0 ? -1 : Math.max(0, e.startUs() - queued);
    }

    private static long mean(long[] sorted) {
        return sorted.length == 0 ? 0 : Arrays.stream(sorted).sum() / sorted.length;
    }

    /** Nearest rank. */
    private static long p99(long[] sorted) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(0.99 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
