package org.wqlab.sim.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.wqlab.sim.Board;
import org.wqlab.sim.shell.Shell;

/**
 * An SSH shell channel: a prompt, line editing good enough for a terminal (echo, backspace, ^C, ^D) when a PTY was
 * requested, plain line reading otherwise; {@code exit [n]} ends it.
 */
final class InteractiveShell implements Command {

    private final Board board;
    private final Shell shell;
    private InputStream in;
    private OutputStream out;
    private OutputStream err;
    private ExitCallback exit;
    private volatile boolean closed;

    InteractiveShell(Board board) {
        this.board = board;
        this.shell = new Shell(board);
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
        boolean tty = env.getEnv().containsKey(Environment.ENV_TERM);
        Thread t = new Thread(() -> loop(tty), "wqlab-sim-shell");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Reads the channel's input on its own thread so that ^C reaches a running command (dmesg -w, sleep, a long dd)
     * while the shell thread is busy; other bytes queue for the line editor.
     */
    private void pump(java.util.concurrent.BlockingQueue<Integer> bytes) {
        try {
            int c;
            while (!closed && (c = in.read()) >= 0) {
                if (c == 3 && running) {
                    shell.interrupt();
                    continue;
                }
                bytes.add(c);
            }
        } catch (IOException e) {
            // channel gone: end of input
        }
        bytes.add(-1);
    }

    private volatile boolean running;

    private void loop(boolean tty) {
        java.util.concurrent.BlockingQueue<Integer> bytes = new java.util.concurrent.LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> pump(bytes), "wqlab-sim-shell-input");
        reader.setDaemon(true);
        reader.start();
        int status = 0;
        String prompt = "root@" + board.profile().hostname() + ":~# ";
        OutputStream o = tty ? new CrLfOutputStream(out) : out;
        OutputStream e = tty ? new CrLfOutputStream(err) : err;
        try {
            write(o, prompt);
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int c;
            while (!closed && (c = bytes.take()) >= 0) {
                if (c == '\r' || c == '\n') {
                    if (tty) {
                        write(o, "\n");
                    }
                    String text = line.toString(StandardCharsets.UTF_8).strip();
                    line.reset();
                    if (text.equals("exit") || text.startsWith("exit ")) {
                        String arg = text.substring(4).strip();
                        status = arg.matches("\\d+") ? Integer.parseInt(arg) : status;
                        break;
                    }
                    if (!text.isEmpty()) {
                        running = true;
                        try {
                            status = shell.run(text, InputStream.nullInputStream(), o, e);
                        } finally {
                            running = false;
                        }
                    }
                    write(o, prompt);
                } else if (c == 3) {
                    line.reset();
                    write(o, "^C\n" + prompt);
                } else if (c == 4) {
                    if (line.size() == 0) {
                        break;
                    }
                } else if (c == 127 || c == 8) {
                    if (line.size() > 0) {
                        byte[] b = line.toByteArray();
                        line.reset();
                        line.write(b, 0, b.length - 1);
                        if (tty) {
                            write(o, "\b \b");
                        }
                    }
                } else {
                    line.write(c);
                    if (tty) {
                        o.write(c);
                        o.flush();
                    }
                }
            }
        } catch (IOException ex) {
            status = 1;
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            status = 1;
        } finally {
            exit.onExit(status);
        }
    }

    private static void write(OutputStream o, String s) throws IOException {
        o.write(s.getBytes(StandardCharsets.UTF_8));
        o.flush();
    }

    @Override
    public void destroy(ChannelSession channel) {
        closed = true;
        shell.interrupt();
    }

    /** A terminal wants CR LF. */
    private static final class CrLfOutputStream extends OutputStream {
        private final OutputStream target;

        CrLfOutputStream(OutputStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            if (b == '\n') {
                target.write('\r');
            }
            target.write(b);
        }

        @Override
        public void flush() throws IOException {
            target.flush();
        }
    }
}
