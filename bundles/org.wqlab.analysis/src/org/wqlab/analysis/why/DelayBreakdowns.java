package org.wqlab.analysis.why;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.analysis.trace.CpuActivity;
import org.wqlab.analysis.trace.CpuActivity.Handler;
import org.wqlab.analysis.trace.CpuActivity.Seen;
import org.wqlab.analysis.trace.CpuActivity.Switch;
import org.wqlab.analysis.trace.WorkExecution;
import org.wqlab.analysis.trace.WorkTimeline;

/**
 * Splits a late interval on its CPU into what ran there, as rtla's auto-analysis does for a timer: hard interrupts
 * and softirqs (their handlers, a softirq without the hard interrupts that came during it), then, for the rest of
 * each task's time between {@code sched_switch}es, the work items of the CPU's pool by function (the kworker's
 * executions), other tasks by comm (a kworker between items counts as a task), idle; whatever the trace does not
 * cover is the named unexplained remainder. Also what every CPU ran at two moments ({@link TaskDump}).
 */
public final class DelayBreakdowns {

    private final WorkTimeline timeline;
    private final CpuActivity activity;
    private final Map<Integer, List<WorkExecution>> byWorker = new HashMap<>();

    public DelayBreakdowns(WorkTimeline timeline) {
        this.timeline = timeline;
        this.activity = timeline.activity();
        for (WorkExecution e : timeline.executions()) {
            byWorker.computeIfAbsent(e.workerPid(), p -> new ArrayList<>()).add(e);
        }
    }

    /** The breakdown of [fromUs, toUs] on {@code cpu} (-1: nothing is known, all of it unexplained). */
    public DelayBreakdown of(int cpu, long fromUs, long toUs) {
        long delay = Math.max(0, toUs - fromUs);
        Map<String, Long> parts = new LinkedHashMap<>();
        Intervals interrupts = new Intervals(List.of());
        if (cpu >= 0) {
            interrupts = interrupts(cpu, fromUs, toUs, parts);
            if (timeline.schedTraced()) {
                tasks(cpu, fromUs, toUs, interrupts, parts);
            } else {
                poolWithoutSched(cpu, fromUs, toUs, interrupts, parts);
            }
        }
        return build(cpu, fromUs, toUs, delay, parts);
    }

    /** Hard interrupts and softirqs clipped to the interval; returns their union, for the tasks to leave out. */
    private Intervals interrupts(int cpu, long fromUs, long toUs, Map<String, Long> parts) {
        List<Handler> inside = activity.handlers(cpu).stream()
                .filter(h -> h.toUs() > fromUs && h.fromUs() < toUs).toList();
        List<long[]> hard = new ArrayList<>();
        for (Handler h : inside) {
            if (h.hard()) {
                hard.add(new long[] {Math.max(h.fromUs(), fromUs), Math.min(h.toUs(), toUs)});
            }
        }
        Intervals hardUnion = new Intervals(hard);
        List<long[]> all = new ArrayList<>(hard);
        for (Handler h : inside) {
            long a = Math.max(h.fromUs(), fromUs);
            long b = Math.min(h.toUs(), toUs);
            if (h.hard()) {
                add(parts, DelayPart.HARDIRQ, h.name(), b - a);
            } else {
                add(parts, DelayPart.SOFTIRQ, h.name(), (b - a) - hardUnion.covered(a, b));
                all.add(new long[] {a, b});
            }
        }
        return new Intervals(all);
    }

    private void tasks(int cpu, long fromUs, long toUs, Intervals interrupts, Map<String, Long> parts) {
        List<Switch> switches = activity.switches(cpu);
        Seen current = activity.taskAt(cpu, fromUs);
        long cursor = fromUs;
        int i = CpuActivity.lastSwitchAtOrBefore(switches, fromUs) + 1;
        for (; i < switches.size() && switches.get(i).atUs() < toUs; i++) {
            Switch s = switches.get(i);
            segment(cpu, current, cursor, s.atUs(), interrupts, parts);
            current = new Seen(s.atUs(), s.nextComm(), s.nextPid());
            cursor = s.atUs();
        }
        segment(cpu, current, cursor, toUs, interrupts, parts);
    }

    /** A task's stretch on the CPU: its executions as work items, the rest as the task itself (or idle). */
    private void segment(int cpu, Seen task, long a, long b, Intervals interrupts, Map<String, Long> parts) {
        if (task == null || b <= a) {
            return; // not known: left to the unexplained remainder
        }
        long net = (b - a) - interrupts.covered(a, b);
        if (task.pid() == 0) {
            add(parts, DelayPart.IDLE, "idle", net);
            return;
        }
        for (WorkExecution e : byWorker.getOrDefault(task.pid(), List.of())) {
            long ea = Math.max(a, e.startUs());
            long eb = Math.min(b, e.endUs());
            if (eb <= ea) {
                continue;
            }
            long held = (eb - ea) - interrupts.covered(ea, eb);
            net -= held;
            if (e.perCpuWorkerOf(cpu)) {
                add(parts, DelayPart.WORK, e.function().toString(), held);
            } else {
                add(parts, DelayPart.THREAD, task.comm() + " (" + e.function() + ")", held);
            }
        }
        add(parts, DelayPart.THREAD, task.comm(), net);
    }

    /** Without sched_switch: the pool's work items by their on-CPU time; the rest stays unexplained. */
    private void poolWithoutSched(int cpu, long fromUs, long toUs, Intervals interrupts, Map<String, Long> parts) {
        List<long[]> taken = new ArrayList<>();
        for (WorkExecution e : timeline.executions()) {
            if (e.startUs() >= toUs) {
                break;
            }
            long a = Math.max(fromUs, e.startUs());
            long b = Math.min(toUs, e.endUs());
            if (b <= a || !e.perCpuWorkerOf(cpu)) {
                continue;
            }
            Intervals already = new Intervals(taken);
            add(parts, DelayPart.WORK, e.function().toString(),
                    (b - a) - interrupts.covered(a, b) - already.covered(a, b));
            taken.add(new long[] {a, b});
        }
    }

    private static void add(Map<String, Long> parts, String kind, String name, long us) {
        if (us > 0) {
            parts.merge(kind + "\u0000" + name, us, Long::sum);
        }
    }

    private DelayBreakdown build(int cpu, long fromUs, long toUs, long delay, Map<String, Long> sums) {
        List<DelayPart> parts = new ArrayList<>();
        long explained = 0;
        for (Map.Entry<String, Long> e : sums.entrySet()) {
            String[] kn = e.getKey().split("\u0000", 2);
            parts.add(new DelayPart(kn[0], kn[1], e.getValue(), percent(e.getValue(), delay)));
            explained += e.getValue();
        }
        parts.sort(Comparator.comparingLong(DelayPart::us).reversed().thenComparing(DelayPart::name));
        long rest = Math.max(0, delay - explained);
        parts.add(new DelayPart(DelayPart.UNEXPLAINED, "unexplained", rest, percent(rest, delay)));
        return new DelayBreakdown(cpu, fromUs, toUs, delay, parts, activity.irqTraced(), timeline.schedTraced());
    }

    private static double percent(long us, long delay) {
        return delay <= 0 ? 0 : Math.round(1000.0 * us / delay) / 10.0;
    }

    /** What every traced CPU ran at {@code atUs}: the task, and the work item when it is a kworker executing one. */
    public TaskDump tasksAt(String moment, long atUs) {
        List<CpuTask> out = new ArrayList<>();
        for (int cpu : activity.cpus()) {
            Seen s = activity.taskAt(cpu, atUs);
            if (s == null) {
                out.add(new CpuTask(cpu, "?", -1, ""));
                continue;
            }
            String work = "";
            if (s.pid() != 0) {
                for (WorkExecution e : byWorker.getOrDefault(s.pid(), List.of())) {
                    if (e.startUs() <= atUs && atUs < e.endUs()) {
                        work = e.function().toString();
                    }
                }
            }
            out.add(new CpuTask(cpu, s.pid() == 0 ? "<idle>" : s.comm(), s.pid(), work));
        }
        return new TaskDump(moment, atUs, out);
    }
}
