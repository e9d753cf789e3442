package org.wqlab.analysis;

import java.util.List;

/**
 * One delay above the threshold and the work items that held its CPU's pool meanwhile, most time held first.
 *
 * @param cpuSource    how the CPU was found: "report" (the line names it), "trace" (the monitor's own work item in
 *                     the trace), "module parameter", or "unknown" (-1: every CPU's pool was searched)
 * @param lateFromUs   start of the late interval: when the monitor's work should have run (report time - delay)
 * @param lateToUs     when it ran (its execute_start in the trace, else the report's time)
 * @param waitedUs     queue-to-start of the monitor's work item in the trace, -1 when not traced
 */
public record AttributedDelay(long line, long timestampUs, long delayUs, int cpu, String cpuSource, long lateFromUs,
        long lateToUs, long waitedUs, List<Culprit> culprits) {

    public AttributedDelay {
        culprits = List.copyOf(culprits);
    }
}
