package org.wqlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.report.Comparison;
import org.wqlab.report.export.ReportFiles;
import org.wqlab.report.export.TextReport;

/**
 * {@code wqlab report EXPERIMENT... --html FILE | --text [--workspace DIR]}: one experiment's report, or a
 * comparison of several, as a self-contained HTML file or as plain text on standard output (for a mail to a kernel
 * mailing list).
 */
final class ReportVerb {

    private final PrintStream out;

    ReportVerb(PrintStream out) {
        this.out = out;
    }

    int run(List<String> args) throws Cli.UsageException, InputException, IOException {
        Cli.Args a = new Cli.Args("report", args, List.of("--workspace", "--html"), List.of("--text"));
        if (a.help) {
            out.print(Cli.USAGE);
            return Cli.OK;
        }
        if (a.positional.isEmpty()) {
            throw new Cli.UsageException("no EXPERIMENT given");
        }
        String html = a.option("--html");
        boolean text = a.flag("--text");
        if ((html == null) == !text) {
            throw new Cli.UsageException(text ? "give either --html FILE or --text, not both"
                    : "--html FILE or --text is required");
        }
        List<LoadedExperiment> experiments = new ArrayList<>();
        for (String target : a.positional) {
            experiments.add(ExperimentLoader.load(resolve(a, target)));
        }
        Comparison comparison = Comparison.of(experiments);
        if (text) {
            out.print(TextReport.of(comparison));
            return Cli.OK;
        }
        Path file = Path.of(html);
        if (Files.isDirectory(file)) {
            throw new InputException(file, 0, "--html: is a directory, expected a file name");
        }
        ReportFiles.writeHtml(file, comparison);
        out.println("wrote " + file + " (" + experiments.size() + (experiments.size() == 1 ? " experiment" :
                " experiments") + "): " + comparison.verdict());
        return Cli.OK;
    }

    /** An experiment folder, or an experiment id in the workspace. */
    private static ExperimentFolder resolve(Cli.Args a, String target) throws InputException {
        return Cli.workspace(a).find(target).orElseThrow(
                () -> new InputException(Path.of(target), 0, "no such experiment folder or experiment id"));
    }
}
