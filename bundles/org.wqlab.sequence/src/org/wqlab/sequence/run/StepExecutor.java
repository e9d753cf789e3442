package org.wqlab.sequence.run;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.target.TransportException;

/** Does the work of one step type on the run's board; {@link StepExecutors} holds one per type. */
@FunctionalInterface
interface StepExecutor {

    /** @param label the step's label as shown and recorded; @return the step's detail for run.json */
    String execute(Run run, ResolvedStep step, String label) throws RunCancelled, StepFailed, TransportException,
            InterruptedException;
}
