package org.wqlab.sequence.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFactsProbe;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.ExperimentAnalyzer;
import org.wqlab.analysis.capture.TraceCapture;
import org.wqlab.core.elf.ModinfoReader;
import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.KernelLogCheck;
import org.wqlab.core.store.RawLogAppender;
import org.wqlab.core.store.RunLock;
import org.wqlab.core.store.Workspace;
import org.wqlab.kmod.KmodException;
import org.wqlab.kmod.KmodProgress;
import org.wqlab.kmod.LoadOutcome;
import org.wqlab.kmod.LoadOutcomeSentence;
import org.wqlab.kmod.LoadRequest;
import org.wqlab.kmod.ModuleIdentity;
import org.wqlab.kmod.ModuleManager;
import org.wqlab.kmod.ModuleParameters;
import org.wqlab.kmod.ModuleStatus;
import org.wqlab.kmod.UnloadOutcome;
import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceValidator;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.Variables;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.OutputSink;
import org.wqlab.target.RemoteStream;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;

import com.google.gson.JsonObject;

/**
 * Runs a sequence on a board and records it as an experiment: owns the connection, streams the kernel log for the
 * whole run, writes step events into the board's kernel log, and always cleans up (module unloaded, stick given back
 * if software took it) on success, failure or cancel. A dropped connection keeps everything received (status
 * interrupted) and the cleanup runs on a new connection.
 */
public final class SequenceRunner {

    /** Extra file in the experiment folder: step timings and outcomes, module identity, cached sizes. */
    public static final String RUN_FILE = RunRecordFile.FILE;
    private static final Duration SHORT = Duration.ofSeconds(30);
    /** How long a wait for a kernel log line gives the log stream to catch up with the board's clock. */
    private static final Duration LOG_CATCH_UP = Duration.ofSeconds(120);
    private static final Command UPTIME = Command.of("cat").arg("/proc/uptime");
    private static final Pattern CACHED = Pattern.compile("(?m)^Cached:\\s+(\\d+) kB");

    private final ModuleManager modules = new ModuleManager();

    private static final class Cancelled extends Exception {
        private static final long serialVersionUID = 1L;
    }

    private static final class StepFailed extends Exception {
        private static final long serialVersionUID = 1L;

        StepFailed(String message) {
            super(message);
        }
    }

    /** State of one run. */
    private final class Run {
        final Sequence sequence;
        final Variables variables;
        final BoardAccess board;
        final RunMonitor monitor;
        final ExperimentFolder folder;
        Workspace workspace;
        ExperimentMetadata metadata;
        BoardConnection connection;
        KernelLogRecorder recorder;
        KernelLogSession kernelLog;
        TraceCapture trace;
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

        Run(Sequence sequence, Variables variables, BoardAccess board, RunMonitor monitor, ExperimentFolder folder) {
            this.sequence = sequence;
            this.variables = variables;
            this.board = board;
            this.monitor = monitor;
            this.folder = folder;
        }

        String logMode() {
            return kernelLog == null ? "none" : kernelLog.mode();
        }

        void check() throws Cancelled {
            if (monitor.isCanceled()) {
                throw new Cancelled();
            }
        }

        long wallMs(double boardSeconds) {
            return (long) Math.ceil(boardSeconds * 1000.0 / board.speed());
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
            monitor.recording(folder.dir());
            Run run = new Run(sequence, variables, board, monitor, folder);
            run.workspace = workspace;
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
            run.recorder = new KernelLogRecorder(appender, monitor.kernelLog());
            flusher.scheduleAtFixedRate(() -> {
                try {
                    run.recorder.flush();
                } catch (IOException e) {
                    monitor.message("cannot write " + folder.kernelLog() + ": " + e.getMessage());
                }
            }, 500, 500, TimeUnit.MILLISECONDS);
            try {
                monitor.message("connecting");
                run.connection = board.connector().connect();
                probeFacts(run);
                run.kernelLog = new KernelLogSession(run.connection, run.recorder);
                run.kernelLog.start(run.folder.id());
                startTrace(run);
                steps(run, sequence.steps(), "");
            } catch (Cancelled e) {
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
                cleanup(run);
                if (run.kernelLog != null) {
                    run.kernelLog.stop();
                }
                flusher.shutdownNow();
                run.recorder.flush();
                if (run.connection != null) {
                    run.connection.close();
                }
            }
        } finally {
            flusher.shutdownNow();
        }
        monitor.message(summary);
        writeRecord(run, status, summary, asRun);
        if (run.steps.stream().anyMatch(StepRunOutcomes::disconnected)) {
            analyze(run);
        } else {
            monitor.message("no verdict: the run did not reach a disconnect");
        }
        return new RunResult(folder, status, summary, run.steps, run.cleanup);
    }

    // ------------------------------------------------------------------ workqueue trace (org.wqlab.analysis)

    /** Sequences with {@code "trace": true}: wqlab's own tracefs instance, trace_pipe into trace.log. */
    private void startTrace(Run run) throws TransportException {
        if (!run.sequence.trace()) {
            return;
        }
        try {
            run.trace = TraceCapture.start(run.connection, AnalysisFiles.traceLog(run.folder));
            run.traceRecord.add(run.trace.status());
            run.monitor.message("trace: " + run.trace.status());
        } catch (IOException e) {
            run.traceRecord.add("not recorded: cannot write " + AnalysisFiles.traceLog(run.folder) + ": "
                    + e.getMessage());
            run.monitor.message("trace: " + run.traceRecord.get(0));
        }
    }

    private void stopTrace(Run run) {
        if (run.trace != null && run.trace.active()) {
            String done = run.trace.stop(run.connection);
            run.traceRecord.add(done);
            run.cleanup.add(done);
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

    private void steps(Run run, List<Step> steps, String suffix) throws Cancelled, StepFailed, TransportException,
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
                detail = execute(run, r, label);
            } catch (Cancelled e) {
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

    private String execute(Run run, ResolvedStep r, String label) throws Cancelled, StepFailed, TransportException,
            InterruptedException {
        BoardConnection c = run.connection;
        return switch (r.type()) {
            case CONNECT -> "connected to " + c.profile().name() + "; kernel log: " + run.logMode();
            case LOAD_MODULE -> load(run, r, label);
            case UNLOAD_MODULE -> unload(run, r.moduleName().replace('-', '_'), label);
            case RUN -> runCommand(run, r, label);
            case WAIT_LOG -> {
                Pattern p = r.pattern("pattern");
                double timeout = r.seconds("timeout", 60);
                // what the step before caused counts: a short stall's report can arrive before this step starts
                int from = run.messagesBeforePreviousStep;
                int at = run.recorder.await(p, from, run.deadline(timeout), run.monitor::isCanceled);
                run.check();
                if (at == -1) {
                    at = afterTheLogCaughtUp(run, p, from);
                    run.check();
                }
                if (at == KernelLogRecorder.GAVE_UP_MATCHING) {
                    throw new StepFailed(label + ": timed out after " + timeout + " s (board time) while still"
                            + " matching '" + p + "' against a kernel log line; the pattern backtracks too much,"
                            + " simplify it");
                }
                if (at < 0) {
                    throw new StepFailed(label + ": no kernel log line matched '" + p + "' within " + timeout
                            + " s (board time)");
                }
                yield "matched";
            }
            case SLEEP -> {
                double s = r.seconds("seconds", 0);
                sleep(run, run.deadline(s));
                yield s + " s (board time)";
            }
            case USB_DISCONNECT -> disconnect(run, r, label);
            case USB_RECONNECT -> {
                UsbDisconnectDriver d = driver(run, r);
                try {
                    d.reconnect(usbAction(run, r));
                } catch (UsbDriverException e) {
                    throw new StepFailed(label + ": " + e.getMessage());
                }
                run.unpluggedBy = null;
                yield "reconnected with " + d.id();
            }
            case MARK -> {
                String text = r.text("label");
                run.kernelLog.write(KmsgLine.of("mark " + text));
                yield text;
            }
            case REPEAT -> {
                int times = r.integer("times", 1);
                for (int i = 1; i <= times; i++) {
                    steps(run, r.step().steps(), " [" + i + "/" + times + "]");
                }
                yield times + " times";
            }
        };
    }

    /**
     * The board's clock says the wait is over, but the kernel log stream may be behind it (a loaded host reading a
     * fast simulated board, a slow link): writes a line into the board's log and, once the stream shows it, looks
     * once more at what arrived before it. A line the board logged within the timeout is then found however late
     * it was read; one logged after the timeout still is not. @return the match's index, or -1
     */
    private int afterTheLogCaughtUp(Run run, Pattern p, int from) throws TransportException, InterruptedException {
        String line = KmsgLine.of("log read up to here " + System.nanoTime());
        ExecResult written = run.connection.run(Command.of("echo").arg(line).op(">").arg("/dev/kmsg"), SHORT);
        if (!written.succeeded()) {
            return -1; // a board that does not take kernel log lines: the board's clock decides alone
        }
        int caughtUp = run.recorder.await(Pattern.compile(Pattern.quote(line)), from,
                BoardDeadline.wall(LOG_CATCH_UP.toMillis()), run.monitor::isCanceled);
        return caughtUp < 0 ? -1 : run.recorder.find(p, from, caughtUp, run.monitor::isCanceled);
    }

    private void sleep(Run run, BoardDeadline deadline) throws Cancelled, InterruptedException {
        while (true) {
            run.check();
            if (deadline.passed()) {
                return;
            }
            Thread.sleep(Math.max(1, Math.min(deadline.leftMs(), 100)));
        }
    }

    private String load(Run run, ResolvedStep r, String label) throws StepFailed, TransportException {
        String module = r.moduleName();
        String name = module.replace('-', '_');
        Map<String, String> params = r.params();
        OptionalInt cpu = r.optionalInteger("cpu", 0);
        Map<String, String> recorded = new LinkedHashMap<>(params);
        cpu.ifPresent(n -> recorded.put("taskset.cpu", Integer.toString(n)));
        try {
            String file = r.text("file", "");
            String leftover = unloadLeftover(run, name, file, label);
            ModuleIdentity identity;
            if (!file.isEmpty()) {
                LoadRequest request = new LoadRequest(Path.of(file), new ModuleParameters(params), cpu, null);
                LoadOutcome outcome = modules.deployAndLoad(run.connection, request, KmodProgress.NONE);
                if (!(outcome instanceof LoadOutcome.Loaded loaded)) {
                    throw new StepFailed(label + ": " + LoadOutcomeSentence.of(outcome));
                }
                identity = loaded.identity();
                name = identity.name();
            } else {
                Command modprobe = cpu.isPresent()
                        ? Command.of("taskset").word("-c").arg(Integer.toString(cpu.getAsInt())).word("modprobe")
                        : Command.of("modprobe");
                modprobe = modprobe.arg(module);
                for (var p : params.entrySet()) {
                    modprobe = modprobe.arg(p.getKey() + "=" + p.getValue());
                }
                ExecResult result = run.connection.run(modprobe, SHORT);
                if (!result.succeeded()) {
                    throw new StepFailed(label + ": '" + modprobe + "' exited with " + result.exitCode() + ": "
                            + (result.stderrText() + result.stdoutText()).strip());
                }
                run.loadedModules.add(name);
                if (!ModuleStatus.isListed(run.connection, name, SHORT)) {
                    throw new StepFailed(label + ": modprobe succeeded but /proc/modules does not list " + name);
                }
                identity = boardModuleIdentity(run, module, params);
            }
            run.loadedModules.add(name);
            LeftoverModule.record(run.folder, identity);
            run.moduleIdentity = identity.toJson();
            run.metadata = run.metadata.withModule(identity.name(), recorded);
            run.folder.writeMetadata(run.metadata);
            return leftover + "loaded " + identity.name() + " srcversion " + identity.srcversion() + " sha256 "
                    + identity.sha256();
        } catch (KmodException | IOException e) {
            throw new StepFailed(label + ": " + e.getMessage());
        }
    }

    /**
     * A module of that name loaded before the step: unloaded when a killed run of this board left it (or it is the
     * module to load), said in the output; refused otherwise. @return what was done, for the step's detail
     */
    private String unloadLeftover(Run run, String name, String file, String label) throws StepFailed,
            TransportException, KmodException {
        Optional<String> toLoad = file.isEmpty() ? boardSrcversion(run, name)
                : srcversionOf(Path.of(file));
        LeftoverModule.Finding f = LeftoverModule.find(run.connection, name, toLoad, run.workspace, run.folder, SHORT);
        if (f instanceof LeftoverModule.Finding.Foreign foreign) {
            throw new StepFailed(label + ": " + name + " is loaded already (srcversion " + foreign.srcversion()
                    + "), and it is neither the module this step loads nor one an interrupted run of board '"
                    + run.connection.profile().name() + "' loaded; unload it on the board (rmmod " + name
                    + ") and run again");
        }
        if (!(f instanceof LeftoverModule.Finding.Ours ours)) {
            return "";
        }
        String said = name + " (srcversion " + ours.srcversion() + ") was loaded already, " + ours.why()
                + ": unloading it before loading";
        run.monitor.message(said);
        UnloadOutcome u = modules.unload(run.connection, name, KmodProgress.NONE);
        if (u instanceof UnloadOutcome.Failed failed) {
            throw new StepFailed(label + ": " + said + " failed: rmmod " + name + ": " + failed.rmmodMessage());
        }
        return said + "; ";
    }

    private static Optional<String> srcversionOf(Path ko) {
        try {
            return ModinfoReader.read(ko).srcversion();
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // the load itself names what is wrong with the file
        }
    }

    /** srcversion of the module file modprobe would load, from modinfo on the board. */
    private static Optional<String> boardSrcversion(Run run, String name) throws TransportException {
        ExecResult info = run.connection.run(Command.of("modinfo").arg(name), SHORT);
        return info.stdoutText().lines().filter(l -> l.startsWith("srcversion:"))
                .map(l -> l.substring("srcversion:".length()).strip()).findFirst();
    }

    /** Identity of the module file modprobe loads: its path from modinfo, its bytes read back from the board. */
    private ModuleIdentity boardModuleIdentity(Run run, String module, Map<String, String> params)
            throws TransportException, IOException, StepFailed {
        // module names take '_' for '-' everywhere; busybox's modinfo only finds the '_' form
        ExecResult info = run.connection.run(Command.of("modinfo").arg(module.replace('-', '_')), SHORT);
        String path = info.stdoutText().lines().filter(l -> l.startsWith("filename:"))
                .map(l -> l.substring("filename:".length()).strip()).findFirst().orElse("");
        if (!info.succeeded() || path.isEmpty()) {
            throw new StepFailed("modinfo " + module + " shows no file name: " + info.stderrText().strip());
        }
        // plain 'cat FILE' (not readFile's 'cat -- FILE': busybox and the simulated board's cat take no '--')
        ExecResult file = run.connection.run(Command.of("cat").arg(path), Duration.ofMinutes(2));
        if (!file.succeeded()) {
            throw new StepFailed("cannot read the module file " + path + ": " + file.stderrText().strip());
        }
        byte[] bytes = file.stdout();
        Path tmp = Files.createTempFile("wqlab-module", ".ko");
        try {
            Files.write(tmp, bytes);
            ModuleInfo moduleInfo = ModinfoReader.read(tmp);
            return ModuleIdentity.of(tmp, moduleInfo, new ModuleParameters(params));
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private String unload(Run run, String name, String label) throws StepFailed, TransportException {
        try {
            UnloadOutcome outcome = modules.unload(run.connection, name, KmodProgress.NONE);
            run.loadedModules.remove(name);
            if (outcome instanceof UnloadOutcome.Failed f) {
                throw new StepFailed(label + ": rmmod " + name + ": " + f.rmmodMessage());
            }
            return outcome instanceof UnloadOutcome.WasNotLoaded ? name + " was not loaded" : "unloaded " + name;
        } catch (KmodException e) {
            throw new StepFailed(label + ": " + e.getMessage());
        }
    }

    private String runCommand(Run run, ResolvedStep r, String label) throws Cancelled, StepFailed,
            TransportException, InterruptedException {
        List<String> argv = r.command();
        double timeout = r.seconds("timeout", 600);
        int expect = r.optionalInteger("expectExit", 0).orElse(0);
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
                    throw new Cancelled();
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

    private UsbDisconnectDriver driver(Run run, ResolvedStep r) throws StepFailed {
        String id = r.text("driver", UsbDriverIds.BOARD_DEFAULT);
        if (id.equals(UsbDriverIds.BOARD_DEFAULT)) {
            id = run.board.usbDriver() == null ? UsbDriverIds.MANUAL : run.board.usbDriver();
        }
        String chosen = id;
        UsbDisconnectDriver driver = UsbDrivers.installed().byId(id)
                .orElseThrow(() -> new StepFailed(r.label() + ": unknown USB driver " + chosen));
        // the validator cannot check the fields for "board": the board's driver is known only here
        List<String> problems = SequenceValidator.driverProblems(r, driver);
        if (!problems.isEmpty()) {
            throw new StepFailed(String.join("; ", problems) + " (driver " + id + ")");
        }
        return driver;
    }

    private UsbAction usbAction(Run run, ResolvedStep r) {
        double countdown = r.seconds("countdown", 10);
        return new UsbAction(run.connection, r.text("device", "2-1"), r.text("hub", ""), r.text("port", ""),
                r.text("message", ""), Duration.ofMillis((long) (countdown * 1000)), run.board.prompt(), SHORT);
    }

    private String disconnect(Run run, ResolvedStep r, String label) throws StepFailed, TransportException,
            InterruptedException {
        UsbDisconnectDriver d = driver(run, r);
        ExecResult meminfo = run.connection.run(Command.of("cat").arg("/proc/meminfo"), SHORT);
        var m = CACHED.matcher(meminfo.stdoutText());
        long cached = m.find() ? Long.parseLong(m.group(1)) : -1;
        run.cachedKb.add(cached);
        run.kernelLog.write(KmsgLine.of("cached " + cached + " kB before disconnect"));
        UsbAction action = usbAction(run, r);
        try {
            d.disconnect(action);
        } catch (UsbDriverException e) {
            throw new StepFailed(label + ": " + e.getMessage());
        }
        if (d.reconnectsBySoftware()) {
            run.unpluggedBy = d;
            run.unpluggedAction = action;
        }
        return "disconnected " + action.device() + " with " + d.id() + "; Cached " + cached + " kB before"
                + (d.reproducesStall() ? "" : "; " + UsbDisconnectDriver.CONTROL_RUN);
    }

    // ------------------------------------------------------------------ cleanup and record

    private void cleanup(Run run) {
        if (run.loadedModules.isEmpty() && run.unpluggedBy == null && (run.trace == null || !run.trace.active())) {
            return;
        }
        if (run.connection == null || !run.connection.isOpen()) {
            run.cleanup.add("connection lost: reconnecting to clean up");
            for (int attempt = 1; attempt <= 3 && (run.connection == null || !run.connection.isOpen()); attempt++) {
                try {
                    run.connection = run.board.connector().connect();
                } catch (TransportException e) {
                    run.cleanup.add("reconnect " + attempt + ": " + e.getMessage());
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
            if (run.connection == null || !run.connection.isOpen()) {
                run.cleanup.add("not cleaned up: the board is unreachable; unload " + run.loadedModules
                        + " on the next connect" + (run.trace != null && run.trace.active()
                                ? "; remove the trace instance " + run.trace.instanceDir() : ""));
                return;
            }
        }
        if (run.unpluggedBy != null) {
            try {
                UsbAction a = run.unpluggedAction;
                run.unpluggedBy.reconnect(new UsbAction(run.connection, a.device(), a.hub(), a.port(), a.message(),
                        a.countdown(), a.prompt(), a.timeout()));
                run.cleanup.add("USB " + a.device() + " reconnected with " + run.unpluggedBy.id());
            } catch (TransportException | UsbDriverException e) {
                run.cleanup.add("USB reconnect failed: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (String name : List.copyOf(run.loadedModules)) {
            try {
                UnloadOutcome o = modules.unload(run.connection, name, KmodProgress.NONE);
                run.cleanup.add(o instanceof UnloadOutcome.Failed f ? "unload " + name + " failed: " + f.rmmodMessage()
                        : "module " + name + (o instanceof UnloadOutcome.Unloaded ? " unloaded" : " was not loaded"));
                run.loadedModules.remove(name);
            } catch (TransportException | KmodException e) {
                run.cleanup.add("unload " + name + " failed: " + e.getMessage());
            }
        }
        stopTrace(run);
    }

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

    private void writeRecord(Run run, ExperimentStatus status, String summary, Map<String, String> variables)
            throws IOException {
        new RunRecordFile(status, summary, run.logMode(),
                run.sequence.trace() ? Optional.of(String.join("; ", run.traceRecord)) : Optional.empty(), variables,
                Optional.ofNullable(run.moduleIdentity), run.cachedKb, run.steps, run.cleanup)
                .writeInto(run.folder.dir());
        String notes = summary + (run.cachedKb.isEmpty() ? "" : "; Cached before disconnect: " + run.cachedKb + " kB")
                + (run.moduleIdentity == null ? "" : "; module " + run.moduleIdentity);
        run.metadata = run.metadata.withStatus(status).withNotes(notes)
                .withKernelLog(KernelLogCheck.seal(run.folder.kernelLog()));
        run.folder.writeMetadata(run.metadata);
    }
}
