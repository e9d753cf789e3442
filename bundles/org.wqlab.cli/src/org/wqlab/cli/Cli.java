package org.wqlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.ExperimentAnalyzer;
import org.wqlab.analysis.trace.importer.TraceImporters;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ImportSource;
import org.wqlab.core.model.InputException;
import org.wqlab.core.samples.Boots;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.report.export.CsvExport;
import org.wqlab.klog.ImportedLog;
import org.wqlab.klog.LogYear;
import org.wqlab.limits.Assessment;
import org.wqlab.limits.Limits;
import org.wqlab.klog.importer.LogImporters;

/**
 * The headless verbs, as plain Java: {@code import}, {@code stats}, {@code export}. Exit codes ({@link ExitCodes}):
 * 0 ok (or only warnings), 2 bad input (the message names the file, line or field), 1 any other failure, 3 a hard
 * limit exceeded. No stack trace for a user's mistake.
 */
public final class Cli {

    public static final int OK = ExitCodes.OK;
    public static final int FAILURE = ExitCodes.FAILURE;
    public static final int BAD_INPUT = ExitCodes.BAD_INPUT;
    /** Speeds of the simulated board, for {@code run --sim-speed} as for {@code wqlab sim --speed}. */
    static final double MIN_SIM_SPEED = org.wqlab.sim.server.SimServerMain.MIN_SPEED;
    static final double MAX_SIM_SPEED = org.wqlab.sim.server.SimServerMain.MAX_SPEED;
    /** An hour: far above any real threshold, and {@code * 1000} stays exact. */
    static final long MAX_THRESHOLD_MS = 3_600_000;

    static final String USAGE = """
            usage: wqlab <verb> [arguments]
              import LOG... [--workspace DIR] [--name NAME]   one experiment per kernel log, prints a summary
              import LOG --trace REPORT [--workspace DIR] [--name NAME]
                                                             the log with a trace (trace-cmd report or ftrace
                                                             text) as its trace.log, then analysed
              import --lava-server NAME JOB... [--workspace DIR]
                                                             one experiment per finished LAVA job
              stats EXPERIMENT|LOG... [--workspace DIR] [--json] [--threshold-ms N] [--limit NAME=HARD]...
                    [--warn NAME=SOFT]... [--junit FILE]
                                                             delay statistics per log and boot (JSON in docs/cli.md),
                                                             judged against the experiment's limits.json and
                                                             the --limit/--warn given
              export EXPERIMENT --csv FILE [--workspace DIR]  samples and events as CSV
              report EXPERIMENT... (--html FILE | --text) [--workspace DIR]
                                                             one experiment's report, or a comparison of
                                                             several: self-contained HTML, or plain text
                                                             (80 columns) for a mailing list
              sim [--port P] [--profile NAME|FILE] [--speed N] [--state DIR] [--ground-truth FILE]
                                                             run the simulated R-Car board (SSH on 127.0.0.1)
                                                             until interrupted; prints how to log in
              run [SEQUENCE] [--board sim[:PROFILE]|vboard|NAME|user@host[:port]]... [--sim-speed N]
                  [--workspace DIR] [--var k=v]... [--accept-new-host-key] [--json] [--ground-truth FILE]
                  [--report-procedure] [--limit NAME=HARD]... [--warn NAME=SOFT]... [--junit FILE]
                                                             run a test sequence (default: the improved module
                                                             on every CPU, page cache dropped, then the pull, on
                                                             the built-in simulated board; --report-procedure:
                                                             the report's classic module on CPU 0) and
                                                             record it as an experiment; Ctrl-C cancels with
                                                             cleanup; --ground-truth FILE: the simulated
                                                             board writes what it executed (JSON lines);
                                                             --limit/--warn override the sequence's and the
                                                             board's limits; --junit FILE: JUnit XML, a case
                                                             per step and per limit; several --board: the
                                                             sequence on each board at once, an experiment
                                                             each (docs/cli.md, "Several boards")
              check [SEQUENCE] [--board sim[:PROFILE]|vboard|NAME|user@host[:port]]... [--var k=v]...
                  [--accept-new-host-key] [--report-procedure]
                                                             the run's preflight on the board, nothing loaded:
                                                             /dev/kmsg, tracefs and its instances, each
                                                             tracepoint, the module, the USB driver's tools,
                                                             the sequence's device and file; each missing item
                                                             with what it costs; exit 1 when one stops a run
            """ + CompareVerb.USAGE_LINE + ExplainVerb.USAGE_LINE + PredictVerb.USAGE_LINE + """
              vboard build|start|stop|status [--arch x86_64|arm64] [--stick-mib N] [--irq-cpu N] [--memory-mib N]
                                                             the QEMU virtual board (releng/virtual-board):
                                                             build it from Debian packages, boot it (returns
                                                             once SSH answers), stop it, say where it runs
              lava server add|list|remove, lava devices, lava job  LAVA labs: the servers wqlab knows (API token
                                                             in secure storage), their devices, a sequence
                                                             written as a LAVA job (docs/cli.md, "LAVA");
                                                             run on a lab: run --board lava:TYPE
                                                             [--lava-server NAME]
              help                                           this text
            EXPERIMENT is an experiment folder or an experiment id in the workspace.
            The workspace defaults to $WQLAB_WORKSPACE, else ~/wqlab-workspace/experiments.
            Limit names: worst.after.disconnect.ms, p99.ms, lost.reports, p90.worst.after.disconnect.ms.
            Exit codes: 0 ok (or only warnings), 1 a step, the run or another thing failed, 2 bad input,
            3 a hard limit exceeded; of several, the most serious by 2 > 1 > 3 > 0.
            """;

    private final PrintStream out;
    private final PrintStream err;

    private Cli(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return new Cli(out, err).dispatch(args == null ? new String[0] : args);
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    private int dispatch(String[] args) {
        if (args.length == 0) {
            err.print("wqlab: no verb given\n" + USAGE);
            return BAD_INPUT;
        }
        String verb = args[0];
        List<String> rest = List.of(args).subList(1, args.length);
        try {
            return switch (verb) {
                case "import" -> importLogs(new Args("import", rest, List.of("--workspace", "--name",
                        "--lava-server", "--trace"), List.of()));
                case "stats" -> {
                    LimitOptions limits = LimitOptions.extract(rest);
                    yield stats(new Args("stats", limits.rest(), List.of("--workspace", "--threshold-ms", "--junit"),
                            List.of("--json")), limits.limits());
                }
                case "export" -> export(new Args("export", rest, List.of("--workspace", "--csv"), List.of()));
                case "sim" -> simulatedBoard(rest);
                case "run" -> new RunVerb(out, err).run(rest, workspaceOf(rest));
                case "check" -> new RunVerb(out, err).check(rest);
                case "report" -> new ReportVerb(out).run(rest);
                case "compare" -> new CompareVerb(out).run(rest);
                case "vboard" -> new VboardVerb(out, err).run(rest);
                case "lava" -> new LavaVerb(out, err).run(rest);
                case "explain" -> new ExplainVerb(out, err).run(rest);
                case "predict" -> new PredictVerb(out, err).run(rest);
                case "help", "--help", "-h" -> {
                    out.print(USAGE);
                    yield OK;
                }
                default -> {
                    err.print("wqlab: unknown verb '" + verb + "'\n" + USAGE);
                    yield BAD_INPUT;
                }
            };
        } catch (UsageException e) {
            err.println("wqlab " + verb + ": " + e.getMessage());
            err.println("run 'wqlab help' for usage");
            return BAD_INPUT;
        } catch (InputException e) {
            err.println("wqlab " + verb + ": " + e.getMessage());
            return BAD_INPUT;
        } catch (IOException | UncheckedIOException e) {
            err.println("wqlab " + verb + ": I/O error: " + describe(e));
            return FAILURE;
        } catch (RuntimeException e) {
            err.println("wqlab " + verb + ": internal error: " + e);
            return FAILURE;
        }
    }

    /**
     * An exception in words for the user: its message, or, when it has none (a closed channel, an interrupted
     * read), its type and where wqlab met it, so the report is still worth filing.
     */
    static String describe(Throwable e) {
        if (e.getMessage() != null && !e.getMessage().isBlank()) {
            return e.getMessage();
        }
        String where = java.util.Arrays.stream(e.getStackTrace())
                .filter(f -> f.getClassName().startsWith("org.wqlab.")).findFirst()
                .map(f -> " at " + f.getClassName() + "." + f.getMethodName() + ":" + f.getLineNumber()).orElse("");
        String cause = e.getCause() == null || e.getCause() == e ? "" : " (caused by " + describe(e.getCause()) + ")";
        return e.getClass().getName() + where + cause;
    }

    // ------------------------------------------------------------------ import

    private int importLogs(Args a) throws UsageException, InputException, IOException {
        if (a.help) {
            out.print(USAGE);
            return OK;
        }
        if (a.positional.isEmpty()) {
            throw new UsageException("no LOG given");
        }
        Workspace ws = workspace(a);
        if (a.option("--lava-server") != null) {
            return LavaVerb.importJobs(a.option("--lava-server"), a.positional, ws, out, err);
        }
        String name = a.option("--name");
        String trace = a.option("--trace");
        if (trace != null && a.positional.size() != 1) {
            throw new UsageException("--trace goes with one LOG, not " + a.positional.size());
        }
        int status = OK;
        int index = 0;
        for (String arg : a.positional) {
            index++;
            Path log = Path.of(arg);
            String expName = name == null ? log.getFileName().toString()
                    : a.positional.size() == 1 ? name : name + "-" + index;
            try {
                LoadedExperiment e = ExperimentLoader.importLog(ws, log, expName, Instant.now());
                out.println("imported " + log + " as " + e.folder().dir());
                sourceLine(e.metadata()).ifPresent(l -> out.println("  " + l));
                printSummary(e.content(), e.statistics()); // computed once already, for the cache
                if (trace != null) {
                    importTrace(e.folder(), Path.of(trace));
                }
                int boots = Boots.of(e.content()).size();
                if (boots > 1) {
                    out.println("  " + boots + " boots (wqlab stats gives each its figures)");
                }
            } catch (InputException e) {
                err.println("wqlab import: " + e.getMessage());
                status = ExitCodes.mostSerious(status, BAD_INPUT); // the other logs are still imported
            }
        }
        return status;
    }

    /** The trace beside an imported log: trace.log from it, then the analysis that reads both. */
    private void importTrace(ExperimentFolder folder, Path trace) throws InputException, IOException {
        out.println("  " + TraceImporters.installed().importInto(folder, trace));
        Analysis analysis = ExperimentAnalyzer.analyzeAndWrite(folder);
        out.println("  verdict: " + analysis.verdict().headline());
    }

    /**
     * What an imported experiment was imported from and where it keeps that file:
     * {@code source: job_6.yaml (lava-job), kept as source/job_6.yaml, 231085 bytes, sha256 ...}.
     */
    static Optional<String> sourceLine(ExperimentMetadata m) {
        ImportSource s = m == null ? null : m.source();
        if (s == null) {
            return Optional.empty();
        }
        return Optional.of("source: " + s.name() + " (" + s.importer() + "), kept as " + s.file() + ", " + s.bytes()
                + " bytes" + (s.sha256() == null ? "" : ", sha256 " + s.sha256()));
    }

    private void printSummary(LogContent c, Statistics s) {
        out.printf(Locale.ROOT, "  %d lines: %d samples, %d events, %d anomalies, %d context%n", c.totalLines(),
                c.samples().size(), c.events().size(), c.anomalies().size(), c.rawLines());
        if (s.count() > 0) {
            out.printf(Locale.ROOT, "  delay ms: min %s  p50 %s  p99 %s  max %s  mean %.3f%s%n", ms(s.minUs()),
                    ms(s.p50Us()), ms(s.p99Us()), ms(s.maxUs()), s.meanUs() / 1000.0,
                    s.lateRunsOnly() ? "  (late runs only)" : "");
        }
        out.printf(Locale.ROOT, "  lost reports: %d, USB disconnects: %d%n", s.lostReports(), s.disconnects().size());
    }

    private static String ms(long us) {
        return String.format(Locale.ROOT, "%.3f", us / 1000.0);
    }

    // ------------------------------------------------------------------ stats

    private int stats(Args a, Limits cliLimits) throws UsageException, InputException, IOException {
        if (a.help) {
            out.print(USAGE);
            return OK;
        }
        if (a.positional.isEmpty()) {
            throw new UsageException("no EXPERIMENT or LOG given");
        }
        if (a.positional.size() > 1 && a.option("--junit") != null) {
            throw new UsageException("--junit: one EXPERIMENT or LOG at a time, got " + a.positional.size());
        }
        long thresholdUs = StatisticsCalculator.DEFAULT_THRESHOLD_US;
        String t = a.option("--threshold-ms");
        if (t != null) {
            long ms;
            try {
                ms = Long.parseLong(t);
            } catch (NumberFormatException e) {
                ms = -1;
            }
            if (ms < 0 || ms > MAX_THRESHOLD_MS) {
                throw new UsageException("--threshold-ms: '" + t + "' must be a whole number of milliseconds from 0"
                        + " to " + MAX_THRESHOLD_MS);
            }
            thresholdUs = ms * 1000;
        }
        int status = OK;
        List<String> json = new ArrayList<>();
        for (String target : a.positional) {
            try {
                status = ExitCodes.mostSerious(status, statsOf(a, target, thresholdUs, cliLimits, json));
            } catch (InputException e) {
                if (a.positional.size() == 1) {
                    throw e;
                }
                err.println("wqlab stats: " + e.getMessage());
                status = ExitCodes.mostSerious(status, BAD_INPUT); // the other logs still get their result
            }
        }
        if (a.flag("--json")) {
            out.print(json.size() == 1 && a.positional.size() == 1 ? json.get(0)
                    : "[\n" + String.join(",\n", json.stream().map(String::strip).toList()) + "\n]\n");
        }
        return status;
    }

    /**
     * The statistics of one experiment or log: per boot when it holds several (the top-level figures, the text
     * summary and the limits are the last boot's); its JSON added to {@code json}, its text printed. Returns its
     * exit code.
     */
    private int statsOf(Args a, String target, long thresholdUs, Limits cliLimits, List<String> json)
            throws UsageException, InputException, IOException {
        Source src = resolve(a, target, true);
        List<StatsJson.BootFigures> boots = Boots.of(src.content).stream().map(b -> new StatsJson.BootFigures(b,
                StatisticsCalculator.compute(b.content().samples(), b.content().events(), thresholdUs))).toList();
        LogContent last = boots.get(boots.size() - 1).boot().content();
        Statistics s = boots.get(boots.size() - 1).statistics();
        Analysis analysis = src.kind.equals("experiment") ? ExplainVerb.analysisIfExperiment(src.path).orElse(null)
                : null;
        // an experiment's recorded limits (what its run was judged against), overridden by the command line's
        Limits limits = (src.kind.equals("experiment") ? RunResults.recordedLimits(src.path) : Limits.NONE)
                .overriddenBy(cliLimits);
        if (!limits.problems().isEmpty()) {
            throw new UsageException(String.join("; ", limits.problems()));
        }
        Optional<Assessment> assessment = RunResults.assess(last, s, limits,
                src.metadata == null ? Map.of() : src.metadata.boardFacts());
        if (a.option("--junit") != null) {
            RunResults.writeJUnit(Path.of(a.option("--junit")), src.metadata == null ? src.path.getFileName()
                    .toString() : src.metadata.id(), List.of(), assessment);
        }
        if (a.flag("--json")) {
            json.add(StatsJson.toJson(src.kind, src.path, src.metadata, src.year, boots, analysis, assessment));
        } else {
            out.println(src.kind + " " + src.path + (src.metadata == null ? "" : " (" + src.metadata.name() + ")"));
            src.year.ifPresent(y -> out.println("  " + y.note()));
            sourceLine(src.metadata).ifPresent(l -> out.println("  " + l));
            if (boots.size() > 1) {
                for (StatsJson.BootFigures b : boots) {
                    out.printf(Locale.ROOT, "  boot %d (lines %d-%d%s):%n", b.boot().number(), b.boot().firstLine(),
                            b.boot().lastLine(), b.boot().startedBy().isEmpty() ? ""
                                    : ", found by " + b.boot().startedBy());
                    printSummary(b.boot().content(), b.statistics());
                }
                out.println("  last boot:");
            }
            printSummary(last, s);
            out.printf(Locale.ROOT, "  delay us: count %d  min %d  max %d  mean %.1f  p50 %d  p90 %d  p99 %d  "
                    + "p99.9 %d%n", s.count(), s.minUs(), s.maxUs(), s.meanUs(), s.p50Us(), s.p90Us(), s.p99Us(),
                    s.p999Us());
            out.printf(Locale.ROOT, "  threshold %d us (%s)%s%n", s.thresholdUs(),
                    s.thresholdFromLog() ? "from the module's start line" : "default",
                    s.lateRunsOnly() ? ", late runs only" : "");
            for (DisconnectImpact d : s.disconnects()) {
                out.printf(Locale.ROOT, "  USB disconnect %s at line %d: worst %s, recovery %s%n", d.device(),
                        d.line(), d.worstDelayUs() == null ? "-" : d.worstDelayUs() + " us",
                        d.recoveryUs() != null ? d.recoveryUs() + " us (" + d.recoveryBasis() + ")"
                                : DisconnectImpact.BASIS_NONE.equals(d.recoveryBasis()) ? "-" : d.recoveryBasis());
            }
            if (analysis != null) {
                out.println(ExplainVerb.verdictLine(analysis));
            }
            assessment.ifPresent(x -> {
                out.println("  outcome: " + x.outcome().overall().word());
                x.outcome().limits().forEach(l -> out.println("    " + l.name().fileName() + ": "
                        + l.status().word() + ": " + l.reason()));
            });
        }
        return RunResults.exitCode(assessment);
    }

    // ------------------------------------------------------------------ export

    private int export(Args a) throws UsageException, InputException, IOException {
        if (a.help) {
            out.print(USAGE);
            return OK;
        }
        String target = a.single("EXPERIMENT");
        String csv = a.option("--csv");
        if (csv == null) {
            throw new UsageException("--csv FILE is required");
        }
        Path file = Path.of(csv);
        if (Files.isDirectory(file)) {
            throw new UsageException("--csv: " + file + " is a folder; give the name of the CSV file to write");
        }
        Source src = resolve(a, target, true);
        CsvExport.write(file, src.content);
        out.println("exported " + src.content.samples().size() + " samples and " + src.content.events().size()
                + " events to " + file);
        return OK;
    }

    private int simulatedBoard(List<String> args) {
        try {
            return org.wqlab.sim.server.SimServerMain.run(args.toArray(String[]::new));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OK;
        }
    }

    // ------------------------------------------------------------------ helpers

    /** @param year the year dates without one were read in and its basis, when the log has such dates */
    private record Source(String kind, Path path, ExperimentMetadata metadata, LogContent content,
            Optional<LogYear> year) {
    }

    /** An experiment folder, an experiment id in the workspace, or (when allowed) a log file. */
    private Source resolve(Args a, String target, boolean allowLog) throws InputException, UsageException {
        Path p = Path.of(target);
        if (allowLog && Files.isRegularFile(p)) {
            ImportedLog log = ImportedLog.read(p, LogImporters.installed());
            return new Source("log", p, null, log.content(), log.year());
        }
        Optional<ExperimentFolder> folder = workspace(a).find(target);
        if (folder.isPresent()) {
            LoadedExperiment e = ExperimentLoader.load(folder.get());
            return new Source("experiment", folder.get().dir(), e.metadata(), e.content(),
                    LogYear.fromFacts(e.metadata().boardFacts()));
        }
        throw new InputException(p, 0, "no such experiment folder, experiment id or log file");
    }

    /** The default workspace for {@code run} (its own option parser reads --workspace). */
    private static Workspace workspaceOf(List<String> args) throws InputException {
        return workspaceFrom(null);
    }

    static Workspace workspace(Args a) throws InputException {
        return workspaceFrom(a.option("--workspace"));
    }

    static Workspace workspaceFrom(String option) throws InputException {
        Path root = option == null ? Workspace.defaultRoot() : Path.of(option);
        if (Files.exists(root) && !Files.isDirectory(root)) {
            throw new InputException(root, 0, (option == null ? "the workspace" : "--workspace")
                    + " must be a folder, and this is a file");
        }
        return new Workspace(root);
    }

    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /** Options with a value, flags, and positional arguments of one verb. */
    static final class Args {
        final List<String> positional = new ArrayList<>();
        final java.util.Map<String, String> options = new java.util.HashMap<>();
        final java.util.Set<String> flags = new java.util.HashSet<>();
        boolean help;

        Args(String verb, List<String> args, List<String> valued, List<String> flagNames) throws UsageException {
            for (int i = 0; i < args.size(); i++) {
                String s = args.get(i);
                if (s.equals("--help") || s.equals("-h")) {
                    help = true;
                } else if (valued.contains(s)) {
                    if (i + 1 >= args.size()) {
                        throw new UsageException(s + " needs a value");
                    }
                    if (options.put(s, args.get(++i)) != null) {
                        throw new UsageException(s + " given twice");
                    }
                } else if (s.startsWith("--") && s.contains("=") && valued.contains(s.substring(0, s.indexOf('=')))) {
                    options.put(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
                } else if (flagNames.contains(s)) {
                    flags.add(s);
                } else if (s.startsWith("-") && s.length() > 1) {
                    throw new UsageException("unknown option '" + s + "'");
                } else {
                    positional.add(s);
                }
            }
        }

        String option(String name) {
            return options.get(name);
        }

        boolean flag(String name) {
            return flags.contains(name);
        }

        String single(String what) throws UsageException {
            if (positional.size() != 1) {
                throw new UsageException(positional.isEmpty() ? "no " + what + " given"
                        : "expected one " + what + ", got " + positional.size() + ": " + positional);
            }
            return positional.get(0);
        }
    }
}
