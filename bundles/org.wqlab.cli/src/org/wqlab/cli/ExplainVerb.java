package org.wqlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.AttributedDelay;
import org.wqlab.analysis.Culprit;
import org.wqlab.analysis.ExperimentAnalyzer;
import org.wqlab.analysis.Verdict;
import org.wqlab.analysis.why.DelayBreakdown;
import org.wqlab.analysis.why.DelayPart;
import org.wqlab.analysis.why.TaskDump;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.sequence.preflight.PreflightReport;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.report.DelayText;

import com.google.gson.stream.JsonWriter;

/**
 * {@code wqlab explain EXPERIMENT [--workspace DIR] [--again] [--table]}: the experiment's verdict, its causes and
 * advice, the work items that held the late CPU, ranked by time held, where each late run's time went and what every
 * CPU ran; {@code --table} adds the per work function and CPU latency table. Reads {@code analysis.json}; an experiment without one
 * (an imported log, a run before this version) or {@code --again} is analyzed now and the file written.
 */
public final class ExplainVerb {

    static final String USAGE_LINE = """
              explain EXPERIMENT [--workspace DIR] [--again] [--table]
                                                             is it normal? the verdict, what held the CPU
                                                             (work function, workqueue, worker, time held),
                                                             where each late run's time went (work items,
                                                             tasks, IRQs, softirqs, idle, unexplained), what
                                                             every CPU ran, and what would change it;
                                                             --table adds the per work function and CPU
                                                             latency table; --again re-analyzes
            """;
    private static final int SHOWN_DELAYS = 5;

    private final PrintStream out;
    private final PrintStream err;

    public ExplainVerb(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public int run(List<String> args) {
        String target = null;
        String workspace = null;
        boolean again = false;
        boolean table = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--help", "-h" -> {
                    out.print("usage: wqlab" + USAGE_LINE.stripLeading().replaceFirst("^explain", " explain"));
                    return Cli.OK;
                }
                case "--again" -> again = true;
                case "--table" -> table = true;
                case "--workspace" -> {
                    if (i + 1 >= args.size()) {
                        return usage("--workspace needs a value");
                    }
                    workspace = args.get(++i);
                }
                default -> {
                    if (a.startsWith("--")) {
                        return usage("unknown option " + a);
                    }
                    if (target != null) {
                        return usage("only one EXPERIMENT, got '" + target + "' and '" + a + "'");
                    }
                    target = a;
                }
            }
        }
        if (target == null) {
            return usage("EXPERIMENT is required");
        }
        try {
            ExperimentFolder folder = folder(target, workspace);
            Analysis a = analysisOf(folder, again);
            print(folder, a);
            if (table) {
                printTable(a);
            }
            return Cli.OK;
        } catch (InputException e) {
            err.println("wqlab explain: " + e.getMessage());
            return Cli.BAD_INPUT;
        } catch (IOException | RuntimeException e) {
            err.println("wqlab explain: " + e.getMessage());
            return Cli.FAILURE;
        }
    }

    private int usage(String problem) {
        err.println("wqlab explain: " + problem);
        err.println("run 'wqlab help' for usage");
        return Cli.BAD_INPUT;
    }

    private static ExperimentFolder folder(String target, String workspace) throws InputException {
        return Cli.workspaceFrom(workspace).find(target).orElseThrow(
                () -> new InputException(Path.of(target), 0, "no such experiment folder or experiment id"));
    }

    /** The experiment's analysis: {@code analysis.json}, else (or with {@code again}) analyzed now and written. */
    public static Analysis analysisOf(ExperimentFolder folder, boolean again) throws InputException, IOException {
        ExperimentLoader.requireIntact(folder);
        Optional<Analysis> stored = again ? Optional.empty() : AnalysisFiles.read(folder);
        return stored.isPresent() ? stored.get() : ExperimentAnalyzer.analyzeAndWrite(folder);
    }

    /** For {@code wqlab stats}: the analysis of an experiment folder, or empty for a plain log file. */
    public static Optional<Analysis> analysisIfExperiment(Path path) throws InputException, IOException {
        if (!Files.isDirectory(path)) {
            return Optional.empty();
        }
        return Optional.of(analysisOf(new ExperimentFolder(path), false));
    }

    /** {@code "verdict": {"kind", "headline", "causes", "advice", "function", "workqueue", "worker", ...}}. */
    public static void writeVerdict(JsonWriter w, Analysis a) throws IOException {
        w.name("verdict");
        if (a == null) {
            w.nullValue();
            return;
        }
        Verdict v = a.verdict();
        w.beginObject();
        w.name("kind").value(v.kind());
        w.name("headline").value(v.headline());
        w.name("causes").beginArray();
        for (String c : v.causes()) {
            w.value(c);
        }
        w.endArray();
        w.name("advice").beginArray();
        for (String s : v.advice()) {
            w.value(s);
        }
        w.endArray();
        AttributedDelay worst = a.worst();
        Culprit c = worst == null || worst.culprits().isEmpty() ? null : worst.culprits().get(0);
        w.name("worstDelayUs").value(worst == null ? null : worst.delayUs());
        w.name("function").value(c == null ? null : c.function());
        w.name("workqueue").value(c == null ? null : c.workqueue());
        w.name("worker").value(c == null ? null : c.worker());
        w.name("heldUs").value(c == null ? null : c.heldUs());
        w.name("durationUs").value(c == null ? null : c.durationUs());
        w.name("cpuBound").value(c == null ? null : c.cpuBoundDuringDelay());
        writeBreakdown(w, worst == null ? null : worst.breakdown());
        w.endObject();
    }

    /** {@code "breakdown": {"cpu", "fromUs", "toUs", "delayUs", "explainedUs", "explainedPercent", "unexplainedUs",
     * "irqTraced", "schedTraced", "parts": [{"kind", "name", "us", "percent"}]}}, null without a trace. */
    static void writeBreakdown(JsonWriter w, DelayBreakdown b) throws IOException {
        w.name("breakdown");
        if (b == null) {
            w.nullValue();
            return;
        }
        w.beginObject();
        w.name("cpu").value(b.cpu());
        w.name("fromUs").value(b.fromUs());
        w.name("toUs").value(b.toUs());
        w.name("delayUs").value(b.delayUs());
        w.name("explainedUs").value(b.explainedUs());
        w.name("explainedPercent").value(Math.round(b.explainedPercent() * 10) / 10.0);
        w.name("unexplainedUs").value(b.unexplainedUs());
        w.name("irqTraced").value(b.irqTraced());
        w.name("schedTraced").value(b.schedTraced());
        w.name("parts").beginArray();
        for (DelayPart p : b.parts()) {
            w.beginObject().name("kind").value(p.kind()).name("name").value(p.name()).name("us").value(p.us())
                    .name("percent").value(p.percent()).endObject();
        }
        w.endArray();
        w.endObject();
    }

    /** One line for {@code wqlab stats}' text output. */
    public static String verdictLine(Analysis a) {
        return "  verdict: " + a.verdict().headline();
    }

    private void print(ExperimentFolder folder, Analysis a) {
        out.println("experiment " + folder.dir());
        out.println();
        out.print(a.verdict().text());
        out.println();
        List<AttributedDelay> shown = a.delays().stream()
                .sorted(Comparator.comparingLong(AttributedDelay::delayUs).reversed()).limit(SHOWN_DELAYS).toList();
        out.println("delays above the " + ms(a.thresholdUs()) + " ms threshold: " + a.delays().size()
                + (a.delays().size() > SHOWN_DELAYS ? " (the " + SHOWN_DELAYS + " largest)" : ""));
        for (AttributedDelay d : shown) {
            out.printf(Locale.ROOT, "  at %.6f s: %s ms late on %s (%s)%s%n", d.timestampUs() / 1e6, ms(d.delayUs()),
                    d.cpu() >= 0 ? "CPU " + d.cpu() : "an unknown CPU", "CPU from the " + d.cpuSource(),
                    d.waitedUs() >= 0 ? "; queued " + ms(d.waitedUs()) + " ms before it ran" : "");
            int rank = 1;
            for (Culprit c : d.culprits()) {
                out.printf(Locale.ROOT, "    %d. %s on %s (%s, CPU %d): held %s ms, ran %s ms%s%s%n", rank++,
                        c.function(), c.workqueue().isEmpty() ? "?" : c.workqueue(), c.worker(), c.cpu(),
                        ms(c.heldUs()), ms(c.durationUs()), bound(c), c.finished() ? "" : " (still running at the end)");
            }
            if (d.culprits().isEmpty()) {
                out.println("    no work item of that CPU's pool ran in the late interval");
            }
            if (d.breakdown() != null) {
                out.println("    where it went: " + DelayText.summary(d.breakdown()));
            }
        }
        AttributedDelay worst = a.worst();
        if (worst != null && worst.breakdown() != null) {
            out.println();
            out.printf(Locale.ROOT, "where the worst delay went on CPU %d (%.6f s to %.6f s):%n", worst.cpu(),
                    worst.lateFromUs() / 1e6, worst.lateToUs() / 1e6);
            DelayText.table(worst.breakdown()).forEach(l -> out.println("  " + l));
            out.println();
            out.println("what each CPU ran:");
            for (TaskDump dump : worst.tasks()) {
                out.printf(Locale.ROOT, "  %s (%.6f s): %s%n", dump.moment(), dump.atUs() / 1e6, DelayText.tasks(dump));
            }
        }
        Analysis.TraceSummary t = a.trace();
        out.println();
        if (t.recorded()) {
            out.println("trace: " + t.events() + " events, " + t.workItems() + " work items, " + t.lostEvents()
                    + " lost" + (t.schedSwitch() ? "" : ", no sched_switch (CPU-bound unknown)"));
        } else {
            out.println("trace: " + (t.notes().isEmpty() ? "none recorded" : String.join("; ", t.notes())));
        }
        t.notes().stream().filter(n -> t.recorded()).forEach(n -> out.println("  " + n));
        preflight(folder);
    }

    /** What the run's preflight found missing (the ok items are in experiment.json's facts). */
    private void preflight(ExperimentFolder folder) {
        try {
            PreflightReport.linesOf(folder.readMetadata().boardFacts()).stream().filter(l -> !l.startsWith("ok: "))
                    .forEach(l -> out.println("preflight: " + l));
        } catch (InputException e) {
            // the metadata was read to analyze the folder; a damaged one says nothing more here
        }
    }

    /** The perf kwork table of the whole trace. */
    private void printTable(Analysis a) {
        out.println();
        if (a.kwork().isEmpty()) {
            out.println("work functions: none traced");
            return;
        }
        out.println("work functions per CPU: queue-to-start latency and execution time (* latency-mon's own work)");
        DelayText.kwork(a.kwork()).forEach(out::println);
    }

    private static String bound(Culprit c) {
        if (c.cpuBoundDuringDelay() == null) {
            return "";
        }
        return c.cpuBoundDuringDelay() ? ", CPU-bound in the delay" : ", slept in the delay";
    }

    private static String ms(long us) {
        return String.format(Locale.ROOT, "%.1f", us / 1000.0);
    }
}
