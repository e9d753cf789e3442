package org.wqlab.sequence.run;

import java.time.Duration;
import java.util.regex.Pattern;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/** {@code wait-log}: waits for a kernel log line matching {@code pattern} within {@code timeout} of board time. */
final class WaitLogStep implements StepExecutor {

    /** How long a wait for a kernel log line gives the log stream to catch up with the board's clock. */
    private static final Duration LOG_CATCH_UP = Duration.ofSeconds(120);

    @Override
    public String execute(Run run, ResolvedStep step, String label) throws RunCancelled, StepFailed,
            TransportException, InterruptedException {
        Pattern p = step.pattern("pattern");
        double timeout = step.seconds("timeout", 60);
        // what the step before caused counts: a short stall's report can arrive before this step starts
        int from = run.messagesBeforePreviousStep;
        int at = run.recorder.await(p, from, run.deadline(timeout), run.monitor::isCanceled);
        run.check();
        if (at == -1) {
            at = afterTheLogCaughtUp(run, p, from);
            run.check();
        }
        if (at == KernelLogRecorder.GAVE_UP_MATCHING) {
            throw new StepFailed(label + ": timed out after " + timeout + " s (board time) while still"
                    + " matching '" + p + "' against a kernel log line; the pattern backtracks too much,"
                    + " simplify it");
        }
        if (at < 0) {
            throw new StepFailed(label + ": no kernel log line matched '" + p + "' within " + timeout
                    + " s (board time)");
        }
        return "matched";
    }

    /**
     * The board's clock says the wait is over, but the kernel log stream may be behind it (a loaded host reading a
     * fast simulated board, a slow link): writes a line into the board's log and, once the stream shows it, looks
     * once more at what arrived before it. A line the board logged within the timeout is then found however late
     * it was read; one logged after the timeout still is not. @return the match's index, or -1
     */
    static int afterTheLogCaughtUp(Run run, Pattern p, int from) throws TransportException,
            InterruptedException {
        String line = KmsgLine.of("log read up to here " + System.nanoTime());
        ExecResult written = run.connection.run(Command.of("echo").arg(line).op(">").arg("/dev/kmsg"), Run.SHORT);
        if (!written.succeeded()) {
            return -1; // a board that does not take kernel log lines: the board's clock decides alone
        }
        int caughtUp = run.recorder.await(Pattern.compile(Pattern.quote(line)), from,
                BoardDeadline.wall(LOG_CATCH_UP.toMillis()), run.monitor::isCanceled);
        return caughtUp < 0 ? -1 : run.recorder.find(p, from, caughtUp, run.monitor::isCanceled);
    }
}
