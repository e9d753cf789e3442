package org.wqlab.ui.experiments.export;

import java.util.List;

import org.eclipse.swt.graphics.Point;
import org.eclipse.swtchart.Range;
import org.wqlab.analysis.StallShade;
import org.wqlab.report.svg.DelayPlot;
import org.wqlab.report.svg.PlotWindow;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.plot.ExperimentChart;

/**
 * The experiment editor's plot as shown now, as values for the headless SVG writer: the time window the user
 * zoomed to, the delay range, log Y, the time cursor and the chart's size; the series, threshold and attribution
 * shading the plot draws.
 */
record ShownPlot(DelayPlot plot, PlotWindow window) {

    /** UI thread; the editor has loaded. */
    static ShownPlot of(ExperimentEditor editor) {
        ExperimentChart chart = editor.chart();
        double[] time = chart.timeRange();
        Range delay = chart.chart().getAxisSet().getYAxis(0).getRange();
        Point size = chart.chart().getSize();
        PlotWindow window = new PlotWindow(time[0], time[1], delay.lower, delay.upper, chart.isLogY(),
                chart.cursor(), size.x, size.y);
        List<StallShade> shades = editor.analysis() == null ? List.of() : StallShade.of(editor.analysis());
        DelayPlot plot = new DelayPlot(chart.chart().getTitle().getText(), chart.series(),
                chart.series().thresholdUs(), shades);
        return new ShownPlot(plot, window);
    }
}
