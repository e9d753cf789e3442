package org.wqlab.sim.board;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;

import org.wqlab.sim.Board;
import org.wqlab.sim.shell.Shell;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.Command;
import org.wqlab.target.OutputSink;
import org.wqlab.target.RemoteStream;
import org.wqlab.target.TransferProgress;

/**
 * The transport API over the simulated board's shell in-process: each command line the transport builds
 * ({@link Command#toShellString()}) runs in a fresh {@link Shell}, as an SSH exec channel would run it. Lets the
 * tests run org.wqlab.target's own scripts (ExecUpload, BoardFactsProbe) unchanged, without SSH in between.
 */
final class ShellConnection implements BoardConnection {

    private final Board board;
    private final BoardProfile profile = BoardProfile.of("sim-in-process", "127.0.0.1", 22, "root");

    ShellConnection(Board board) {
        this.board = board;
    }

    @Override
    public BoardProfile profile() {
        return profile;
    }

    @Override
    public int exec(Command command, InputStream stdin, OutputSink stdout, OutputSink stderr, Duration timeout) {
        return new Shell(board).run(command.toShellString(), stdin == null ? InputStream.nullInputStream() : stdin,
                sinkStream(stdout), sinkStream(stderr));
    }

    private static OutputStream sinkStream(OutputSink sink) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                sink.write(b, off, len);
            }
        };
    }

    @Override
    public RemoteStream stream(Command command, OutputSink stdout, OutputSink stderr) {
        throw new UnsupportedOperationException("not used by these tests");
    }

    @Override
    public void upload(Path localFile, String remotePath, TransferProgress progress, Duration timeout) {
        throw new UnsupportedOperationException("the tests call ExecUpload directly");
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public void close() {
    }
}
