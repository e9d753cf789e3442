package org.wqlab.analysis.capture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.OutputSink;
import org.wqlab.target.RemoteStream;
import org.wqlab.target.TransportException;

/**
 * Records the workqueue tracepoints, sched_switch and the irq and softirq handler events, with x86's local timer
 * vector (for where a delay went; a kernel without some of them is traced without them) in wqlab's own tracefs instance ({@code instances/wqlab}, so
 * the board's own tracing stays untouched), streaming its {@code trace_pipe} into a raw file (forced to disk at
 * least every second). {@link #stop} removes the instance; call it on success, failure and cancel (also with a new
 * connection after a drop). A board without tracefs instances gets a {@code # wqlab trace: skipped: ...} line in the
 * file and nothing on the board. Lines starting with {@code # wqlab} in the file are the capture's notes.
 */
public final class TraceCapture {

    public static final String INSTANCE = "wqlab";
    public static final List<String> ROOTS = List.of("/sys/kernel/tracing", "/sys/kernel/debug/tracing");
    public static final List<String> EVENTS = List.of("workqueue/workqueue_queue_work",
            "workqueue/workqueue_activate_work", "workqueue/workqueue_execute_start", "workqueue/workqueue_execute_end",
            "sched/sched_switch", "irq/irq_handler_entry", "irq/irq_handler_exit", "irq/softirq_entry",
            "irq/softirq_exit", "irq_vectors/local_timer_entry", "irq_vectors/local_timer_exit");
    private static final Duration SHORT = Duration.ofSeconds(20);
    private static final long REMOVE_WAIT_MS = 3000;

    private final TraceOutput out;
    private final String instanceDir;
    private final List<String> enabled;
    private final String status;
    private String mountedByUs;
    private RemoteStream pipe;
    private ScheduledExecutorService flusher;
    private boolean atLineStart = true;
    private IOException writeError;
    private boolean stopped;

    private TraceCapture(TraceOutput out, String instanceDir, List<String> enabled, String status) {
        this.out = out;
        this.instanceDir = instanceDir;
        this.enabled = List.copyOf(enabled);
        this.status = status;
    }

    /**
     * Creates the instance, enables the events and starts streaming into {@code traceFile}. Never throws for a board
     * that cannot trace: the capture is then inactive and says why ({@link #status}).
     *
     * @throws TransportException when the connection fails (the caller's run fails or is interrupted anyway)
     */
    public static TraceCapture start(BoardConnection c, Path traceFile) throws TransportException, IOException {
        return start(c, TraceOutput.whole(traceFile));
    }

    /** As {@link #start(BoardConnection, Path)}, the stream written into {@code out} (which this closes). */
    public static TraceCapture start(BoardConnection c, TraceOutput out) throws TransportException {
        String root = null;
        List<String> tried = new ArrayList<>();
        for (String r : ROOTS) {
            ExecResult ls = c.run(Command.of("ls").arg(r + "/instances"), SHORT);
            if (ls.succeeded()) {
                root = r;
                break;
            }
            tried.add(r + "/instances: " + firstLine(ls.stderrText(), "exit " + ls.exitCode()));
        }
        String mounted = null;
        if (root == null && c.run(Command.of("ls").arg(ROOTS.get(0)), SHORT).succeeded()) {
            // the mount point exists but nothing is mounted on it (a minimal initramfs): mount it for the run only
            ExecResult mount = c.run(Command.of("mount").word("-t").word("tracefs").word("nodev").arg(ROOTS.get(0)),
                    SHORT);
            if (mount.succeeded() && c.run(Command.of("ls").arg(ROOTS.get(0) + "/instances"), SHORT).succeeded()) {
                root = ROOTS.get(0);
                mounted = root;
            } else {
                if (mount.succeeded()) {
                    c.run(Command.of("umount").arg(ROOTS.get(0)), SHORT);
                }
                tried.add("mount -t tracefs: " + firstLine(mount.stderrText(), "exit " + mount.exitCode()));
            }
        }
        if (root == null) {
            return inactive(out, "skipped: the board has no tracefs with instances (" + String.join("; ", tried) + ")");
        }
        String dir = root + "/instances/" + INSTANCE;
        String leftover = "";
        if (c.run(Command.of("ls").arg(dir), SHORT).succeeded()) {
            // a run that could not clean up left it; the name is wqlab's own
            c.run(Command.of("rmdir").arg(dir), SHORT);
            leftover = "; removed a leftover " + dir;
        }
        ExecResult mkdir = c.run(Command.of("mkdir").arg(dir), SHORT);
        if (!mkdir.succeeded()) {
            unmount(c, mounted);
            return inactive(out, "skipped: cannot create " + dir + ": " + firstLine(mkdir.stderrText(),
                    "exit " + mkdir.exitCode()));
        }
        List<String> on = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String e : EVENTS) {
            ExecResult r = c.run(Command.of("echo").word("1").op(">").arg(dir + "/events/" + e + "/enable"), SHORT);
            (r.succeeded() ? on : missing).add(e.substring(e.indexOf('/') + 1));
        }
        if (on.stream().noneMatch(e -> e.startsWith("workqueue_execute"))) {
            c.run(Command.of("rmdir").arg(dir), SHORT);
            unmount(c, mounted);
            return inactive(out, "skipped: the workqueue execute events cannot be enabled in " + dir + " (missing: "
                    + missing + ")");
        }
        String status = "instance " + dir + ", events " + String.join(" ", on)
                + (missing.isEmpty() ? "" : "; not available: " + String.join(" ", missing)) + leftover
                + (mounted == null ? "" : "; tracefs mounted on " + mounted + " for the run");
        TraceCapture capture = new TraceCapture(out, dir, on, status);
        capture.mountedByUs = mounted;
        capture.note("wqlab trace: " + status);
        capture.pipe = c.stream(Command.of("cat").arg(dir + "/trace_pipe"), capture::append, OutputSink.DISCARD);
        capture.flusher = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("wqlab-trace-flush").factory());
        capture.flusher.scheduleAtFixedRate(capture::flushQuietly, 500, 500, TimeUnit.MILLISECONDS);
        return capture;
    }

    private static void unmount(BoardConnection c, String mounted) throws TransportException {
        if (mounted != null) {
            c.run(Command.of("umount").arg(mounted), SHORT);
        }
    }

    private static TraceCapture inactive(TraceOutput out, String why) {
        TraceCapture capture = new TraceCapture(out, null, List.of(), why);
        capture.note("wqlab trace: " + why);
        capture.stopped = true;
        try {
            out.close();
        } catch (IOException e) {
            capture.writeError = e;
        }
        return capture;
    }

    /** Whether trace_pipe is being recorded. */
    public boolean active() {
        return instanceDir != null && !stopped;
    }

    /** What is traced ("instance ..., events ...") or why nothing is ("skipped: ..."). */
    public String status() {
        return status;
    }

    public List<String> enabledEvents() {
        return enabled;
    }

    /** The instance's directory on the board, or null when nothing was created. */
    public String instanceDir() {
        return instanceDir;
    }

    private synchronized void append(byte[] b, int off, int len) {
        if (len <= 0 || stopped) {
            return;
        }
        try {
            out.append(b, off, len);
            atLineStart = b[off + len - 1] == '\n';
        } catch (IOException e) {
            writeError = e;
        }
    }

    private synchronized void note(String text) {
        byte[] line = ((atLineStart ? "" : "\n") + "# " + text + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            out.append(line, 0, line.length);
            atLineStart = true;
        } catch (IOException e) {
            writeError = e;
        }
    }

    public synchronized void flush() throws IOException {
        if (writeError != null) {
            throw writeError;
        }
        if (!stopped) {
            out.flush();
        }
    }

    private void flushQuietly() {
        try {
            flush();
        } catch (IOException e) {
            // kept in writeError; reported by stop()
        }
    }

    /**
     * Stops streaming and removes the instance with {@code c} (the run's connection, or a new one after a drop).
     * Idempotent. @return what was done, for the run's cleanup record
     */
    public String stop(BoardConnection c) {
        if (instanceDir == null) {
            return "trace: " + status;
        }
        synchronized (this) {
            if (stopped) {
                return "trace: already stopped";
            }
        }
        if (flusher != null) {
            flusher.shutdownNow();
        }
        if (pipe != null) {
            pipe.cancel();
            try {
                pipe.awaitEnd(Duration.ofSeconds(2));
            } catch (TransportException | InterruptedException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        String result;
        try {
            result = remove(c);
            if (mountedByUs != null) {
                ExecResult u = c.run(Command.of("umount").arg(mountedByUs), SHORT);
                result += u.succeeded() ? "; tracefs unmounted from " + mountedByUs
                        : "; tracefs NOT unmounted from " + mountedByUs + ": " + firstLine(u.stderrText(), "exit "
                                + u.exitCode());
            }
        } catch (TransportException e) {
            result = "trace instance " + instanceDir + " NOT removed: " + e.getMessage();
        }
        note("wqlab trace: " + result);
        synchronized (this) {
            stopped = true;
            try {
                out.close();
            } catch (IOException e) {
                writeError = writeError == null ? e : writeError;
            }
        }
        return writeError == null ? result : result + "; writing the trace file failed: " + writeError.getMessage();
    }

    /** rmdir, retried while the kernel still holds the instance busy (the reader of trace_pipe is closing). */
    private String remove(BoardConnection c) throws TransportException {
        for (String e : enabled) {
            String path = instanceDir + "/events/" + EVENTS.stream().filter(x -> x.endsWith("/" + e)).findFirst()
                    .orElse(e) + "/enable";
            c.run(Command.of("echo").word("0").op(">").arg(path), SHORT);
        }
        long end = System.nanoTime() + REMOVE_WAIT_MS * 1_000_000L;
        String last = "";
        while (true) {
            ExecResult r = c.run(Command.of("rmdir").arg(instanceDir), SHORT);
            if (r.succeeded() || !c.run(Command.of("ls").arg(instanceDir), SHORT).succeeded()) {
                return "trace instance " + instanceDir + " removed";
            }
            last = firstLine(r.stderrText(), "exit " + r.exitCode());
            if (System.nanoTime() > end) {
                return "trace instance " + instanceDir + " NOT removed: " + last;
            }
            try {
                Thread.sleep(100); // EBUSY until the remote cat has closed trace_pipe: retry, bounded
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "trace instance " + instanceDir + " NOT removed (interrupted): " + last;
            }
        }
    }

    private static String firstLine(String s, String otherwise) {
        String t = s.strip();
        if (t.isEmpty()) {
            return otherwise;
        }
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }
}
