package org.wqlab.sequence.run;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.target.Command;
import org.wqlab.target.OutputSink;
import org.wqlab.target.RemoteStream;
import org.wqlab.target.TransportException;

/**
 * {@code run}: a command on the board, streamed so that a cancel or the {@code timeout} (board time) signals it;
 * fails unless it exits with {@code expectExit}.
 */
final class RunCommandStep implements StepExecutor {

    @Override
    public String execute(Run run, ResolvedStep step, String label) throws RunCancelled, StepFailed,
            TransportException, InterruptedException {
        List<String> argv = step.command();
        double timeout = step.seconds("timeout", 600);
        int expect = step.optionalInteger("expectExit", 0).orElse(0);
        Command command = Command.of(argv.get(0));
        for (String a : argv.subList(1, argv.size())) {
            command = command.arg(a);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RemoteStream s = run.connection.stream(command, OutputSink.into(out), OutputSink.into(out));
        BoardDeadline deadline = run.deadline(timeout);
        while (true) {
            try {
                OptionalInt exit = s.awaitEnd(Duration.ofMillis(200));
                String output = tail(out);
                if (exit.isEmpty() || exit.getAsInt() != expect) {
                    throw new StepFailed(label + ": '" + command + "' exited with "
                            + (exit.isPresent() ? exit.getAsInt() : "no code") + ", expected " + expect
                            + (output.isEmpty() ? "" : ": " + output));
                }
                return "exit " + exit.getAsInt() + (output.isEmpty() ? "" : ": " + output);
            } catch (TransportException.TimedOut stillRunning) {
                if (run.monitor.isCanceled()) {
                    s.cancel();
                    throw new RunCancelled();
                }
                if (deadline.passed()) {
                    s.cancel();
                    throw new StepFailed(label + ": '" + command + "' still running after " + timeout
                            + " s (board time)");
                }
            }
        }
    }

    private static String tail(ByteArrayOutputStream out) {
        String s = out.toString(StandardCharsets.UTF_8).strip();
        return s.length() > 400 ? "..." + s.substring(s.length() - 400) : s;
    }
}
