package org.wqlab.sim.kernel;

/**
 * Ground truth for one interrupt handler on a CPU (ns of virtual uptime): a hard interrupt ({@code name} as in
 * /proc/interrupts) or a softirq ({@code name} as ftrace's {@code action=}: TIMER, BLOCK, TASKLET, RCU, ...).
 */
public record InterruptRecord(int cpu, String kind, String name, long startNs, long endNs) {

    public static final String HARDIRQ = "hardirq";
    public static final String SOFTIRQ = "softirq";

    /** The part of it inside [fromNs, toNs]. */
    public long overlapNs(long fromNs, long toNs) {
        return Math.max(0, Math.min(endNs, toNs) - Math.max(startNs, fromNs));
    }
}
