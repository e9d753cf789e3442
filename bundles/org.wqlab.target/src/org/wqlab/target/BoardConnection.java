package org.wqlab.target;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An open, authenticated connection to one board. Commands are {@link Command}s, never raw strings, so every value is
 * quoted by {@link ShellQuote}. Thread-safe: several commands and streams may run at once.
 */
public interface BoardConnection extends AutoCloseable {

    BoardProfile profile();

    /**
     * Runs a command to its end, streaming its output to the sinks as it arrives.
     *
     * @param stdin bytes for the command's standard input, or null for none (stdin is closed at once)
     * @return the exit code
     * @throws TransportException.TimedOut if it ran longer than {@code timeout} (the command is then signalled)
     * @throws TransportException.Dropped if the connection broke
     */
    int exec(Command command, InputStream stdin, OutputSink stdout, OutputSink stderr, Duration timeout)
            throws TransportException;

    /** Runs a command and captures its output. */
    default ExecResult run(Command command, Duration timeout) throws TransportException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = exec(command, null, OutputSink.into(out), OutputSink.into(err), timeout);
        return new ExecResult(exit, out.toByteArray(), err.toByteArray());
    }

    /** Starts a long-running command; its output goes to the sinks until it ends or is cancelled. */
    RemoteStream stream(Command command, OutputSink stdout, OutputSink stderr) throws TransportException;

    /**
     * Copies a local file to the board (SFTP when the board has it, else {@code cat >} over exec), writing to a
     * temporary name and renaming it at the end, so a broken upload never leaves a half file under the real name.
     */
    void upload(Path localFile, String remotePath, TransferProgress progress, Duration timeout)
            throws TransportException;

    /** Reads a remote file (up to {@code maxBytes}; a larger file is an error). */
    default byte[] readFile(String remotePath, long maxBytes, Duration timeout) throws TransportException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long[] seen = {0};
        int exit = exec(Command.of("cat").word("--").arg(remotePath), null, (b, off, len) -> {
            seen[0] += len;
            if (seen[0] <= maxBytes) {
                out.write(b, off, len);
            }
        }, OutputSink.into(err), timeout);
        if (exit != 0) {
            throw new TransportException.RemoteIo(profile().name(),
                    "cannot read " + remotePath + ": " + err.toString().strip(), null);
        }
        if (seen[0] > maxBytes) {
            throw new TransportException.RemoteIo(profile().name(),
                    remotePath + " is larger than " + maxBytes + " bytes", null);
        }
        return out.toByteArray();
    }

    boolean isOpen();

    /** Closes the connection and every command and stream still running on it. */
    @Override
    void close();
}
