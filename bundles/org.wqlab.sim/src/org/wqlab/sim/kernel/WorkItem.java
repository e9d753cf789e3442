package org.wqlab.sim.kernel;

/** One queued instance of a work function (a work_struct while it is pending or running). */
public final class WorkItem {
    final SimulatedWorkFunction function;
    final Workqueue workqueue;
    final int cpu;
    long queuedNs;
    long startNs = -1;
    long sleptNs;
    int step;
    boolean markedCpuIntensive;
    Runnable onDone;

    WorkItem(SimulatedWorkFunction function, Workqueue workqueue, int cpu) {
        this.function = function;
        this.workqueue = workqueue;
        this.cpu = cpu;
    }

    public String functionName() {
        return function.name();
    }

    /** Runs {@code action} when the item finishes (e.g. to end the command waiting for it). */
    public WorkItem whenDone(Runnable action) {
        this.onDone = action;
        return this;
    }
}
