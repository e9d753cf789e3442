package org.wqlab.sim.kernel;

/**
 * Ground truth for one executed work item (times in ns of virtual uptime). {@code sleptNs} is the time the function
 * spent sleeping; {@code end - start - sleptNs} is its CPU time plus time it was preempted.
 */
public record WorkRecord(String function, String workqueue, int cpu, String worker, long queuedNs, long startNs,
        long endNs, long sleptNs, boolean markedCpuIntensive) {

    public long waitNs() {
        return startNs - queuedNs;
    }
}
