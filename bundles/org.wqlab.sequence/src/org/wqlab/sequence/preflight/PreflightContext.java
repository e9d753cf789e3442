package org.wqlab.sequence.preflight;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.StepType;
import org.wqlab.sequence.Variables;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * What a check looks at: the connection, the sequence with its variables, the board's own USB driver.
 *
 * @param boardUsbDriver the driver a step's {@code "driver": "board"} means, null when the board has none
 */
record PreflightContext(BoardConnection connection, Sequence sequence, Variables variables, String boardUsbDriver,
        Duration timeout) {

    ExecResult run(Command command) throws TransportException {
        return connection.run(command, timeout);
    }

    /** Whether the board says yes to {@code test OP PATH} (the path quoted). */
    boolean test(String op, String path) throws TransportException {
        return run(Command.of("test").word(op).arg(path)).succeeded();
    }

    /** Every step of the sequence, the repeated ones once, resolved with the run's variables, in order. */
    List<ResolvedStep> steps(StepType type) {
        List<ResolvedStep> found = new ArrayList<>();
        collect(sequence.steps(), type, found);
        return found;
    }

    private void collect(List<Step> steps, StepType type, List<ResolvedStep> found) {
        for (Step s : steps) {
            if (s.type() == type) {
                found.add(new ResolvedStep(s, variables));
            }
            collect(s.steps(), type, found);
        }
    }

    static String firstLine(ExecResult r) {
        String text = (r.stderrText() + r.stdoutText()).strip();
        int nl = text.indexOf('\n');
        return text.isEmpty() ? "exit " + r.exitCode() : nl < 0 ? text : text.substring(0, nl);
    }
}
