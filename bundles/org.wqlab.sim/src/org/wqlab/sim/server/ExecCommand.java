package org.wqlab.sim.server;

import java.io.InputStream;
import java.io.OutputStream;

import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.wqlab.sim.Board;
import org.wqlab.sim.shell.Shell;

/** An SSH exec request: one command line run by the board's shell on its own thread. */
final class ExecCommand implements Command {

    private final Shell shell;
    private final String line;
    private InputStream in;
    private OutputStream out;
    private OutputStream err;
    private ExitCallback exit;

    ExecCommand(Board board, String line) {
        this.shell = new Shell(board);
        this.line = line;
    }

    @Override
    public void setInputStream(InputStream in) {
        this.in = in;
    }

    @Override
    public void setOutputStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {
        this.err = err;
    }

    @Override
    public void setExitCallback(ExitCallback callback) {
        this.exit = callback;
    }

    @Override
    public void start(ChannelSession channel, Environment env) {
        Thread t = new Thread(() -> {
            int code = 1;
            try {
                code = shell.run(line, in, out, err);
                out.flush();
                err.flush();
            } catch (Exception e) {
                code = 1;
            } finally {
                exit.onExit(code);
            }
        }, "wqlab-sim-exec");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void destroy(ChannelSession channel) {
        shell.interrupt();
    }
}
