package org.wqlab.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.wqlab.analysis.trace.WorkExecution;
import org.wqlab.analysis.trace.WorkTimeline;
import org.wqlab.core.samples.SampleStore;

/**
 * For each delay above the threshold: the late interval [report - delay, monitor's start], the CPU (from the report,
 * else from the monitor's own work item found in the trace at the report's time, else the module's parameter), and
 * the work items of that CPU's per-CPU pool that were on the CPU inside the interval, ranked by time held.
 */
public final class Attribution {

    /** How far a monitor execute_start may be from its report's printk time (same clock; the print is inside it). */
    static final long MONITOR_MATCH_US = 5_000;
    static final int MAX_CULPRITS = 5;

    private Attribution() {
    }

    /** The monitor's own work function: latency-mon's {@code lm_work_fn [latency_mon]} or the simulator's name. */
    public static boolean isMonitor(WorkExecution e) {
        String s = e.function().symbol();
        return e.function().module().equals("latency_mon") || s.contains("latency_mon") || s.equals("lm_work_fn");
    }

    public static List<AttributedDelay> attribute(SampleStore samples, long thresholdUs, int moduleCpu,
            WorkTimeline timeline) {
        List<WorkExecution> executions = timeline == null ? List.of() : timeline.executions();
        List<AttributedDelay> out = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            int delay = samples.delayUs(i);
            if (!samples.hasTimestamp(i) || delay <= 0 || (!samples.classic(i) && delay <= thresholdUs)) {
                continue;
            }
            long ts = samples.timestampUs(i);
            int cpu = samples.cpu(i);
            String source = cpu >= 0 ? "report" : "unknown";
            WorkExecution monitor = findMonitor(executions, ts, cpu);
            if (cpu < 0 && monitor != null) {
                cpu = monitor.cpu();
                source = "trace";
            }
            if (cpu < 0 && moduleCpu >= 0) {
                cpu = moduleCpu;
                source = "module parameter";
            }
            long lateTo = monitor != null ? monitor.startUs() : ts;
            long lateFrom = lateTo - delay;
            long queued = monitor == null ? -1 : monitor.activatedUs() >= 0 ? monitor.activatedUs() : monitor.queuedUs();
            long waited = queued >= 0 ? lateTo - queued : -1;
            // CPU-bound is judged over the time the monitor's work waited in the pool when the trace shows its
            // queueing: the report's time minus its delay is the timer's due time, up to a jiffy before the queueing
            long waitFrom = queued >= 0 && queued > lateFrom ? Math.min(queued, lateTo) : lateFrom;
            out.add(new AttributedDelay(samples.line(i), ts, delay, cpu, source, lateFrom, lateTo, waited,
                    culprits(executions, monitor, cpu, lateFrom, lateTo, waitFrom), null, List.of()));
        }
        return out;
    }

    private static WorkExecution findMonitor(List<WorkExecution> executions, long ts, int cpu) {
        WorkExecution best = null;
        long bestDistance = Long.MAX_VALUE;
        for (WorkExecution e : executions) {
            if (e.startUs() > ts + MONITOR_MATCH_US) {
                break;
            }
            long d = Math.abs(e.startUs() - ts);
            if (d > MONITOR_MATCH_US || (cpu >= 0 && e.cpu() != cpu) || !isMonitor(e)) {
                continue;
            }
            if (d < bestDistance) {
                best = e;
                bestDistance = d;
            }
        }
        return best;
    }

    private static List<Culprit> culprits(List<WorkExecution> executions, WorkExecution monitor, int cpu,
            long from, long to, long waitFrom) {
        List<Culprit> found = new ArrayList<>();
        for (WorkExecution e : executions) {
            if (e.startUs() >= to) {
                break;
            }
            if (e == monitor || e.endUs() <= from || !onPool(e, cpu)) {
                continue;
            }
            long held = e.onCpuUs(from, to);
            if (held <= 0) {
                continue;
            }
            found.add(new Culprit(e.function().toString(), e.workqueue(), e.worker(), e.cpu(), e.startUs(), e.endUs(),
                    e.durationUs(), held, e.cpuBound(), e.cpuBoundWithin(waitFrom, to), e.longestCpuBoundUs(),
                    e.finished()));
        }
        found.sort(Comparator.comparingLong(Culprit::heldUs).reversed());
        return found.size() > MAX_CULPRITS ? List.copyOf(found.subList(0, MAX_CULPRITS)) : found;
    }

    /** The longest work item of the CPU's per-CPU pool in the whole trace (the monitor's excluded), or null. */
    public static Culprit longestOnPool(WorkTimeline timeline, int cpu) {
        if (timeline == null || cpu < 0) {
            return null;
        }
        WorkExecution best = null;
        for (WorkExecution e : timeline.executions()) {
            if (e.perCpuWorkerOf(cpu) && !isMonitor(e) && (best == null || e.durationUs() > best.durationUs())) {
                best = e;
            }
        }
        return best == null ? null : new Culprit(best.function().toString(), best.workqueue(), best.worker(),
                best.cpu(), best.startUs(), best.endUs(), best.durationUs(), best.longestCpuBoundUs(), best.cpuBound(),
                best.cpuBound(), best.longestCpuBoundUs(), best.finished());
    }

    /** A per-CPU pool's worker is named kworker/CPU:N[H]; a worker with another name counts by the CPU it ran on. */
    private static boolean onPool(WorkExecution e, int cpu) {
        if (cpu < 0) {
            return !e.worker().startsWith("kworker/u");
        }
        return e.perCpuWorkerOf(cpu) || (!e.worker().startsWith("kworker/") && e.cpu() == cpu);
    }
}
