package org.wqlab.analysis;

/**
 * A work item that ran on the late CPU's pool while the monitor's work waited.
 *
 * @param function            as ftrace prints it, e.g. {@code hub_event [usbcore]}
 * @param heldUs              its time on the CPU inside the late interval (the ranking key)
 * @param cpuBound            never left the CPU voluntarily between start and end; null without sched_switch
 * @param cpuBoundDuringDelay never left the CPU voluntarily inside the late interval; null without sched_switch
 * @param longestCpuBoundUs   its longest stretch without a voluntary switch
 * @param finished            false when the trace ended before the item did (end = last trace time)
 */
public record Culprit(String function, String workqueue, String worker, int cpu, long startUs, long endUs,
        long durationUs, long heldUs, Boolean cpuBound, Boolean cpuBoundDuringDelay, long longestCpuBoundUs,
        boolean finished) {

    /** The symbol without the module suffix. */
    public String symbol() {
        int bracket = function.indexOf(" [");
        return bracket > 0 ? function.substring(0, bracket) : function;
    }
}
