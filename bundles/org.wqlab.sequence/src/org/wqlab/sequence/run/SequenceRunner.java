package org.wqlab.sequence.run;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFactsProbe;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.PageCacheProbe;
import org.wqlab.analysis.ExperimentAnalyzer;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.analysis.capture.LateWindowRing;
import org.wqlab.analysis.capture.TraceCapture;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.CycleDistribution;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.KernelLogCheck;
import org.wqlab.core.store.RawLogAppender;
import org.wqlab.core.store.RunLock;
import org.wqlab.core.store.Workspace;
import org.wqlab.limits.LimitsJson;
import org.wqlab.kmod.ModuleManager;
import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceValidator;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.Variables;
import org.wqlab.sequence.preflight.Preflight;
import org.wqlab.sequence.preflight.PreflightItem;
import org.wqlab.sequence.preflight.PreflightReport;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * Runs a sequence on a board and records it as an experiment: owns the connection, streams the kernel log for the
 * whole run, writes step events into the board's kernel log, and always cleans up (module unloaded, stick given back
 * if software took it) on success, failure or cancel. A dropped connection keeps everything received (status
 * interrupted) and the cleanup runs on a new connection.
 */
public final class SequenceRunner {

    /** Extra file in the experiment folder: step timings and outcomes, module identity, cached sizes. */
    public static final String RUN_FILE = RunRecordFile.FILE;
    private static final Duration SHORT = Run.SHORT;

    private final ModuleManager modules = new ModuleManager();
    private final StepExecutors executors = new StepExecutors(modules, this::steps);
    private final RunCleanup cleanup = new RunCleanup(modules);

    /**
     * Validates, then runs. Validation problems throw before anything is created; from then on every outcome is a
     * recorded experiment.
     */
    public RunResult run(String source, Sequence sequence, Map<String, String> overrides, BoardAccess board,
            Workspace workspace, RunMonitor monitor) throws SequenceException, IOException {
        Variables variables = SequenceValidator.validate(source, sequence, overrides);
        Instant created = Instant.now();
        ExperimentFolder folder = workspace.create(sequence.name(), created);
        try (RunLock lock = RunLock.acquire(folder)) {
            if (!sequence.limits().isEmpty()) {
                LimitsJson.write(folder.dir(), sequence.limits()); // the effective limits, before anything runs
            }
            monitor.recording(folder.dir());
            Run run = new Run(sequence, variables, board, monitor, folder, workspace);
            return run(run, created);
        }
    }

    private RunResult run(Run run, Instant created) throws IOException {
        Sequence sequence = run.sequence;
        Variables variables = run.variables;
        BoardAccess board = run.board;
        RunMonitor monitor = run.monitor;
        ExperimentFolder folder = run.folder;
        Map<String, String> asRun = new LinkedHashMap<>();
        run.metadata = new ExperimentMetadata(ExperimentMetadata.FORMAT_VERSION, folder.id(),
                ExperimentName.of(sequence.name(), "", sequence.variables(), variables.values()),
                created.toString(), Map.of(), "", Map.of(), sequence.text(), ExperimentStatus.RUNNING,
                "running (read as 'interrupted' once the process running it is gone)");
        folder.writeMetadata(run.metadata);
        asRun.putAll(variables.values());

        ExperimentStatus status = ExperimentStatus.COMPLETED;
        String summary = "completed " + sequence.name();
        ScheduledExecutorService flusher = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("wqlab-run-flush").factory());
        try (RawLogAppender appender = folder.openKernelLog()) {
            run.recorder = new KernelLogRecorder(appender, !sequence.lateWindows() ? monitor.kernelLog()
                    : LateReportTap.tee(monitor.kernelLog(), new LateReportTap((at, delay) -> {
                        LateWindowRing ring = run.lateRing;
                        if (ring != null) {
                            ring.keepAround(at, delay);
                        }
                    }, at -> {
                        LateWindowRing ring = run.lateRing;
                        if (ring != null) {
                            ring.logReached(at);
                        }
                    })));
            flusher.scheduleAtFixedRate(() -> {
                try {
                    run.recorder.flush();
                } catch (IOException e) {
                    monitor.message("cannot write " + folder.kernelLog() + ": " + e.getMessage());
                }
            }, 500, 500, TimeUnit.MILLISECONDS);
            try {
                if (board.remote().isPresent()) {
                    RemoteOutcome outcome = runRemotely(run, board.remote().get());
                    status = outcome.status();
                    summary = outcome.summary();
                } else {
                    monitor.message("connecting");
                    run.connection = board.connector().connect();
                    probeFacts(run);
                    run.kernelLog = new KernelLogSession(run.connection, run.recorder);
                    run.kernelLog.start(run.folder.id());
                    preflight(run);
                    startTrace(run);
                    steps(run, sequence.steps(), "");
                }
            } catch (RemoteFailure e) {
                status = e.status;
                summary = e.getMessage();
            } catch (RunCancelled e) {
                status = ExperimentStatus.CANCELLED;
                summary = "cancelled at step " + run.stepNumber;
            } catch (TransportException.Dropped e) {
                status = ExperimentStatus.INTERRUPTED;
                summary = "connection dropped at step " + run.stepNumber + ": " + e.getMessage();
            } catch (StepFailed e) {
                status = ExperimentStatus.FAILED;
                summary = e.getMessage();
            } catch (TransportException e) {
                status = run.connection != null && !run.connection.isOpen() ? ExperimentStatus.INTERRUPTED
                        : ExperimentStatus.FAILED;
                summary = (run.stepNumber == 0 ? "connect failed: " : "step " + run.stepNumber + ": ") + e.getMessage();
                if (run.stepNumber == 0) {
                    recordFailedConnect(run, summary);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                status = ExperimentStatus.INTERRUPTED;
                summary = "interrupted at step " + run.stepNumber;
            } catch (RuntimeException e) {
                // the SSH layer can fail with an unchecked exception when its session is already down
                boolean dropped = run.connection != null && !run.connection.isOpen();
                status = dropped ? ExperimentStatus.INTERRUPTED : ExperimentStatus.FAILED;
                summary = dropped ? "connection dropped at step " + run.stepNumber + " (" + e + ")"
                        : "step " + run.stepNumber + ": internal error: " + e;
            } finally {
                recordNotRun(run);
                if (board.remote().isEmpty()) {
                    cleanup.cleanUp(run); // a remote board's job ends on its own side (a lab powers its device off)
                }
                if (run.kernelLog != null) {
                    run.kernelLog.stop();
                }
                stop(flusher);
                run.recorder.flush();
                if (run.connection != null) {
                    run.connection.close();
                }
            }
        } finally {
            flusher.shutdownNow();
        }
        monitor.message(summary);
        writeRecord(run, status, summary, asRun, Optional.empty());
        Optional<CycleDistribution> cycles = cacheSamples(run);
        if (cycles.isPresent() && cycles.get().cycles() > 0) {
            // the sealed log's distribution of worst delays per disconnect cycle, into run.json's "cycles"
            writeRecord(run, status, summary, asRun, cycles);
            monitor.message("cycles: " + cycles.get());
        }
        if (run.steps.stream().anyMatch(StepRunOutcomes::disconnected)) {
            analyze(run);
        } else {
            monitor.message("no verdict: the run did not reach a disconnect");
        }
        return new RunResult(folder, status, summary, run.steps, run.cleanup);
    }

    // ------------------------------------------------------------------ a board that runs the sequence itself

    /** A remote execution's I/O failure, as the run's status: failed before anything arrived, else interrupted. */
    private static final class RemoteFailure extends Exception {
        private static final long serialVersionUID = 1L;
        final transient ExperimentStatus status;

        RemoteFailure(ExperimentStatus status, String message, Throwable cause) {
            super(message, cause);
            this.status = status;
        }
    }

    private static RemoteOutcome runRemotely(Run run, RemoteExecution remote) throws RemoteFailure,
            InterruptedException {
        run.recorder.startAt(0); // the job's kernel log is all of this run's
        run.facts.put("board", remote.description());
        run.monitor.message("running on " + remote.description());
        try {
            return remote.execute(new RemoteRun(run));
        } catch (java.io.IOException e) {
            boolean arrived = run.recorder.messageCount() > 0 || !run.steps.isEmpty();
            throw new RemoteFailure(arrived ? ExperimentStatus.INTERRUPTED : ExperimentStatus.FAILED,
                    e.getMessage() == null ? e.toString() : e.getMessage(), e);
        } finally {
            run.topLevelReached = run.sequence.steps().size(); // the execution reports every step it ran or not
        }
    }

    // ------------------------------------------------------------------ preflight

    /**
     * What the run needs, checked on the board before anything is loaded: each item into the experiment's facts; a
     * missing one that makes the run meaningless stops it here with that reason.
     */
    private static void preflight(Run run) throws StepFailed, TransportException, InterruptedException {
        PreflightReport report = Preflight.check(run.connection, run.sequence, run.variables, run.board.usbDriver(),
                SHORT);
        run.preflight = report;
        report.items().stream().filter(i -> !i.present()).forEach(i -> run.monitor.message("preflight: " + i.line()));
        run.facts.putAll(report.facts());
        run.metadata = run.metadata.withBoardFacts(run.facts);
        try {
            run.folder.writeMetadata(run.metadata);
        } catch (IOException e) {
            run.monitor.message("cannot write " + run.folder.metadataFile() + ": " + e.getMessage());
        }
        if (report.stops()) {
            throw new StepFailed(report.stopReason());
        }
    }

    // ------------------------------------------------------------------ workqueue trace (org.wqlab.analysis)

    /** Sequences with {@code "trace": true}: wqlab's own tracefs instance, trace_pipe into trace.log. */
    private void startTrace(Run run) throws TransportException {
        if (!run.sequence.trace()) {
            return;
        }
        try {
            if (run.sequence.lateWindows()) {
                run.lateRing = new LateWindowRing(AnalysisFiles.traceLog(run.folder), run.folder.dir(),
                        run.sequence.traceWindowSeconds());
                run.trace = TraceCapture.start(run.connection, run.lateRing);
                run.traceRecord.add("late windows of " + run.sequence.traceWindowSeconds() + " s (kept ones in "
                        + LateWindowRing.WINDOWS_FILE + ")");
            } else {
                run.trace = TraceCapture.start(run.connection, AnalysisFiles.traceLog(run.folder));
            }
            run.traceRecord.add(run.trace.status());
            run.monitor.message("trace: " + run.trace.status());
        } catch (IOException e) {
            run.traceRecord.add("not recorded: cannot write " + AnalysisFiles.traceLog(run.folder) + ": "
                    + e.getMessage());
            run.monitor.message("trace: " + run.traceRecord.get(0));
        }
    }

    /**
     * The sealed log parsed once into {@code samples.cache} while the run's thread is still at work, so the first
     * open of the experiment reads columns; a log the loader refuses is left for the open to report.
     */
    /**
     * Stops the periodic flush, letting one in progress end: interrupting it inside the log's FileChannel would close
     * the channel, and the run's last flush would fail with ClosedChannelException.
     */
    private static void stop(ScheduledExecutorService flusher) {
        flusher.shutdown();
        try {
            if (!flusher.awaitTermination(30, TimeUnit.SECONDS)) {
                flusher.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Optional<CycleDistribution> cacheSamples(Run run) {
        try {
            return Optional.of(CycleDistribution.of(StatisticsCalculator.compute(
                    ExperimentLoader.load(run.folder).content())));
        } catch (InputException | RuntimeException e) {
            run.monitor.message("samples not cached: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** Attribution and verdict into analysis.json; a run is never failed by its analysis. */
    private void analyze(Run run) {
        try {
            Analysis a = ExperimentAnalyzer.analyzeAndWrite(run.folder);
            run.monitor.message("verdict: " + a.verdict().headline());
        } catch (InputException | IOException | RuntimeException e) {
            run.monitor.message("no analysis: " + e.getMessage());
        }
    }

    // ------------------------------------------------------------------ steps

    private void steps(Run run, List<Step> steps, String suffix) throws RunCancelled, StepFailed, TransportException,
            InterruptedException {
        for (Step step : steps) {
            run.check();
            ResolvedStep r = new ResolvedStep(step, run.variables);
            int number = ++run.stepNumber;
            if (suffix.isEmpty()) {
                run.topLevelReached++;
            }
            String label = step.label() + suffix;
            run.monitor.stepStarted(number, label);
            long kernelUs = run.recorder.lastKernelUs();
            run.messagesBeforePreviousStep = run.messagesBeforeStep;
            run.messagesBeforeStep = run.recorder.messageCount();
            Instant started = Instant.now();
            long t0 = System.nanoTime();
            String outcome = StepRecord.OK;
            String detail = "";
            try {
                if (step.type() != org.wqlab.sequence.StepType.REPEAT) {
                    run.kernelLog.write(KmsgLine.of("step " + number + " " + step.type().id()
                            + (step.name().isEmpty() ? "" : " " + step.name())));
                }
                detail = executors.of(step.type()).execute(run, r, label);
                if (run.awaitingSysfsGone != null && (step.type() == org.wqlab.sequence.StepType.WAIT_LOG
                        || step.type() == org.wqlab.sequence.StepType.SLEEP)) {
                    detail += "; " + PullProof.afterStall(run); // the wait for the stall's end is over
                }
            } catch (RunCancelled e) {
                outcome = StepRecord.CANCELLED;
                throw e;
            } catch (StepFailed e) {
                outcome = StepRecord.FAILED;
                detail = e.getMessage();
                throw e;
            } catch (TransportException e) {
                outcome = run.connection.isOpen() ? StepRecord.FAILED : StepRecord.INTERRUPTED;
                detail = e.getMessage();
                throw e;
            } finally {
                StepRecord rec = new StepRecord(number, label, step.type().id(), outcome, detail, started.toString(),
                        (System.nanoTime() - t0) / 1_000_000, kernelUs);
                run.steps.add(rec);
                run.monitor.stepFinished(rec);
            }
        }
    }

    // ------------------------------------------------------------------ board facts and record

    private void probeFacts(Run run) throws TransportException {
        BoardConnection c = run.connection;
        Map<String, String> facts = run.facts;
        facts.put("board", c.profile().name());
        facts.put("boardTimeSpeed", Double.toString(run.board.speed()));
        put(facts, "uname", c.run(Command.of("uname").word("-a"), SHORT));
        put(facts, "kernelRelease", c.run(Command.of("uname").word("-r"), SHORT));
        put(facts, "machine", c.run(Command.of("uname").word("-m"), SHORT));
        put(facts, "cpus", c.run(Command.of("nproc"), SHORT));
        put(facts, "cmdline", c.run(Command.of("cat").arg("/proc/cmdline"), SHORT));
        put(facts, "cpuIntensiveThreshUs",
                c.run(Command.of("cat").arg("/sys/module/workqueue/parameters/cpu_intensive_thresh_us"), SHORT));
        ExecResult config = c.run(Command.of("zcat").arg("/proc/config.gz"), SHORT);
        if (config.succeeded()) {
            for (String line : config.stdoutText().lines().toList()) {
                if (line.matches("CONFIG_(HZ|PREEMPT[A-Z_]*|WQ_CPU_INTENSIVE_REPORT|NO_HZ[A-Z_]*|NR_CPUS)=.*")) {
                    int eq = line.indexOf('=');
                    facts.put("config." + line.substring(0, eq), line.substring(eq + 1));
                }
            }
        }
        facts.putAll(AnalysisFactsProbe.probe(c, SHORT));
        facts.putAll(PageCacheProbe.sysctls(c, SHORT));
        run.metadata = run.metadata.withBoardFacts(facts).withName(ExperimentName.of(run.sequence.name(),
                c.profile().name(), run.sequence.variables(), run.variables.values()));
        try {
            run.folder.writeMetadata(run.metadata);
        } catch (IOException e) {
            run.monitor.message("cannot write " + run.folder.metadataFile() + ": " + e.getMessage());
        }
    }

    private static void put(Map<String, String> facts, String key, ExecResult r) {
        if (r.succeeded() && !r.stdoutText().isBlank()) {
            facts.put(key, r.stdoutText().strip());
        }
    }

    /** A connect that failed before the first step: the sequence's connect step is the one that failed. */
    private static void recordFailedConnect(Run run, String why) {
        List<Step> top = run.sequence.steps();
        if (top.isEmpty() || top.get(0).type() != org.wqlab.sequence.StepType.CONNECT) {
            return;
        }
        Step step = top.get(0);
        int number = ++run.stepNumber;
        run.topLevelReached = 1;
        StepRecord rec = new StepRecord(number, step.label(), step.type().id(), StepRecord.FAILED, why,
                Instant.now().toString(), 0, -1);
        run.steps.add(rec);
        run.monitor.stepStarted(number, step.label());
        run.monitor.stepFinished(rec);
    }

    /** The sequence's steps after the one that ended the run, recorded as "not run". */
    private static void recordNotRun(Run run) {
        List<Step> top = run.sequence.steps();
        for (int i = run.topLevelReached; i < top.size(); i++) {
            Step step = top.get(i);
            run.steps.add(new StepRecord(++run.stepNumber, step.label(), step.type().id(), StepRecord.NOT_RUN, "",
                    "", 0, -1));
        }
        run.topLevelReached = top.size();
    }

    private void writeRecord(Run run, ExperimentStatus status, String summary, Map<String, String> variables,
            Optional<CycleDistribution> cycles) throws IOException {
        new RunRecordFile(status, summary, run.logMode(),
                run.sequence.trace() ? Optional.of(String.join("; ", run.traceRecord)) : Optional.empty(), variables,
                Optional.ofNullable(run.moduleIdentity), run.cachedKb, run.steps, run.cleanup, cycles)
                .writeInto(run.folder.dir());
        String notes = summary + (run.cachedKb.isEmpty() ? "" : "; Cached before disconnect: " + run.cachedKb + " kB")
                + (run.moduleIdentity == null ? "" : "; module " + run.moduleIdentity) + lacking(run);
        if (!run.facts.isEmpty()) {
            run.metadata = run.metadata.withBoardFacts(run.facts); // with the page cache around each pull
        }
        run.metadata = run.metadata.withStatus(status).withNotes(notes)
                .withKernelLog(KernelLogCheck.seal(run.folder.kernelLog()));
        run.folder.writeMetadata(run.metadata);
    }

    /** What the preflight found missing without stopping the run, for the experiment's notes. */
    private static String lacking(Run run) {
        if (run.preflight == null || run.preflight.lacking().isEmpty()) {
            return "";
        }
        return "; preflight: " + String.join("; ", run.preflight.lacking().stream().map(PreflightItem::line).toList());
    }
}
