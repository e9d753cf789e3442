package org.wqlab.sequence.run;

import java.nio.file.Path;

import org.wqlab.target.OutputSink;

/**
 * Progress and cancellation of a run. The UI wraps it around an Eclipse Job's progress monitor; headless, the CLI
 * prints and cancels on Ctrl-C. Called from the runner's thread.
 */
public interface RunMonitor {

    RunMonitor NONE = new RunMonitor() {
    };

    /** The experiment folder this run records into, once it exists and before the first step. */
    default void recording(Path experimentDir) {
    }

    default boolean isCanceled() {
        return false;
    }

    default void stepStarted(int number, String label) {
    }

    default void stepFinished(StepRecord record) {
    }

    default void message(String text) {
    }

    /**
     * Where the run is, as the board's side says it (a lab's job queued, then running on a device): shown where the
     * run's state is shown. By default a message.
     */
    default void status(String text) {
        message(text);
    }

    /**
     * Every kernel-log line the run keeps, as written to the experiment's raw log ({@code /dev/kmsg} record format,
     * newline included), e.g. for a live plot. Called on the transport's thread: must be quick.
     */
    default OutputSink kernelLog() {
        return OutputSink.DISCARD;
    }
}
