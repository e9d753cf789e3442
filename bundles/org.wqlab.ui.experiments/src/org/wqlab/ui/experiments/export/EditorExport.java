package org.wqlab.ui.experiments.export;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.wqlab.ui.experiments.compare.CompareEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.analysis.experiments.ExperimentDetails;

/**
 * An export of what the active experiment or compare editor shows; each is the handler of one command
 * ({@link EditorExportHandler}). The ones that need the loaded experiment or comparison wait for it.
 */
enum EditorExport {
    CHART_PNG("chartPng"),
    CSV("csv"),
    SVG("svg"),
    HTML("html"),
    TEXT("text"),
    OVERLAY_SVG("overlaySvg"),
    COMPARISON_CSV("comparisonCsv");

    private final String name;

    EditorExport(String name) {
        this.name = name;
    }

    static Optional<EditorExport> named(String data) {
        return Arrays.stream(values()).filter(e -> e.name.equals(data)).findFirst();
    }

    boolean canRun(IEditorPart editor) {
        return switch (this) {
            case CHART_PNG -> editor instanceof ExperimentEditor e && e.chart() != null
                    || editor instanceof CompareEditor c && c.chart() != null;
            case CSV -> editor instanceof ExperimentEditor e && e.details() != null;
            case SVG -> editor instanceof ExperimentEditor e && e.details() != null && e.chart().series() != null;
            case HTML, TEXT -> editor instanceof ExperimentEditor e && e.details() != null
                    || editor instanceof CompareEditor c && c.comparison() != null;
            case OVERLAY_SVG, COMPARISON_CSV -> editor instanceof CompareEditor c && c.comparison() != null;
        };
    }

    /** Runs the export to {@code file}, or to one the user chooses when null. */
    void run(IEditorPart editor, Shell shell, Path file) {
        if (editor instanceof ExperimentEditor e) {
            ExperimentDetails d = e.details();
            switch (this) {
                case CHART_PNG -> ExportActions.chartPng(shell, e.chart()::snapshot, e.input().getName(), file);
                case CSV -> ExportActions.exportCsv(shell, List.of(d.summary()), file);
                case SVG -> {
                    ShownPlot shown = ShownPlot.of(e);
                    ExportActions.plotSvg(shell, shown.plot(), shown.window(), e.input().getName(), file);
                }
                case HTML -> ExportActions.exportHtml(shell, List.of(d.summary()), file);
                case TEXT -> ExportActions.exportText(shell, List.of(d.summary()), file);
                default -> throw new IllegalStateException(this + " is not an experiment editor export");
            }
        } else if (editor instanceof CompareEditor c) {
            switch (this) {
                case CHART_PNG -> ExportActions.chartPng(shell, c.chart()::snapshot, "comparison", file);
                case HTML -> ExportActions.comparisonHtml(shell, c.comparison(), file);
                case TEXT -> ExportActions.comparisonText(shell, c.comparison(), file);
                case OVERLAY_SVG -> ExportActions.overlaySvg(shell, c.comparison(), c.chart().timeRange(), file);
                case COMPARISON_CSV -> ExportActions.comparisonCsv(shell, c.comparison(), file);
                default -> throw new IllegalStateException(this + " is not a compare editor export");
            }
        }
    }
}
