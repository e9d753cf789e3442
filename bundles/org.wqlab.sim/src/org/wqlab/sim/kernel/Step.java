package org.wqlab.sim.kernel;

/** What a work item does next: use the CPU, sleep, or finish. */
public sealed interface Step {

    /** Runs on the CPU without sleeping for {@code ns} of CPU time (longer in wall time when preempted). */
    record Compute(long ns) implements Step {
    }

    /** Sleeps (blocks) for {@code ns}; concurrency management may start another worker meanwhile. */
    record Sleep(long ns) implements Step {
    }

    /** The work function returns. */
    record Done() implements Step {
    }

    Done DONE = new Done();
}
