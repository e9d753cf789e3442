package org.wqlab.analysis;

import java.util.List;

import org.wqlab.analysis.why.DelayBreakdown;
import org.wqlab.analysis.why.TaskDump;

/**
 * One delay above the threshold, the work items that held its CPU's pool meanwhile (most time held first), and,
 * from the trace, where all of its time went on that CPU and what every CPU ran around it.
 *
 * @param cpuSource    how the CPU was found: "report" (the line names it), "trace" (the monitor's own work item in
 *                     the trace), "module parameter", or "unknown" (-1: every CPU's pool was searched)
 * @param lateFromUs   start of the late interval: when the monitor's work should have run (report time - delay)
 * @param lateToUs     when it ran (its execute_start in the trace, else the report's time)
 * @param waitedUs     queue-to-start of the monitor's work item in the trace, -1 when not traced
 * @param breakdown    where the late interval went on the CPU; null without a trace
 * @param tasks        what every CPU ran when the monitor's work became runnable and at the end of the stall
 */
public record AttributedDelay(long line, long timestampUs, long delayUs, int cpu, String cpuSource, long lateFromUs,
        long lateToUs, long waitedUs, List<Culprit> culprits, DelayBreakdown breakdown, List<TaskDump> tasks) {

    public AttributedDelay {
        culprits = List.copyOf(culprits);
        tasks = tasks == null ? List.of() : List.copyOf(tasks);
    }

    /** When the monitor's work became runnable: its queueing in the trace, else the start of the late interval. */
    public long runnableUs() {
        return waitedUs >= 0 ? lateToUs - waitedUs : lateFromUs;
    }

    public AttributedDelay explained(DelayBreakdown why, List<TaskDump> dumps) {
        return new AttributedDelay(line, timestampUs, delayUs, cpu, cpuSource, lateFromUs, lateToUs, waitedUs, culprits,
                why, dumps);
    }
}
