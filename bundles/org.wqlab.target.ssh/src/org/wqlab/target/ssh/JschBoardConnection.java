package org.wqlab.target.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.Command;
import org.wqlab.target.ExecUpload;
import org.wqlab.target.OutputSink;
import org.wqlab.target.RemoteStream;
import org.wqlab.target.TransferProgress;
import org.wqlab.target.TransportException;

import com.jcraft.jsch.Channel;
import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.ChannelSftp;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import com.jcraft.jsch.SftpException;
import com.jcraft.jsch.SftpProgressMonitor;

final class JschBoardConnection implements BoardConnection {

    /**
     * How long JSch waits for the board to open a channel and answer its requests (exec, subsystem) on a session
     * that is up: a loaded host answers late ("channel request: timeout" after the 15 s of a TCP connect), and a
     * board that is gone is found by the session's keep-alive, not by this.
     */
    static final long CHANNEL_TIMEOUT_MS = 120_000;

    /** How long to wait for exit status and close after a command's output ended. */
    private static final long CLOSE_WAIT_MS = 10_000;

    /** Opens a fresh session to the same board (used once, after a failed SFTP start broke the session). */
    @FunctionalInterface
    interface Reopener {
        Session open() throws TransportException;
    }

    private final BoardProfile profile;
    private volatile Session session;
    private final SshTarget target;
    private final Reopener reopener;
    /** OpenSSH without an sftp-server: remembered so later uploads go straight to the cat fallback. */
    private volatile boolean sftpUnavailable;
    private final Set<Channel> channels = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService timer;
    /** Each channel on a session of its own, the first session only keeping the connection (see DropbearChannelRace). */
    private final boolean sessionPerChannel;
    /** Sessions whose last channel ended with its exit status, ready for the next channel. */
    private final Deque<Session> spareSessions = new ArrayDeque<>();
    private final Set<Session> channelSessions = ConcurrentHashMap.newKeySet();

    JschBoardConnection(BoardProfile profile, Session session, SshTarget target, Reopener reopener) {
        this.profile = profile;
        this.session = session;
        this.target = target;
        this.reopener = reopener;
        this.timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon()
                .name("wqlab-ssh-timer-" + profile.name()).factory());
        this.sessionPerChannel = DropbearChannelRace.affects(session.getServerVersion());
    }

    private Session acquireSession() throws TransportException {
        if (!sessionPerChannel) {
            return session;
        }
        synchronized (spareSessions) {
            Session spare;
            while ((spare = spareSessions.poll()) != null) {
                if (spare.isConnected()) {
                    return spare;
                }
                channelSessions.remove(spare);
            }
        }
        if (!session.isConnected()) {
            throw dropped(session, "before opening a session for a command", null);
        }
        Session fresh = reopener.open();
        channelSessions.add(fresh);
        return fresh;
    }

    /**
     * @param reusable the channel's process ended and the server said so (its exit status came): no exit of it can
     *            race the next channel's open
     */
    private void releaseSession(Session used, boolean reusable) {
        if (used == session) {
            return;
        }
        synchronized (spareSessions) {
            if (reusable && used.isConnected() && !timer.isShutdown()) {
                spareSessions.push(used);
                return;
            }
        }
        channelSessions.remove(used);
        used.disconnect();
    }

    private int channelTimeoutMs() {
        return (int) Math.max(CHANNEL_TIMEOUT_MS, profile.connectTimeout().toMillis());
    }

    @Override
    public BoardProfile profile() {
        return profile;
    }

    @Override
    public int exec(Command command, InputStream stdin, OutputSink stdout, OutputSink stderr, Duration timeout)
            throws TransportException {
        Running running = start(command, stdin, stdout, stderr);
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledFuture<?> alarm = timer.schedule(() -> {
            timedOut.set(true);
            running.kill();
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        try {
            running.pumpStdout();
            running.awaitClose();
        } finally {
            alarm.cancel(false);
            running.release();
        }
        if (timedOut.get()) {
            throw new TransportException.TimedOut(profile.name(),
                    "command did not finish within " + timeout.toSeconds() + " s: " + abbreviated(command), null);
        }
        running.throwIfBroken(command);
        return running.channel.getExitStatus();
    }

    @Override
    public RemoteStream stream(Command command, OutputSink stdout, OutputSink stderr) throws TransportException {
        Running running = start(command, null, stdout, stderr);
        CountDownLatch ended = new CountDownLatch(1);
        AtomicBoolean cancelled = new AtomicBoolean();
        Thread.ofPlatform().daemon().name("wqlab-ssh-stream-" + profile.name()).start(() -> {
            try {
                running.pumpStdout();
                running.awaitClose();
            } finally {
                running.release();
                ended.countDown();
            }
        });
        return new RemoteStream() {
            @Override
            public void cancel() {
                if (cancelled.compareAndSet(false, true)) {
                    running.kill();
                }
            }

            @Override
            public boolean isRunning() {
                return ended.getCount() > 0;
            }

            @Override
            public OptionalInt awaitEnd(Duration wait) throws TransportException, InterruptedException {
                if (!ended.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new TransportException.TimedOut(profile.name(),
                            "stream still running after " + wait.toSeconds() + " s: " + abbreviated(command), null);
                }
                if (cancelled.get()) {
                    return OptionalInt.empty();
                }
                running.throwIfBroken(command);
                int exit = running.channel.getExitStatus();
                return exit < 0 ? OptionalInt.empty() : OptionalInt.of(exit);
            }
        };
    }

    @Override
    public void upload(Path localFile, String remotePath, TransferProgress progress, Duration timeout)
            throws TransportException {
        if (sftpUnavailable) {
            ExecUpload.upload(this, localFile, remotePath, progress, timeout);
            return;
        }
        ChannelSftp sftp;
        boolean othersRunning = !channels.isEmpty();
        Session on = acquireSession();
        try {
            sftp = (ChannelSftp) on.openChannel("sftp");
            sftp.connect(channelTimeoutMs());
        } catch (JSchException noSftp) {
            sftpUnavailable = true;
            if (on != session) { // a session of its own: not trusted after the failed probe, and closed
                releaseSession(on, false);
                ExecUpload.upload(this, localFile, remotePath, progress, timeout);
                return;
            }
            // JSch sends SFTP's first packet even when the server has already closed the failed subsystem's
            // channel, and OpenSSH answers that with a disconnect that may arrive only after this point. So the
            // session is not trusted after a failed probe: when nothing else runs on it, it is replaced now, once.
            if (othersRunning) {
                if (!session.isConnected()) {
                    throw dropped("while probing for SFTP (the board has no sftp-server)", noSftp);
                }
            } else {
                Session probed = session;
                session = reopener.open();
                probed.disconnect();
            }
            ExecUpload.upload(this, localFile, remotePath, progress, timeout);
            return;
        }
        channels.add(sftp);
        String temporary = remotePath + ".wqlab-part";
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledFuture<?> alarm = timer.schedule(() -> {
            timedOut.set(true);
            sftp.disconnect();
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        try {
            long total = Files.size(localFile);
            AtomicBoolean cancelled = new AtomicBoolean();
            sftp.put(localFile.toString(), sftpLiteral(temporary), new SftpProgressMonitor() {
                private long done;

                @Override
                public void init(int op, String src, String dest, long max) {
                }

                @Override
                public boolean count(long count) {
                    done += count;
                    boolean go = progress.transferred(done, total);
                    cancelled.set(!go);
                    return go;
                }

                @Override
                public void end() {
                }
            }, ChannelSftp.OVERWRITE);
            if (cancelled.get()) {
                removeQuietly(sftp, temporary);
                throw new TransportException.RemoteIo(profile.name(), "upload to " + remotePath + " cancelled", null);
            }
            long written = sftp.lstat(sftpLiteral(temporary)).getSize();
            if (written != total) {
                removeQuietly(sftp, temporary);
                throw new TransportException.RemoteIo(profile.name(),
                        "upload to " + remotePath + " incomplete: " + written + " of " + total + " bytes", null);
            }
            renameOver(sftp, temporary, remotePath);
        } catch (SftpException | IOException e) {
            if (timedOut.get()) {
                throw new TransportException.TimedOut(profile.name(),
                        "upload to " + remotePath + " did not finish within " + timeout.toSeconds() + " s", e);
            }
            if (!on.isConnected()) {
                throw dropped(on, "during upload to " + remotePath, e);
            }
            removeQuietly(sftp, temporary);
            throw new TransportException.RemoteIo(profile.name(), "upload to " + remotePath + " failed: " + e, e);
        } finally {
            alarm.cancel(false);
            sftp.disconnect();
            channels.remove(sftp);
            releaseSession(on, false); // the sftp-server ends only after the close: its exit could race a reuse
        }
    }

    /**
     * JSch's SFTP calls expand {@code *} and {@code ?} in remote paths and treat {@code \\} as an escape; this makes a
     * path literal for JSch (it is not shell quoting: no shell sees SFTP paths).
     */
    static String sftpLiteral(String path) {
        StringBuilder literal = new StringBuilder(path.length() + 8);
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '\\' || c == '*' || c == '?') {
                literal.append('\\');
            }
            literal.append(c);
        }
        return literal.toString();
    }

    private static void renameOver(ChannelSftp sftp, String from, String to) throws SftpException {
        try {
            sftp.rename(sftpLiteral(from), sftpLiteral(to)); // posix-rename@openssh.com when offered: replaces
        } catch (SftpException exists) {
            sftp.rm(sftpLiteral(to));
            sftp.rename(sftpLiteral(from), sftpLiteral(to));
        }
    }

    private static void removeQuietly(ChannelSftp sftp, String path) {
        try {
            sftp.rm(sftpLiteral(path));
        } catch (SftpException | RuntimeException ignored) {
            // best effort: the temporary name never shadows the real file
        }
    }

    @Override
    public boolean isOpen() {
        return session.isConnected();
    }

    @Override
    public void close() {
        for (Channel channel : channels) {
            channel.disconnect();
        }
        timer.shutdownNow();
        synchronized (spareSessions) {
            spareSessions.clear();
        }
        channelSessions.forEach(Session::disconnect);
        channelSessions.clear();
        session.disconnect(); // also closes a JumpProxy and its jump session
    }

    private Running start(Command command, InputStream stdin, OutputSink stdout, OutputSink stderr)
            throws TransportException {
        if (!session.isConnected()) {
            throw dropped("before running " + abbreviated(command), null);
        }
        Session on = acquireSession();
        try {
            ChannelExec channel = (ChannelExec) on.openChannel("exec");
            channel.setCommand(command.toShellString().getBytes(StandardCharsets.UTF_8));
            InputStream out = channel.getInputStream();
            InputStream err = channel.getErrStream();
            OutputStream in = channel.getOutputStream();
            channel.connect(channelTimeoutMs());
            channels.add(channel);
            Running running = new Running(on, channel, out, err, in, stdout, stderr);
            running.startHelpers(stdin);
            return running;
        } catch (JSchException | IOException | RuntimeException e) {
            releaseSession(on, false);
            // JSch can fail with a NullPointerException when the server closes the session under it
            if (!on.isConnected()) {
                throw dropped(on, "while starting " + abbreviated(command), e);
            }
            throw new TransportException.RemoteIo(profile.name(),
                    "cannot start " + abbreviated(command) + ": " + e.getMessage(), e);
        }
    }

    private TransportException.Dropped dropped(String what, Throwable cause) {
        return dropped(session, what, cause);
    }

    private TransportException.Dropped dropped(Session on, String what, Throwable cause) {
        String why = on.getLogger() instanceof SessionEndLogger end
                ? end.reason().map(r -> ": " + r).orElse("") : "";
        return new TransportException.Dropped(profile.name(), what + " (" + target.hostPort() + why + ")", cause);
    }

    private static String abbreviated(Command command) {
        String text = command.toShellString().replace('\n', ' ');
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }

    /** One exec channel with its stderr and stdin pumps. */
    private final class Running {
        private final Session session;
        final ChannelExec channel;
        private final InputStream out;
        private final InputStream err;
        private final OutputStream in;
        private final OutputSink stdout;
        private final OutputSink stderr;
        private final AtomicReference<IOException> stdinFailure = new AtomicReference<>();
        private final AtomicBoolean killed = new AtomicBoolean();
        private volatile boolean sessionLost;
        private Thread errPump;

        Running(Session session, ChannelExec channel, InputStream out, InputStream err, OutputStream in,
                OutputSink stdout, OutputSink stderr) {
            this.session = session;
            this.channel = channel;
            this.out = out;
            this.err = err;
            this.in = in;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        void startHelpers(InputStream stdin) throws IOException {
            errPump = Thread.ofPlatform().daemon().name("wqlab-ssh-stderr").start(() -> pump(err, stderr));
            if (stdin == null) {
                in.close();
                return;
            }
            Thread.ofPlatform().daemon().name("wqlab-ssh-stdin").start(() -> {
                byte[] buffer = new byte[32 * 1024];
                try (in) {
                    int n;
                    while ((n = stdin.read(buffer)) >= 0) {
                        in.write(buffer, 0, n);
                    }
                    in.flush();
                } catch (IOException e) {
                    if (!killed.get()) {
                        stdinFailure.set(e);
                        kill();
                    }
                }
            });
        }

        void pumpStdout() {
            pump(out, stdout);
            try {
                errPump.join(CLOSE_WAIT_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static void pump(InputStream from, OutputSink to) {
            byte[] buffer = new byte[32 * 1024];
            try {
                int n;
                while ((n = from.read(buffer)) >= 0) {
                    if (n > 0) {
                        to.write(buffer, 0, n);
                    }
                }
            } catch (IOException channelClosed) {
                // the channel or session went away; the caller tells which from the session state
            }
        }

        /** After EOF the exit status and the close message follow; JSch offers no callback for them. */
        void awaitClose() {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_WAIT_MS);
            while (!channel.isClosed() && session.isConnected() && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }

        void kill() {
            killed.set(true);
            try {
                channel.sendSignal("KILL");
            } catch (Exception notSupported) {
                // older servers (dropbear) ignore signals; closing the channel still ends the command's I/O
            }
            channel.disconnect();
        }

        /** Closes the channel and gives its session back; decides, before that, whether the session was lost. */
        void release() {
            if (channel.getExitStatus() < 0 && !killed.get()) {
                // no exit status: either the command died by a signal or the connection broke. JSch closes the
                // channels before it marks the session disconnected, so give the session a moment to settle.
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                while (session.isConnected() && System.nanoTime() < deadline) {
                    pause();
                }
            }
            sessionLost = !session.isConnected();
            boolean ended = channel.isClosed() && channel.getExitStatus() >= 0 && !killed.get();
            channel.disconnect();
            channels.remove(channel);
            releaseSession(session, ended);
        }

        /** After {@link #release()}. */
        void throwIfBroken(Command command) throws TransportException {
            if (sessionLost) {
                throw dropped(session, "while running " + abbreviated(command), null);
            }
            IOException failure = stdinFailure.get();
            if (failure != null) {
                throw new TransportException.RemoteIo(profile.name(),
                        "input for " + abbreviated(command) + " failed: " + failure.getMessage(), failure);
            }
            if (!channel.isClosed() && !killed.get()) {
                throw dropped(session, "while running " + abbreviated(command) + ": no exit status", null);
            }
            if (channel.getExitStatus() < 0 && !killed.get()) {
                throw new TransportException.RemoteIo(profile.name(),
                        abbreviated(command) + " ended without an exit status (killed by a signal)", null);
            }
        }

        private static void pause() {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
