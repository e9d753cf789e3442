package org.wqlab.sim.kernel;

/** What a work item does next: use the CPU, sleep, or finish. */
public sealed interface WorkStep {

    /** Runs on the CPU without sleeping for {@code ns} of CPU time (longer in wall time when preempted). */
    record Compute(long ns) implements WorkStep {
    }

    /** Sleeps (blocks) for {@code ns}; concurrency management may start another worker meanwhile. */
    record Sleep(long ns) implements WorkStep {
    }

    /** The work function returns. */
    record Done() implements WorkStep {
    }

    Done DONE = new Done();
}
