package org.wqlab.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.Boards;
import org.wqlab.analysis.Analysis;
import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.limits.Assessment;
import org.wqlab.limits.ExperimentOutcomes;
import org.wqlab.limits.JUnitXml;
import org.wqlab.limits.Limits;
import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.SequenceValidator;
import org.wqlab.sequence.Variables;
import org.wqlab.sequence.preflight.Preflight;
import org.wqlab.sequence.preflight.PreflightReport;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.TransportException;
import org.wqlab.sequence.run.BoardAccess;
import org.wqlab.sequence.run.RunMonitor;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.sequence.run.SequenceRunner;
import org.wqlab.sequence.run.StepRecord;
import org.wqlab.sequence.run.StepRecordJson;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.usb.ManualPrompt;

/**
 * {@code wqlab run [SEQUENCE] [--board sim[:PROFILE]|vboard|NAME|user@host[:port]]... [--sim-speed N] [--workspace DIR]
 * [--var k=v]... [--accept-new-host-key] [--json] [--ground-truth FILE] [--limit NAME=HARD]... [--warn NAME=SOFT]...
 * [--junit FILE]}. Several {@code --board}s run the sequence on each at once, a thread, a connection and an
 * experiment per board; the exit code is the most serious of theirs. Ctrl-C cancels every run with cleanup. Exit
 * codes: {@link ExitCodes}.
 */
final class RunVerb {

    /** Set by tests (and Ctrl-C) to cancel the run in progress. */
    static final AtomicBoolean CANCEL = new AtomicBoolean();

    private final PrintStream out;
    private final PrintStream err;

    RunVerb(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** Version of the object several boards' {@code --json} prints ({@code runs}: one single-run object each). */
    static final int MULTI_FORMAT_VERSION = 1;

    private record Options(String sequence, List<String> boards, double speed, boolean speedGiven, String workspace,
            Map<String, String> vars, boolean acceptNew, boolean json, String groundTruth, boolean reportProcedure,
            Limits limits, String junit) {
    }

    /**
     * One board of the run, resolved before anything runs: its name, its access, the sequence with its effective
     * limits, and the prefix of its lines (none when it is the only board).
     */
    private record BoardRun(String name, BoardAccess access, Sequence sequence, String prefix) {
    }

    private Options parse(List<String> allArgs) throws Cli.UsageException {
        LimitOptions limitOptions = LimitOptions.extract(allArgs);
        List<String> args = limitOptions.rest();
        String junit = null;
        String sequence = null;
        List<String> boards = new ArrayList<>();
        double speed = 1;
        boolean speedGiven = false;
        String workspace = null;
        String groundTruth = null;
        Map<String, String> vars = new LinkedHashMap<>();
        boolean acceptNew = false;
        boolean json = false;
        boolean reportProcedure = false;
        String lavaServer = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--board", "--sim-speed", "--workspace", "--var", "--ground-truth", "--junit",
                        "--lava-server" -> {
                    if (i + 1 >= args.size()) {
                        throw new Cli.UsageException(a + " needs a value");
                    }
                    String v = args.get(++i);
                    switch (a) {
                        case "--board" -> boards.add(v);
                        case "--lava-server" -> lavaServer = v;
                        case "--workspace" -> workspace = v;
                        case "--ground-truth" -> groundTruth = v;
                        case "--junit" -> junit = v;
                        case "--sim-speed" -> {
                            try {
                                speed = Double.parseDouble(v);
                            } catch (NumberFormatException e) {
                                speed = -1;
                            }
                            if (!(speed >= Cli.MIN_SIM_SPEED && speed <= Cli.MAX_SIM_SPEED)) {
                                throw new Cli.UsageException("--sim-speed: '" + v + "' must be a number from "
                                        + Cli.MIN_SIM_SPEED + " to " + (int) Cli.MAX_SIM_SPEED);
                            }
                            speedGiven = true;
                        }
                        default -> {
                            try {
                                var kv = Variables.parseOverride(v);
                                vars.put(kv.getKey(), kv.getValue());
                            } catch (IllegalArgumentException e) {
                                throw new Cli.UsageException(e.getMessage());
                            }
                        }
                    }
                }
                case "--accept-new-host-key" -> acceptNew = true;
                case "--json" -> json = true;
                case "--report-procedure" -> reportProcedure = true;
                default -> {
                    if (a.startsWith("-")) {
                        throw new Cli.UsageException("unknown option '" + a + "'");
                    }
                    if (sequence != null) {
                        throw new Cli.UsageException("more than one SEQUENCE given: " + sequence + ", " + a);
                    }
                    sequence = a;
                }
            }
        }
        if (reportProcedure && sequence != null) {
            throw new Cli.UsageException("--report-procedure and a SEQUENCE file (" + sequence + "): give one");
        }
        if (lavaServer != null) {
            // --lava-server names the server of every lava:TYPE board that does not name its own (lava:TYPE@SERVER)
            String server = lavaServer;
            boards.replaceAll(b -> b.startsWith("lava:") && !b.contains("@") ? b + "@" + server : b);
        }
        return new Options(sequence, boards.isEmpty() ? List.of("sim") : List.copyOf(boards), speed, speedGiven,
                workspace, vars, acceptNew, json, groundTruth, reportProcedure, limitOptions.limits(), junit);
    }

    /** The sequence a run or check uses, from its file or the shipped one; null after reporting bad input. */
    private record Loaded(String source, Sequence sequence) {
    }

    private Loaded load(Options o, String verb) throws IOException {
        try {
            if (o.reportProcedure) {
                return new Loaded("report procedure (org.wqlab.sequence" + SequenceJson.REPORT_PROCEDURE_RESOURCE
                        + ")", SequenceJson.reportProcedure());
            }
            if (o.sequence == null) {
                return new Loaded("default sequence (org.wqlab.sequence" + SequenceJson.DEFAULT_RESOURCE + ")",
                        SequenceJson.defaultSequence());
            }
            Path file = Path.of(o.sequence);
            if (!Files.isRegularFile(file)) {
                err.println("wqlab " + verb + ": " + file + ": no such sequence file");
                return null;
            }
            String text;
            try {
                text = Files.readString(file, StandardCharsets.UTF_8);
            } catch (java.nio.charset.CharacterCodingException notText) {
                err.println("wqlab " + verb + ": " + file + ": not UTF-8 text, so not a sequence file");
                return null;
            }
            return new Loaded(file.toString(), SequenceJson.parse(file.toString(), text));
        } catch (SequenceException e) {
            err.println("wqlab " + verb + ": " + e.getMessage());
            return null;
        }
    }

    int run(List<String> args, Workspace defaultWorkspace) throws Cli.UsageException, IOException {
        Options o = parse(args);
        Loaded loaded = load(o, "run");
        if (loaded == null) {
            return Cli.BAD_INPUT;
        }
        String source = loaded.source;
        Sequence sequence = loaded.sequence;
        Workspace workspace;
        try {
            workspace = o.workspace == null ? defaultWorkspace : Cli.workspaceFrom(o.workspace);
        } catch (InputException e) {
            err.println("wqlab run: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        CANCEL.set(false);
        List<AutoCloseable> closeLater = new ArrayList<>();
        try {
            List<BoardRun> boards = boards(o, sequence, closeLater);
            if (boards == null) {
                return Cli.BAD_INPUT;
            }
            return execute(o, source, boards, workspace, closeLater);
        } finally {
            closeAll(closeLater);
        }
    }

    /**
     * {@code wqlab check [SEQUENCE] --board B...}: the run's preflight on each board, nothing loaded or changed; one
     * line per item. Exit 0 when nothing is missing that stops a run (missing items that only cost a part of the
     * explanation are listed), 1 when something is or a board cannot be reached, 2 for bad input.
     */
    int check(List<String> args) throws Cli.UsageException, IOException {
        Options o = parse(args);
        Loaded loaded = load(o, "check");
        if (loaded == null) {
            return Cli.BAD_INPUT;
        }
        try {
            SequenceValidator.validate(loaded.source, loaded.sequence, o.vars);
        } catch (SequenceException e) {
            err.println("wqlab check: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        List<AutoCloseable> closeLater = new ArrayList<>();
        try {
            List<BoardRun> boards = boards(o, loaded.sequence, closeLater);
            if (boards == null) {
                return Cli.BAD_INPUT;
            }
            int exit = ExitCodes.OK;
            for (BoardRun board : boards) {
                exit = ExitCodes.mostSerious(exit, checkOn(o, loaded, board));
            }
            return exit;
        } finally {
            closeAll(closeLater);
        }
    }

    private int checkOn(Options o, Loaded loaded, BoardRun board) {
        if (board.access.remote().isPresent()) {
            out.println(board.prefix + "no preflight: board '" + board.name + "' runs sequences itself ("
                    + board.access.remote().get().description() + ")");
            return ExitCodes.OK;
        }
        try (BoardConnection c = board.access.connector().connect()) {
            PreflightReport report = Preflight.check(c, loaded.source, loaded.sequence, o.vars,
                    board.access.usbDriver(), java.time.Duration.ofSeconds(30));
            report.lines().forEach(l -> out.println(board.prefix + l));
            if (report.stops()) {
                out.println(board.prefix + "a run would stop: " + report.stopReason());
                return ExitCodes.FAILURE;
            }
            out.println(board.prefix + (report.lacking().isEmpty() ? "ready: nothing missing"
                    : "ready, lacking " + report.lacking().size() + " item(s): the run records without them"));
            return ExitCodes.OK;
        } catch (SequenceException e) {
            err.println("wqlab check: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (TransportException e) {
            err.println("wqlab check: " + board.prefix + "board '" + board.name + "': " + e.getMessage());
            return ExitCodes.FAILURE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.FAILURE;
        }
    }

    /** Stops the simulated board and deletes its state folder; in that order, once. */
    private void closeAll(List<AutoCloseable> closeLater) {
        for (int i = closeLater.size() - 1; i >= 0; i--) {
            try {
                closeLater.get(i).close();
            } catch (Exception e) {
                err.println("wqlab run: stopping the simulated board: " + e.getMessage());
            }
        }
        closeLater.clear();
    }

    private int execute(Options o, String source, List<BoardRun> boards, Workspace workspace,
            List<AutoCloseable> closeLater) throws IOException {
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            CANCEL.set(true);
            err.println("wqlab run: cancelling (cleanup runs: module unload, USB reconnect)");
            try {
                done.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "wqlab-run-ctrl-c");
        boolean hooked = false;
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            hooked = true;
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already exiting
        }
        try {
            if (boards.size() == 1) {
                BoardRun board = boards.get(0);
                RunResult result;
                try {
                    result = runOn(o, source, board, workspace);
                } catch (SequenceException e) {
                    err.println("wqlab run: " + e.getMessage());
                    return Cli.BAD_INPUT;
                }
                Reported r = report(o, board, result);
                int exit = r.exit;
                if (o.junit != null) {
                    try {
                        JUnitXml.write(Path.of(o.junit), r.suite.name(), r.suite.properties(), r.suite.cases());
                    } catch (IOException e) {
                        err.println("wqlab run: --junit " + o.junit + ": " + Cli.describe(e));
                        exit = ExitCodes.mostSerious(exit, ExitCodes.FAILURE);
                    }
                }
                if (o.json) {
                    out.println(json(r.json));
                }
                return exit;
            }
            return reportAll(o, runAll(o, source, boards, workspace));
        } finally {
            // after the summary is printed and the simulated board's folder deleted: on Ctrl-C the hook waits for
            // this, then the JVM exits
            closeAll(closeLater);
            out.flush();
            err.flush();
            done.countDown();
            if (hooked) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Ctrl-C: the hook is running and waits for the latch above
                }
            }
        }
    }

    /**
     * A board's run; or the bad input that stopped it before it began (a sequence that cannot run), or the failure
     * that ended it without a recording.
     */
    private record Outcome(BoardRun board, RunResult result, String badInput, Exception failure) {
    }

    private RunResult runOn(Options o, String source, BoardRun board, Workspace workspace)
            throws SequenceException, IOException {
        return new SequenceRunner().run(source, board.sequence, o.vars, board.access, workspace,
                monitor(o, board.prefix));
    }

    private Outcome outcomeOn(Options o, String source, BoardRun board, Workspace workspace) {
        try {
            return new Outcome(board, runOn(o, source, board, workspace), null, null);
        } catch (SequenceException e) {
            return new Outcome(board, null, e.getMessage(), null);
        } catch (IOException | RuntimeException e) {
            return new Outcome(board, null, null, e);
        }
    }

    /** Every board's run at once, a thread each; returns when all ended, in the order of the boards. */
    private List<Outcome> runAll(Options o, String source, List<BoardRun> boards, Workspace workspace) {
        List<Outcome> outcomes = new ArrayList<>(java.util.Collections.nCopies(boards.size(), null));
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < boards.size(); i++) {
            int n = i;
            BoardRun board = boards.get(n);
            threads.add(Thread.ofPlatform().name("wqlab-run-" + board.name).start(() -> outcomes.set(n,
                    outcomeOn(o, source, board, workspace))));
        }
        for (Thread t : threads) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    CANCEL.set(true); // the runs clean up; wait for them
                }
            }
        }
        return outcomes;
    }

    /** The reports of several boards: each as a single run's, then one JSON object and one JUnit file for all. */
    private int reportAll(Options o, List<Outcome> outcomes) {
        int exit = ExitCodes.OK;
        JsonArray runs = new JsonArray();
        List<JUnitXml.Suite> suites = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        for (Outcome outcome : outcomes) {
            Reported r = outcome.result == null ? notRun(outcome) : report(o, outcome.board, outcome.result);
            exit = ExitCodes.mostSerious(exit, r.exit);
            summary.add("board '" + outcome.board.name + "': " + (outcome.result == null ? "not run"
                    : outcome.result.status().word() + ", experiment " + outcome.result.folder().dir()) + ", exit "
                    + r.exit);
            runs.add(r.json);
            if (r.suite != null) {
                suites.add(r.suite);
            }
        }
        if (o.junit != null) {
            try {
                JUnitXml.writeSuites(Path.of(o.junit), suites);
            } catch (IOException e) {
                err.println("wqlab run: --junit " + o.junit + ": " + Cli.describe(e));
                exit = ExitCodes.mostSerious(exit, ExitCodes.FAILURE);
            }
        }
        if (o.json) {
            JsonObject j = new JsonObject();
            j.addProperty("formatVersion", MULTI_FORMAT_VERSION);
            j.add("runs", runs);
            out.println(json(j));
        } else {
            summary.forEach(out::println);
            out.println(outcomes.size() + " boards: exit " + exit + " (the most serious)");
        }
        return exit;
    }

    /** A board whose run did not begin (bad input, exit 2) or ended without a recording (exit 1). */
    private Reported notRun(Outcome outcome) {
        String why = outcome.badInput != null ? outcome.badInput : Cli.describe(outcome.failure);
        err.println("wqlab run: " + outcome.board.prefix + why);
        JsonObject j = new JsonObject();
        j.addProperty("board", outcome.board.name);
        j.addProperty("error", why);
        return new Reported(outcome.badInput != null ? ExitCodes.BAD_INPUT : ExitCodes.FAILURE, j, null);
    }

    private static String json(JsonObject j) {
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create().toJson(j);
    }

    /** What one board's run reports: its exit code, its JSON object and its JUnit suite (null: not run). */
    private record Reported(int exit, JsonObject json, JUnitXml.Suite suite) {
    }

    private RunMonitor monitor(Options o, String prefix) {
        return new RunMonitor() {
            @Override
            public boolean isCanceled() {
                return CANCEL.get();
            }

            @Override
            public void stepStarted(int number, String label) {
                if (!o.json) {
                    out.println(prefix + "[" + number + "] " + label + " ...");
                }
            }

            @Override
            public void stepFinished(StepRecord r) {
                if (!o.json) {
                    out.printf(Locale.ROOT, "%s[%d] %s: %s (%d ms)%s%n", prefix, r.number(), r.label(), r.outcome(),
                            r.durationMs(), r.detail().isEmpty() ? "" : " " + r.detail());
                }
            }

            @Override
            public void message(String text) {
                if (!o.json) {
                    out.println(prefix + text);
                }
            }
        };
    }

    /** One board's summary (text, or its JSON object kept for the caller) and exit code; errors on stderr. */
    private Reported report(Options o, BoardRun board, RunResult result) {
        String status = result.status().word();
        Judged judged = judge(result, board.prefix);
        String prefix = board.prefix;
        JsonObject j = new JsonObject();
        j.addProperty("experiment", result.folder().dir().toString());
        j.addProperty("status", status);
        j.addProperty("summary", result.summary());
        j.add("steps", StepRecordJson.summary(result.steps()));
        JsonArray cleanup = new JsonArray();
        result.cleanup().forEach(cleanup::add);
        j.add("cleanup", cleanup);
        j.add("results", judged.results);
        if (!o.json) {
            result.cleanup().forEach(c -> out.println(prefix + "cleanup: " + c));
            out.println(prefix + "experiment " + result.folder().dir() + ": " + status);
            judged.assessment.ifPresent(a -> {
                out.println(prefix + "outcome: " + a.outcome().overall().word());
                a.outcome().limits().forEach(l -> out.println(prefix + "  " + l.name().fileName() + ": "
                        + l.status().word() + ": " + l.reason()));
            });
        }
        int exit = judged.exit;
        if (result.status() != org.wqlab.core.model.ExperimentStatus.COMPLETED) {
            err.println("wqlab run: " + prefix + status + ": " + result.summary() + " (recorded in "
                    + result.folder().dir() + ")");
            exit = ExitCodes.mostSerious(ExitCodes.FAILURE, judged.exit);
        } else if (judged.exit == ExitCodes.LIMIT_EXCEEDED) {
            err.println("wqlab run: " + prefix + "a hard limit exceeded (recorded in " + result.folder().dir() + ")");
        }
        return new Reported(exit, j, RunResults.junitSuite(result.folder().id(), result.steps(), judged.assessment));
    }

    private record Judged(JsonObject results, Optional<Assessment> assessment, int exit) {
    }

    /**
     * The run's results, judged as {@code wqlab stats} judges the saved experiment: from its data, its limits.json
     * and its recorded board facts. A recording that cannot be read back is a failure, reported.
     */
    private Judged judge(RunResult result, String prefix) {
        ExperimentFolder folder = result.folder();
        try {
            LoadedExperiment e = ExperimentLoader.load(folder);
            Statistics s = StatisticsCalculator.compute(e.content());
            Analysis analysis = null;
            try {
                analysis = ExplainVerb.analysisOf(folder, false);
            } catch (InputException | IOException | RuntimeException noAnalysis) {
                err.println("wqlab run: " + prefix + "no verdict: " + Cli.describe(noAnalysis));
            }
            Optional<Assessment> a = ExperimentOutcomes.assess(e, s);
            return new Judged(RunResults.toJson(folder.dir(), result.status().word(), s, analysis, a), a,
                    RunResults.exitCode(a));
        } catch (InputException | RuntimeException e) {
            err.println("wqlab run: " + prefix + "cannot judge the recording " + folder.dir() + ": "
                    + Cli.describe(e));
            JsonObject r = new JsonObject();
            r.addProperty("formatVersion", RunResults.FORMAT_VERSION);
            r.addProperty("experiment", folder.dir().toString());
            r.addProperty("status", result.status().word());
            r.addProperty("error", Cli.describe(e));
            return new Judged(r, Optional.empty(), ExitCodes.FAILURE);
        }
    }

    /**
     * The boards {@code --board} names (each once), all resolved and their limits checked before any runs; null when
     * one is not a board or its limits are bad (reported). Opens the board registry and installs this run's
     * simulated boards' kind until {@code closeLater} runs.
     */
    private List<BoardRun> boards(Options o, Sequence sequence, List<AutoCloseable> closeLater) {
        BoardRegistry registry;
        Boards boards;
        try {
            boards = Boards.service();
            registry = boards.registry();
        } catch (BoardStoreException | IllegalStateException e) {
            err.println("wqlab run: --board " + o.boards.get(0) + ": the saved boards are not readable: "
                    + e.getMessage());
            return null;
        }
        closeLater.add(boards::close);
        boolean several = o.boards.size() > 1;
        Path truth = o.groundTruth == null ? null : Path.of(o.groundTruth);
        RunSimulatorKind simulated = new RunSimulatorKind(Path.of(System.getProperty("java.io.tmpdir")),
                truth == null ? null : name -> several ? groundTruthFile(truth, name) : truth);
        closeLater.add(simulated::close);
        closeLater.add(boards.install(simulated));
        List<BoardEntry> entries = new ArrayList<>();
        List<Sequence> sequences = new ArrayList<>();
        for (String arg : o.boards) {
            Optional<BoardEntry> entry;
            try {
                entry = registry.resolve(arg);
            } catch (IllegalArgumentException e) {
                err.println("wqlab run: --board " + arg + ": " + e.getMessage());
                return null;
            }
            if (entry.isEmpty()) {
                err.println("wqlab run: --board " + arg + ": no board of that name in " + registry.file()
                        + ", and no installed board kind claims that form (sim[:PROFILE], vboard, user@host[:port])");
                return null;
            }
            if (entries.stream().anyMatch(e -> e.name().equals(entry.get().name()))) {
                err.println("wqlab run: --board " + arg + ": board '" + entry.get().name() + "' is given twice (a"
                        + " board runs one sequence at a time)");
                return null;
            }
            // the sequence's limits, overridden by the saved board's, overridden by the command line's
            Limits effective = sequence.limits().overriddenBy(entry.get().limits()).overriddenBy(o.limits);
            if (!effective.problems().isEmpty()) {
                err.println("wqlab run: " + (several ? "--board " + arg + ": " : "")
                        + String.join("; ", effective.problems()));
                return null;
            }
            entries.add(entry.get());
            sequences.add(sequence.withLimits(effective));
        }
        List<BoardRun> runs = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            String name = entries.get(i).name();
            BoardAccess access;
            try {
                access = access(o, registry, entries.get(i));
            } catch (IOException e) {
                err.println("wqlab run: --board " + name + ": " + e.getMessage());
                return null;
            }
            runs.add(new BoardRun(name, access, sequences.get(i), several ? "[" + name + "] " : ""));
        }
        return runs;
    }

    /**
     * Where a board of several writes its ground truth: FILE with the board's name inserted before the extension,
     * in lower case with every run of other characters than letters, digits and dots as one '-'
     * ({@code truth.jsonl}, "Simulated rcar-h3-default": {@code truth-simulated-rcar-h3-default.jsonl}).
     */
    static Path groundTruthFile(Path file, String boardName) {
        String tag = boardName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-").replaceAll("^-+|-+$", "");
        String fileName = file.getFileName().toString();
        int dot = fileName.lastIndexOf('.');
        String named = dot > 0 ? fileName.substring(0, dot) + "-" + tag + fileName.substring(dot)
                : fileName + "-" + tag;
        return file.resolveSibling(named);
    }

    /**
     * How the run reaches a board {@code --board} named, through the one lookup every kind answers
     * (BoardRegistry#resolve): a board saved in the workbench's Boards view (same {@code -data} workspace) or listed
     * by a board source, by name, with its secrets in secure storage and its USB driver; or the board of a kind that
     * claims the form ({@code sim[:PROFILE]} a simulated board of the run's own, {@code vboard},
     * {@code user@host[:port]}, an installed kind's).
     */
    private BoardAccess access(Options o, BoardRegistry registry, BoardEntry entry) throws IOException {
        BoardEntry board = o.acceptNew ? entry.withProfile(entry.profile()
                .withHostKeyPolicy(HostKeyPolicy.ACCEPT_NEW)) : entry;
        String name = board.name();
        if (o.speedGiven) {
            registry.kind(board.kind()).ifPresent(k -> k.setSpeed(o.speed));
        }
        double speed = o.speedGiven ? o.speed : registry.speedOf(board);
        String driver = registry.usbDriverOf(board);
        HostKeyPrompt prompt = key -> {
            if (o.acceptNew) {
                err.println("wqlab run: trusting the new " + key.keyType() + " host key of " + key.host() + ":"
                        + key.port() + ", " + key.fingerprint());
                return true;
            }
            err.println("wqlab run: board '" + name + "' (" + key.host() + ":" + key.port() + ") presents an unknown "
                    + key.keyType() + " host key " + key.fingerprint()
                    + "; check it, then pass --accept-new-host-key or accept it in the Boards view");
            return false;
        };
        if (!o.json) {
            String where = registry.isSaved(name) ? "saved in " + registry.file()
                    : registry.kind(board.kind()).map(BoardKindProvider::displayName).orElse(board.kind().id());
            out.println("board '" + name + "' (" + where + "), USB driver " + driver);
            String[] shown = { "" };
            registry.addListener(() -> { // what the board's kind starts: the simulator, the virtual board's boot
                synchronized (shown) {
                    if (registry.status(name) instanceof BoardStatus.Starting s && !s.detail().equals(shown[0])) {
                        shown[0] = s.detail();
                        out.println("board '" + name + "': " + s.detail());
                    }
                }
            });
        }
        // a board of a kind that runs whole sequences itself (a LAVA device type) goes through its execution
        return new BoardAccess(() -> registry.openConnection(board, prompt), speed, driver, terminalPrompt())
                .remoteFor(board.kind().id(), name, board.settings());
    }

    private ManualPrompt terminalPrompt() {
        return (message, countdown) -> {
            String soon = message.endsWith(" now") ? message.substring(0, message.length() - 4) : message;
            for (long s = countdown.toSeconds(); s > 0 && !CANCEL.get(); s--) {
                out.println(soon + " in " + s + " s");
                Thread.sleep(1000);
            }
            out.println(soon + " now, then press Enter (or type 'no' and Enter to stop)");
            try {
                String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
                return line != null && !line.strip().equalsIgnoreCase("no");
            } catch (IOException e) {
                return false;
            }
        };
    }
}
