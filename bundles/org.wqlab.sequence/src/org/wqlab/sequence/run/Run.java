package org.wqlab.sequence.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.wqlab.analysis.capture.LateWindowRing;
import org.wqlab.analysis.capture.TraceCapture;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.Variables;
import org.wqlab.sequence.preflight.PreflightReport;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;

import com.google.gson.JsonObject;

/** State of one run, shared by the runner, the step executors and the cleanup. */
final class Run {
    /** Timeout of a short command on the board. */
    static final Duration SHORT = Duration.ofSeconds(30);
    private static final Command UPTIME = Command.of("cat").arg("/proc/uptime");

    final Sequence sequence;
    final Variables variables;
    final BoardAccess board;
    final RunMonitor monitor;
    final ExperimentFolder folder;
    final Workspace workspace;
    ExperimentMetadata metadata;
    BoardConnection connection;
    KernelLogRecorder recorder;
    KernelLogSession kernelLog;
    TraceCapture trace;
    /** The late-window trace's ring, for a sequence with {@code "trace": "late-windows"}. */
    volatile LateWindowRing lateRing;
    final List<String> traceRecord = new ArrayList<>();
    final List<StepRecord> steps = new ArrayList<>();
    final List<String> cleanup = new ArrayList<>();
    final Set<String> loadedModules = new LinkedHashSet<>();
    final List<Long> cachedKb = new ArrayList<>();
    JsonObject moduleIdentity;
    UsbDisconnectDriver unpluggedBy;
    UsbAction unpluggedAction;
    int stepNumber;
    /** How many of the sequence's own (not repeated) steps have started. */
    int topLevelReached;
    /** Kernel-log messages received before the previous step and before the current one started. */
    int messagesBeforePreviousStep;
    int messagesBeforeStep;
    final Map<String, String> facts = new LinkedHashMap<>();
    /** The preflight's findings, once it ran. */
    PreflightReport preflight;
    /** The device of the last disconnect whose sysfs entry should be gone by the end of the stall, else null. */
    String awaitingSysfsGone;
    /** Disconnects so far (numbers the page-cache facts around each pull). */
    int pulls;

    Run(Sequence sequence, Variables variables, BoardAccess board, RunMonitor monitor, ExperimentFolder folder,
            Workspace workspace) {
        this.sequence = sequence;
        this.variables = variables;
        this.board = board;
        this.monitor = monitor;
        this.folder = folder;
        this.workspace = workspace;
    }

    String logMode() {
        return kernelLog == null ? "none" : kernelLog.mode();
    }

    void check() throws RunCancelled {
        if (monitor.isCanceled()) {
            throw new RunCancelled();
        }
    }

    /** A timeout of the board's time, measured by the board's clock once wall time says it is over. */
    BoardDeadline deadline(double boardSeconds) {
        return new BoardDeadline(boardSeconds, board.speed(), this::boardClockUs);
    }

    /** The board's {@code /proc/uptime} in microseconds, or {@link BoardDeadline#NO_CLOCK} when it does not say. */
    long boardClockUs() {
        try {
            ExecResult r = connection == null ? null : connection.run(UPTIME, SHORT);
            return r != null && r.succeeded() ? BoardClock.parseUptimeUs(r.stdoutText()) : BoardDeadline.NO_CLOCK;
        } catch (TransportException e) {
            return BoardDeadline.NO_CLOCK;
        }
    }
}
