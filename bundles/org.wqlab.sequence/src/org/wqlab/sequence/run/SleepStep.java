package org.wqlab.sequence.run;

import org.wqlab.sequence.ResolvedStep;

/** {@code sleep}: waits {@code seconds} of board time, cancellable every 100 ms. */
final class SleepStep implements StepExecutor {

    @Override
    public String execute(Run run, ResolvedStep step, String label) throws RunCancelled, InterruptedException {
        double s = step.seconds("seconds", 0);
        BoardDeadline deadline = run.deadline(s);
        while (true) {
            run.check();
            if (deadline.passed()) {
                return s + " s (board time)";
            }
            Thread.sleep(Math.max(1, Math.min(deadline.leftMs(), 100)));
        }
    }
}
