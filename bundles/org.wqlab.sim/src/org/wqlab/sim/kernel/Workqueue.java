package org.wqlab.sim.kernel;

/**
 * A workqueue: per-CPU ones share their CPU's normal worker pool; unbound ones use the unbound pool.
 * {@code cpuIntensive} is WQ_CPU_INTENSIVE: its items never count for concurrency management.
 */
public record Workqueue(String name, boolean unbound, boolean cpuIntensive) {

    public static Workqueue perCpu(String name) {
        return new Workqueue(name, false, false);
    }

    public static Workqueue unboundQueue(String name) {
        return new Workqueue(name, true, false);
    }
}
