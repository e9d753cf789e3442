package org.wqlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.wqlab.analysis.regression.MetricChange;
import org.wqlab.analysis.regression.RegressionCheck;
import org.wqlab.analysis.regression.RegressionFigures;
import org.wqlab.analysis.regression.RegressionJson;
import org.wqlab.analysis.regression.RegressionReport;
import org.wqlab.analysis.regression.RunRegression;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.limits.JUnitCase;
import org.wqlab.limits.JUnitXml;
import org.wqlab.report.Comparison;

/**
 * {@code wqlab compare EXPERIMENT... --baseline EXPERIMENT|FOLDER [--tolerance PCT] [--json]}: each experiment's
 * worst delay after the disconnect (per cached MiB when the cached sizes differ), p99 and lost reports against the
 * baseline, which is one experiment or the median of the experiments in a folder. Exits 3 when one regressed.
 */
final class CompareVerb {

    static final String USAGE_LINE = """
              compare EXPERIMENT... --baseline EXPERIMENT|FOLDER [--tolerance PCT] [--json] [--junit FILE]
                  [--workspace DIR]
                                                             regression check against a baseline (one
                                                             experiment, or the median of a folder's): worst
                                                             delay after the disconnect (per cached MiB when
                                                             the sizes differ), p99, lost reports; exit 3 when
                                                             one is worse by more than PCT (default 10)
            """;
    static final double MAX_TOLERANCE_PCT = 1000;

    private final PrintStream out;

    CompareVerb(PrintStream out) {
        this.out = out;
    }

    int run(List<String> args) throws Cli.UsageException, InputException, IOException {
        Cli.Args a = new Cli.Args("compare", args, List.of("--workspace", "--baseline", "--tolerance", "--junit"),
                List.of("--json"));
        if (a.help) {
            out.print(Cli.USAGE);
            return Cli.OK;
        }
        if (a.positional.isEmpty()) {
            throw new Cli.UsageException("no EXPERIMENT given");
        }
        String baselineArg = a.option("--baseline");
        if (baselineArg == null) {
            throw new Cli.UsageException("--baseline EXPERIMENT|FOLDER is required");
        }
        RegressionCheck check = new RegressionCheck(tolerance(a.option("--tolerance")));
        Workspace ws = Cli.workspace(a);
        List<ExperimentFolder> baselineFolders = baselineFolders(ws, baselineArg);
        List<LoadedExperiment> all = new ArrayList<>();
        for (ExperimentFolder f : baselineFolders) {
            all.add(ExperimentLoader.load(f));
        }
        for (String target : a.positional) {
            all.add(ExperimentLoader.load(ws.find(target).orElseThrow(
                    () -> new InputException(Path.of(target), 0, "no such experiment folder or experiment id"))));
        }
        Comparison comparison = Comparison.of(all);
        int nBase = baselineFolders.size();
        List<RegressionFigures> base = new ArrayList<>();
        for (int i = 0; i < nBase; i++) {
            base.add(figures(comparison, i));
        }
        RegressionFigures baseline = nBase == 1 ? base.get(0)
                : RegressionFigures.median("the median of " + nBase + " experiments in " + baselineArg, base);
        List<RunRegression> runs = new ArrayList<>();
        for (int i = nBase; i < all.size(); i++) {
            runs.add(check.check(baseline, figures(comparison, i), all.get(i).folder().dir()));
        }
        RegressionReport report = new RegressionReport(baseline,
                baselineFolders.stream().map(ExperimentFolder::dir).toList(), check.tolerance(), runs);
        String junit = a.option("--junit");
        if (junit != null) {
            writeJUnit(Path.of(junit), report);
        }
        if (a.flag("--json")) {
            out.print(RegressionJson.toJson(report));
        } else {
            out.println("baseline: " + baseline.label());
            for (RunRegression r : runs) {
                out.println((r.regressed() ? "REGRESSED " : "ok ") + r.summary());
            }
            out.printf(Locale.ROOT, "%d of %d regressed beyond %s %%%n", runs.stream()
                    .filter(RunRegression::regressed).count(), runs.size(),
                    new BigDecimal(Double.toString(check.tolerance() * 100)).stripTrailingZeros().toPlainString());
        }
        return report.regressed() ? ExitCodes.LIMIT_EXCEEDED : ExitCodes.OK;
    }

    /** A case per experiment and figure, failed when it regressed; the baseline's figures as suite properties. */
    private static void writeJUnit(Path file, RegressionReport report) throws IOException {
        List<JUnitCase> cases = new ArrayList<>();
        for (RunRegression r : report.runs()) {
            String className = "wqlab.compare." + r.experiment().getFileName();
            for (MetricChange c : r.changes()) {
                cases.add(c.regressed()
                        ? new JUnitCase(className, c.metric(), 0, "regressed: " + c.text(), null, c.text() + "\n")
                        : JUnitCase.passed(className, c.metric(), 0, c.text() + "\n"));
            }
        }
        Map<String, String> properties = new LinkedHashMap<>();
        RegressionFigures b = report.baseline();
        properties.put("baseline", b.label());
        properties.put("baselineWorstAfterDisconnectUs", Long.toString(b.worstAfterDisconnectUs()));
        properties.put("baselineP99Us", Long.toString(b.p99Us()));
        properties.put("baselineLostReports", Long.toString(b.lostReports()));
        properties.put("baselineCopiedCachedKb", Long.toString(b.copiedCachedKb()));
        properties.put("tolerancePct", Double.toString(report.tolerance() * 100));
        JUnitXml.write(file, "wqlab compare", properties, cases);
    }

    private static RegressionFigures figures(Comparison c, int i) {
        return RegressionFigures.of(c.labels().get(i), c.statistics().get(i), c.experiments().get(i).folder().dir());
    }

    /** One experiment, or every experiment of a folder that is not one itself. */
    private static List<ExperimentFolder> baselineFolders(Workspace ws, String arg) throws InputException,
            IOException {
        Path p = Path.of(arg);
        if (Files.isDirectory(p) && !Files.exists(p.resolve(ExperimentFolder.METADATA))
                && !Files.exists(p.resolve(ExperimentFolder.KERNEL_LOG))) {
            List<ExperimentFolder> inside = new Workspace(p).experiments();
            if (inside.isEmpty()) {
                throw new InputException(p, 0, "--baseline: the folder holds no experiment");
            }
            return inside;
        }
        return List.of(ws.find(arg).orElseThrow(
                () -> new InputException(p, 0, "--baseline: no such experiment folder, experiment id or folder")));
    }

    private static double tolerance(String pct) throws Cli.UsageException {
        if (pct == null) {
            return RegressionCheck.DEFAULT_TOLERANCE;
        }
        double v;
        try {
            v = Double.parseDouble(pct.endsWith("%") ? pct.substring(0, pct.length() - 1) : pct);
        } catch (NumberFormatException e) {
            v = -1;
        }
        if (!(v >= 0 && v <= MAX_TOLERANCE_PCT)) {
            throw new Cli.UsageException("--tolerance: '" + pct + "' must be a percentage from 0 to "
                    + (int) MAX_TOLERANCE_PCT);
        }
        return v / 100;
    }
}
