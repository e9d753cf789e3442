package org.wqlab.sim.kernel;

/**
 * A modelled work function as a small state machine: the pool calls {@link #next} when the item starts and after
 * each step; side effects (log lines, queueing more work) happen inside that call, at the current virtual time.
 */
public interface SimulatedWorkFunction {

    /** The kernel symbol, e.g. {@code hub_event}; ftrace and the ground truth show it. */
    String name();

    /** Called at item start (step 0) and after each step completes. */
    WorkStep next(int step);

    /** A function that only computes for {@code ns} and returns. */
    static SimulatedWorkFunction compute(String name, long ns) {
        return new SimulatedWorkFunction() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public WorkStep next(int step) {
                return step == 0 ? new WorkStep.Compute(ns) : WorkStep.DONE;
            }
        };
    }
}
