package org.wqlab.ui.experiments.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.jface.action.IStatusLineManager;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IViewSite;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.report.Comparison;
import org.wqlab.report.export.CsvExport;
import org.wqlab.report.export.ReportFiles;
import org.wqlab.report.svg.Charts;
import org.wqlab.report.svg.DelayPlot;
import org.wqlab.report.svg.PlotWindow;
import org.wqlab.analysis.experiments.ExperimentSummary;

/**
 * The exports behind the experiments UI's export commands: CSV, PNG of a chart as drawn, SVG, a self-contained HTML
 * report and a plain-text report (the report bundle makes the files). The file is chosen on the UI thread; what
 * reads experiments or writes files runs in a Job. Once written, the status line of the part exported from says
 * "Exported WHAT to PATH" with an Open link ({@link ExportStatus}).
 */
public final class ExportActions {

    private ExportActions() {
    }

    /** PNG of the chart as drawn now, to {@code given} or (when null) a file the user chooses. */
    public static void chartPng(Shell shell, Supplier<ImageData> chart, String baseName, Path given) {
        Path file = given != null ? given : choose(shell, safe(baseName) + ".png", "*.png");
        if (file != null) {
            savePng(chart.get(), file);
            ExportStatus.show(statusLineOf(shell), "chart PNG", file);
        }
    }

    /** SVG of the experiment editor's plot as it shows it now ({@code window}), to {@code given} or a chosen file. */
    public static void plotSvg(Shell shell, DelayPlot plot, PlotWindow window, String baseName, Path given) {
        save(shell, safe(baseName) + ".svg", "*.svg", given, "delay chart SVG",
                file -> ReportFiles.writeSvg(file, plot.svg(Charts.DELAY_ID, window)));
    }

    /** CSV of the first selected experiment's samples and events (the Experiments view's Export menu). */
    public static void exportCsv(Shell shell, List<ExperimentSummary> selected) {
        exportCsv(shell, selected, null);
    }

    /** As {@link #exportCsv(Shell, List)}, to {@code given} when not null. */
    public static void exportCsv(Shell shell, List<ExperimentSummary> selected, Path given) {
        first(shell, selected, "csv", given, "samples and events CSV",
                (loaded, file) -> CsvExport.write(file, loaded.content()));
    }

    /** SVG of the first selected experiment's delay chart. */
    public static void exportSvg(Shell shell, List<ExperimentSummary> selected) {
        first(shell, selected, "svg", null, "delay chart SVG", (loaded, file) -> ReportFiles.writeSvg(file, Charts.delayVsTime(loaded,
                StatisticsCalculator.compute(loaded.content()), Charts.DELAY_ID)));
    }

    /** The HTML report of the selection: one experiment's report, or a comparison of several. */
    public static void exportHtml(Shell shell, List<ExperimentSummary> selected) {
        exportHtml(shell, selected, null);
    }

    /** As {@link #exportHtml(Shell, List)}, to {@code given} when not null. */
    public static void exportHtml(Shell shell, List<ExperimentSummary> selected, Path given) {
        report(shell, selected, "html", given, "HTML report", ReportFiles::writeHtml);
    }

    /** The plain-text report (for mail) of the selection. */
    public static void exportText(Shell shell, List<ExperimentSummary> selected) {
        exportText(shell, selected, null);
    }

    /** As {@link #exportText(Shell, List)}, to {@code given} when not null. */
    public static void exportText(Shell shell, List<ExperimentSummary> selected, Path given) {
        report(shell, selected, "txt", given, "text report", ReportFiles::writeText);
    }

    /** An open comparison's HTML report, to {@code given} or (when null) a file the user chooses. */
    public static void comparisonHtml(Shell shell, Comparison c, Path given) {
        save(shell, "comparison.html", "*.html", given, "comparison HTML report", file -> ReportFiles.writeHtml(file, c));
    }

    /** An open comparison's plain-text report (for mail). */
    public static void comparisonText(Shell shell, Comparison c, Path given) {
        save(shell, "comparison.txt", "*.txt", given, "comparison text report", file -> ReportFiles.writeText(file, c));
    }

    /** An open comparison's overlay as SVG. */
    /** The overlay over the window the compare editor shows ({@code range}: from, to in seconds from the pull). */
    public static void overlaySvg(Shell shell, Comparison c, double[] range, Path given) {
        save(shell, "comparison.svg", "*.svg", given, "comparison overlay SVG",
                file -> ReportFiles.writeSvg(file, Charts.overlay(c, Charts.OVERLAY_ID, range[0], range[1])));
    }

    /** An open comparison's table as CSV. */
    public static void comparisonCsv(Shell shell, Comparison c, Path given) {
        save(shell, "comparison.csv", "*.csv", given, "comparison table CSV", file -> ComparisonCsv.write(c, file));
    }

    public static void savePng(ImageData image, Path file) {
        ImageLoader loader = new ImageLoader();
        loader.data = new ImageData[] { image };
        loader.save(file.toString(), SWT.IMAGE_PNG);
    }

    /** Loads the experiments (off the UI thread) for the exports and tests. */
    public static List<LoadedExperiment> load(List<ExperimentSummary> experiments) throws IOException {
        List<LoadedExperiment> out = new ArrayList<>();
        for (ExperimentSummary s : experiments) {
            try {
                out.add(ExperimentLoader.load(new ExperimentFolder(s.dir())));
            } catch (InputException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        return out;
    }

    interface ToFile {
        void write(Path file) throws IOException;
    }

    interface OfOne {
        void write(LoadedExperiment loaded, Path file) throws IOException;
    }

    interface OfComparison {
        void write(Path file, Comparison c) throws IOException;
    }

    private static void first(Shell shell, List<ExperimentSummary> selected, String extension, Path given,
            String what, OfOne export) {
        if (selected.isEmpty()) {
            return;
        }
        ExperimentSummary s = selected.get(0);
        save(shell, s.id() + "." + extension, "*." + extension, given, what,
                file -> export.write(load(List.of(s)).get(0), file));
    }

    private static void report(Shell shell, List<ExperimentSummary> selected, String extension, Path given,
            String what, OfComparison render) {
        List<ExperimentSummary> loadable = selected.stream().filter(ExperimentSummary::loaded).toList();
        if (loadable.isEmpty()) {
            return;
        }
        String name = loadable.size() == 1 ? loadable.get(0).id() : "comparison";
        save(shell, name + "." + extension, "*." + extension, given, what,
                file -> render.write(file, Comparison.of(load(loadable))));
    }

    /** Writes in a Job; when it is written, the status line of the part exported from says where it went. */
    private static void save(Shell shell, String suggested, String pattern, Path given, String what,
            ToFile export) {
        Path file = given != null ? given : choose(shell, suggested, pattern);
        if (file == null) {
            return;
        }
        IStatusLineManager statusLine = statusLineOf(shell);
        Display display = shell.getDisplay();
        String name = "Exporting " + file;
        Job job = Job.create(name, monitor -> {
            try {
                export.write(file);
                display.asyncExec(() -> ExportStatus.show(statusLine, what, file));
                return Status.OK_STATUS;
            } catch (IOException | RuntimeException e) {
                return Status.error(name + ": " + e.getMessage(), e);
            }
        });
        job.setUser(true);
        job.schedule();
    }

    /**
     * Where to say what was exported: the status line of the active editor of {@code shell}'s workbench window
     * (its items stay shown while a view is active, and the editor exports run for the active editor), else of the
     * active part (the Experiments view); null when there is neither.
     */
    private static IStatusLineManager statusLineOf(Shell shell) {
        for (IWorkbenchWindow w : PlatformUI.getWorkbench().getWorkbenchWindows()) {
            IWorkbenchPage page = w.getShell() == shell ? w.getActivePage() : null;
            if (page == null) {
                continue;
            }
            if (page.getActiveEditor() != null) {
                return page.getActiveEditor().getEditorSite().getActionBars().getStatusLineManager();
            }
            if (page.getActivePart() != null && page.getActivePart().getSite() instanceof IViewSite site) {
                return site.getActionBars().getStatusLineManager();
            }
        }
        return null;
    }

    private static String safe(String name) {
        String s = name.replaceAll("[^A-Za-z0-9._-]+", "-");
        return s.isEmpty() ? "chart" : s;
    }

    private static Path choose(Shell shell, String suggested, String pattern) {
        FileDialog d = new FileDialog(shell, SWT.SAVE);
        d.setFileName(suggested);
        d.setFilterExtensions(new String[] { pattern, "*" });
        d.setOverwrite(true);
        String f = d.open();
        return f == null ? null : Path.of(f);
    }
}
