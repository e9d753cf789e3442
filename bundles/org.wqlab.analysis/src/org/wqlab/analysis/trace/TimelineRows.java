package org.wqlab.analysis.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A trace's work-item executions as rows to draw: one per CPU (everything that ran there), then for each CPU one per
 * worker that ran there. Each row keeps its executions sorted by start with a running maximum of their ends, so the
 * ones overlapping a time range are found by binary search even when a CPU's workers interleave.
 */
public final class TimelineRows {

    /**
     * {@code worker} is empty for a CPU's row; the arrays are by execution ({@code maxEndUs[i]}: the largest end of
     * executions 0..i), kept as primitives so a redraw touches no execution record.
     */
    public record Row(int cpu, String worker, List<WorkExecution> executions, int[] functionIndex, long[] startUs,
            long[] endUs, long[] maxEndUs) {

        public String label() {
            return worker.isEmpty() ? "CPU " + cpu : worker;
        }

        public boolean cpuRow() {
            return worker.isEmpty();
        }

        /** The first execution that may end at or after {@code us} (every earlier one ended before it). */
        int firstEndingFrom(long us) {
            int lo = 0;
            int hi = maxEndUs.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (maxEndUs[mid] < us) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    private final List<Row> cpuRows;
    private final Map<Integer, List<Row>> workerRows;
    private final List<WorkFunction> functions;
    private final boolean[] monitorFunction;
    private final long firstUs;
    private final long lastUs;

    private TimelineRows(List<Row> cpuRows, Map<Integer, List<Row>> workerRows, List<WorkFunction> functions,
            boolean[] monitorFunction, long firstUs, long lastUs) {
        this.cpuRows = cpuRows;
        this.workerRows = workerRows;
        this.functions = functions;
        this.monitorFunction = monitorFunction;
        this.firstUs = firstUs;
        this.lastUs = lastUs;
    }

    /** {@code monitor} tells the monitor's own work item (the widget marks it). */
    public static TimelineRows of(WorkTimeline timeline, Predicate<WorkExecution> monitor) {
        Map<WorkFunction, Integer> index = new LinkedHashMap<>();
        List<Boolean> isMonitor = new ArrayList<>();
        TreeMap<Integer, List<WorkExecution>> byCpu = new TreeMap<>();
        TreeMap<Integer, Map<String, List<WorkExecution>>> byWorker = new TreeMap<>();
        for (WorkExecution e : timeline.executions()) {
            index.computeIfAbsent(e.function(), f -> {
                isMonitor.add(monitor.test(e));
                return index.size();
            });
            byCpu.computeIfAbsent(e.cpu(), c -> new ArrayList<>()).add(e);
            byWorker.computeIfAbsent(e.cpu(), c -> new HashMap<>()).computeIfAbsent(e.worker(), w -> new ArrayList<>())
                    .add(e);
        }
        List<Row> cpuRows = new ArrayList<>();
        Map<Integer, List<Row>> workerRows = new HashMap<>();
        for (var cpu : byCpu.entrySet()) {
            cpuRows.add(row(cpu.getKey(), "", cpu.getValue(), index));
            List<Row> workers = new ArrayList<>();
            byWorker.get(cpu.getKey()).entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(w -> workers.add(row(cpu.getKey(), w.getKey(), w.getValue(), index)));
            workerRows.put(cpu.getKey(), List.copyOf(workers));
        }
        boolean[] monitorFunction = new boolean[isMonitor.size()];
        for (int i = 0; i < monitorFunction.length; i++) {
            monitorFunction[i] = isMonitor.get(i);
        }
        return new TimelineRows(List.copyOf(cpuRows), workerRows, List.copyOf(index.keySet()), monitorFunction,
                timeline.firstUs(), timeline.lastUs());
    }

    private static Row row(int cpu, String worker, List<WorkExecution> list, Map<WorkFunction, Integer> index) {
        List<WorkExecution> sorted = new ArrayList<>(list);
        sorted.sort(Comparator.comparingLong(WorkExecution::startUs));
        int n = sorted.size();
        int[] fn = new int[n];
        long[] start = new long[n];
        long[] end = new long[n];
        long[] maxEnd = new long[n];
        long running = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            WorkExecution e = sorted.get(i);
            fn[i] = index.get(e.function());
            start[i] = e.startUs();
            end[i] = e.endUs();
            running = Math.max(running, end[i]);
            maxEnd[i] = running;
        }
        return new Row(cpu, worker, List.copyOf(sorted), fn, start, end, maxEnd);
    }

    public List<Row> cpuRows() {
        return cpuRows;
    }

    /** The rows of the workers that ran on {@code cpu}, by name. */
    public List<Row> workerRows(int cpu) {
        return workerRows.getOrDefault(cpu, List.of());
    }

    /** Every function, indexed as {@link Row#functionIndex()} and {@link PixelSpan#function()} refer to them. */
    public List<WorkFunction> functions() {
        return functions;
    }

    public boolean monitor(int functionIndex) {
        return monitorFunction[functionIndex];
    }

    /** The trace's first and last event times (the full range). */
    public long firstUs() {
        return firstUs;
    }

    public long lastUs() {
        return lastUs;
    }
}
