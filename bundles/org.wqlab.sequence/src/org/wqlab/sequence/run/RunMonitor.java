package org.wqlab.sequence.run;

/**
 * Progress and cancellation of a run. The UI wraps it around an Eclipse Job's progress monitor; headless, the CLI
 * prints and cancels on Ctrl-C. Called from the runner's thread.
 */
public interface RunMonitor {

    RunMonitor NONE = new RunMonitor() {
    };

    default boolean isCanceled() {
        return false;
    }

    default void stepStarted(int number, String label) {
    }

    default void stepFinished(StepRecord record) {
    }

    default void message(String text) {
    }
}
