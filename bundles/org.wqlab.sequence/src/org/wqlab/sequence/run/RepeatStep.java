package org.wqlab.sequence.run;

import java.util.List;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.Step;
import org.wqlab.target.TransportException;

/** {@code repeat}: runs its nested steps {@code times} times, each pass labelled {@code [i/n]}. */
final class RepeatStep implements StepExecutor {

    /** Runs steps the way the runner runs the sequence's own, each label given {@code suffix}. */
    @FunctionalInterface
    interface StepList {
        void run(Run run, List<Step> steps, String suffix) throws RunCancelled, StepFailed, TransportException,
                InterruptedException;
    }

    private final StepList steps;

    RepeatStep(StepList steps) {
        this.steps = steps;
    }

    @Override
    public String execute(Run run, ResolvedStep step, String label) throws RunCancelled, StepFailed,
            TransportException, InterruptedException {
        int times = step.integer("times", 1);
        for (int i = 1; i <= times; i++) {
            steps.run(run, step.step().steps(), " [" + i + "/" + times + "]");
        }
        return times + " times";
    }
}
