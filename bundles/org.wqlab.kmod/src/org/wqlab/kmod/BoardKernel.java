package org.wqlab.kmod;

import java.time.Duration;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/** The kernel a board runs, as {@code uname -r} and {@code uname -m} print it. */
public record BoardKernel(String release, String machine) {

    public static BoardKernel probe(BoardConnection connection, Duration timeout)
            throws TransportException, KmodException {
        return new BoardKernel(uname(connection, "-r", timeout), uname(connection, "-m", timeout));
    }

    /** The architecture name as ELF and vermagic know it ({@code arm64} and {@code aarch64} are one). */
    public String architecture() {
        return Architectures.canonical(machine);
    }

    private static String uname(BoardConnection connection, String option, Duration timeout)
            throws TransportException, KmodException {
        ExecResult result = connection.run(Command.of("uname").word(option), timeout);
        String text = result.stdoutText().strip();
        if (!result.succeeded() || text.isEmpty() || text.contains("\n")) {
            throw new KmodException("board '" + connection.profile().name() + "': uname " + option
                    + " failed (exit " + result.exitCode() + "): " + result.stderrText().strip());
        }
        return text;
    }
}
