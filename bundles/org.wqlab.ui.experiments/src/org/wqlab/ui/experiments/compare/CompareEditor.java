package org.wqlab.ui.experiments.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.live.ExperimentSeries;
import org.wqlab.report.Comparison;
import org.wqlab.report.Units;
import org.wqlab.ui.experiments.ExperimentIds;
import org.wqlab.ui.experiments.ReadOnlyEditor;
import org.wqlab.ui.experiments.editor.WhatIfPanel;
import org.wqlab.ui.experiments.export.EditorMenus;
import org.wqlab.ui.experiments.model.DelayText;
import org.wqlab.ui.plot.ComparedExperiment;
import org.wqlab.ui.plot.ComparisonChart;
import org.wqlab.ui.plot.ComparisonSeries;

/**
 * Two or more experiments side by side: their delays overlaid and aligned on the USB disconnect (t = 0) in
 * org.wqlab.ui.plot's {@link ComparisonChart} (the experiment editor's chart: per-pixel min/max frames, wheel, drag
 * and keys), a table of worst delay, p99, count, kernel, config and cached size, and the verdict (the Overlay tab);
 * the What if tab ({@link WhatIfPanel}) fits a simulated twin to the compared runs and predicts beside them. The model
 * is the report bundle's {@link Comparison}; loading (and the chart's series) runs in a Job.
 */
public final class CompareEditor extends ReadOnlyEditor<CompareEditorInput> {

    public CompareEditor() {
        super(CompareEditorInput.class, "a comparison");
    }
    static final String[] HEADERS = { "Experiment", "Date (UTC)", "Board", "Kernel", "Config", "Cached", "Reports",
            "Worst", "p99", "Worst after disconnect", "Status" };
    static final int[] WIDTHS = { 150, 150, 130, 150, 210, 80, 70, 90, 80, 170, 90 };

    private Composite root;
    private Label verdict;
    private Label explanation;
    private ComparisonChart chart;
    private Table table;
    private WhatIfPanel whatIf;
    private volatile Comparison comparison;
    private volatile String loadError;

    /** The comparison shown, or null while loading. */
    public Comparison comparison() {
        return comparison;
    }

    public String loadError() {
        return loadError;
    }

    public ComparisonChart chart() {
        return chart;
    }

    public Table table() {
        return table;
    }

    /** The What if tab: a twin fitted to the compared runs, its prediction beside each one's measured worst. */
    public WhatIfPanel whatIf() {
        return whatIf;
    }

    public Label verdict() {
        return verdict;
    }

    /** What explains the ranking, a line per experiment compared with the best (empty until loaded). */
    public Label explanation() {
        return explanation;
    }

    @Override
    protected void createPage(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().spacing(0, 4).applyTo(root);
        verdict = new Label(root, SWT.WRAP);
        verdict.setData(ExperimentIds.KEY, ExperimentIds.COMPARE_VERDICT);
        verdict.setFont(JFaceResources.getBannerFont());
        verdict.setText("Loading " + input().dirs().size() + " experiments ...");
        GridDataFactory.fillDefaults().grab(true, false).indent(6, 4).applyTo(verdict);
        explanation = new Label(root, SWT.WRAP);
        explanation.setData(ExperimentIds.KEY, ExperimentIds.COMPARE_EXPLANATION);
        GridDataFactory.fillDefaults().grab(true, false).indent(6, 0).hint(400, SWT.DEFAULT).applyTo(explanation);

        CTabFolder tabs = new CTabFolder(root, SWT.BOTTOM | SWT.FLAT);
        tabs.setData(ExperimentIds.KEY, ExperimentIds.COMPARE_TABS);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(tabs);
        SashForm sash = new SashForm(tabs, SWT.VERTICAL);
        chart = new ComparisonChart(sash, "Delay around the USB disconnect");
        chart.chart().setData(ExperimentIds.KEY, ExperimentIds.COMPARE_CHART);
        table = new Table(sash, SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL | SWT.MULTI);
        table.setData(ExperimentIds.KEY, ExperimentIds.COMPARE_TABLE);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        for (int i = 0; i < HEADERS.length; i++) {
            TableColumn c = new TableColumn(table, i >= 5 && i <= 9 ? SWT.RIGHT : SWT.LEFT);
            c.setText(HEADERS[i]);
            c.setWidth(WIDTHS[i]);
        }
        sash.setWeights(7, 3);
        tab(tabs, "Overlay", sash);
        whatIf = new WhatIfPanel(tabs);
        tab(tabs, "What if", whatIf.control());
        tabs.setSelection(0);
        EditorMenus.register(getSite(), ExperimentIds.COMPARE_MENU, chart.chart().getPlotArea().getControl(), table);
        load();
    }

    private static void tab(CTabFolder tabs, String title, Control control) {
        CTabItem item = new CTabItem(tabs, SWT.NONE);
        item.setText(title);
        item.setControl(control);
    }

    private void load() {
        Display display = root.getDisplay();
        List<Path> dirs = input().dirs();
        Job job = Job.create("Comparing " + dirs.size() + " experiments", (IProgressMonitor monitor) -> {
            try {
                List<LoadedExperiment> loaded = new ArrayList<>();
                for (Path dir : dirs) {
                    loaded.add(ExperimentLoader.load(new ExperimentFolder(dir)));
                }
                Comparison c = Comparison.of(loaded);
                ComparisonSeries overlay = overlay(c);
                display.asyncExec(() -> show(c, overlay));
            } catch (Exception e) {
                loadError = e.getMessage();
                display.asyncExec(() -> {
                    if (!root.isDisposed()) {
                        verdict.setText("Cannot compare: " + loadError);
                        verdict.setForeground(display.getSystemColor(SWT.COLOR_RED));
                    }
                });
            }
            return Status.OK_STATUS;
        });
        job.schedule();
    }

    /** Each experiment's series from its disconnect, named as the comparison names it. */
    private static ComparisonSeries overlay(Comparison c) {
        List<ComparedExperiment> compared = new ArrayList<>();
        for (int i = 0; i < c.experiments().size(); i++) {
            compared.add(new ComparedExperiment(c.labels().get(i), ExperimentSeries.of(c.experiments().get(i).content()),
                    c.alignmentUs().get(i), c.statistics().get(i).lateRunsOnly()));
        }
        return ComparisonSeries.of(compared);
    }

    private void show(Comparison c, ComparisonSeries overlay) {
        if (root.isDisposed()) {
            return;
        }
        verdict.setText(c.verdict());
        explanation.setText(String.join("\n", c.explanation()));
        chart.setSeries(overlay);
        for (var r : c.rows()) {
            TableItem item = new TableItem(table, SWT.NONE);
            item.setText(new String[] { r.name(), r.date(), r.board(), r.kernel(), r.config(),
                    r.cachedKb() < 0 ? "-" : Units.cached(r.cachedKb()), Long.toString(r.count()), DelayText.ms(r.worstUs()),
                    DelayText.ms(r.p99Us()), DelayText.ms(r.worstAfterDisconnectUs()), r.status() });
        }
        comparison = c;
        root.layout(true, true);
        List<WhatIfPanel.Shown> shown = new ArrayList<>();
        for (int i = 0; i < c.experiments().size(); i++) {
            shown.add(new WhatIfPanel.Shown(c.labels().get(i), c.experiments().get(i)));
        }
        whatIf.load(shown, WhatIfPanel.Fit.shownRuns());
    }

    @Override
    public void setFocus() {
        table.setFocus();
    }
}
