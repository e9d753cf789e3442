package org.wqlab.ui.experiments.editor;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.ui.plot.AttributionOverlay;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.palette.Palette;
import org.wqlab.core.palette.Rgb;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.HistogramBin;
import org.wqlab.core.stats.Statistics;
import org.wqlab.ui.experiments.ExperimentIds;
import org.wqlab.ui.experiments.ReadOnlyEditor;
import org.wqlab.ui.experiments.StatusIcons;
import org.wqlab.ui.experiments.export.EditorMenus;
import org.wqlab.ui.experiments.model.DelayText;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.analysis.experiments.ExperimentDetails;
import org.wqlab.ui.experiments.model.PlotData;

/**
 * One experiment: plot (delay vs time, disconnect markers, threshold), statistics, events, the raw log, board
 * facts, the sequence as run and the module's identity. Loaded in a Job; an interrupted experiment opens too,
 * under a banner that says so.
 */
public final class ExperimentEditor extends ReadOnlyEditor<ExperimentEditorInput> {

    public ExperimentEditor() {
        super(ExperimentEditorInput.class, "an experiment");
    }
    /** Buckets of the full-range plot: about two points per pixel of a wide screen. */
    static final int PLOT_BUCKETS = 2000;

    private Composite root;
    private Label banner;
    private Label verdict;
    private AttributionOverlay overlay;
    private CTabFolder tabs;
    private DelayChart chart;
    private WorkTimelineView timeline;
    private Table stats;
    private Table events;
    private RawLogView rawLog;
    private Table facts;
    private StyledText sequence;
    private StyledText module;
    private volatile ExperimentDetails details;
    private volatile String loadError;
    /** The banner around the experiment's name, kept so that a rename rewrites only the name. */
    private String bannerPrefix = "";
    private String bannerSuffix = "";
    private volatile String shownName;
    private final Runnable catalogChanged = this::catalogChanged;

    /** The loaded experiment, or null while loading (or when it failed: see {@link #loadError()}). */
    public ExperimentDetails details() {
        return details;
    }

    public String loadError() {
        return loadError;
    }

    public DelayChart chart() {
        return chart;
    }

    /** The Work items tab: what ran on each CPU, from trace.log. */
    public WorkTimelineView timeline() {
        return timeline;
    }

    /** The Raw log tab. */
    public RawLogView rawLog() {
        return rawLog;
    }

    public Label banner() {
        return banner;
    }

    /** The run's verdict (org.wqlab.analysis), shaded on the plot too. */
    public Label verdict() {
        return verdict;
    }

    @Override
    protected void createPage(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().spacing(0, 0).applyTo(root);
        banner = new Label(root, SWT.WRAP);
        banner.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_BANNER);
        banner.setText("Loading " + input().dir() + " ...");
        banner.setFont(JFaceResources.getBannerFont());
        GridDataFactory.fillDefaults().grab(true, false).indent(6, 4).applyTo(banner);
        verdict = AttributionOverlay.verdictLabel(root, null);
        GridDataFactory.fillDefaults().grab(true, false).indent(6, 2).applyTo(verdict);

        tabs = new CTabFolder(root, SWT.BOTTOM | SWT.FLAT);
        tabs.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_TABS);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(tabs);

        chart = new DelayChart(tabs, input().getName(), "board time (s)");
        chart.chart().setData(ExperimentIds.KEY, ExperimentIds.EDITOR_CHART);
        overlay = AttributionOverlay.attach(chart.chart(), null);
        tab("Plot", chart.chart());
        timeline = new WorkTimelineView(tabs);
        tab("Work items", timeline.control());
        stats = table(new String[] { "Statistic", "Value" }, new int[] { 260, 400 });
        stats.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_STATS);
        tab("Statistics", stats);
        events = table(new String[] { "Line", "Time (s)", "Event", "Subject", "Message" },
                new int[] { 70, 100, 150, 120, 600 });
        events.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_EVENTS);
        tab("Events", events);
        rawLog = new RawLogView(tabs);
        tab("Raw log", rawLog.control());
        facts = table(new String[] { "Board fact", "Value" }, new int[] { 220, 600 });
        tab("Board", facts);
        sequence = text();
        tab("Sequence as run", sequence);
        module = text();
        tab("Module", module);
        tabs.setSelection(0);
        contextMenu();
        WorkbenchServices.get(ExperimentCatalog.class).addListener(catalogChanged);
        root.addDisposeListener(e -> WorkbenchServices.get(ExperimentCatalog.class).removeListener(catalogChanged));
        load();
    }

    /** The name this editor shows (its title, banner and plot title); null until loaded. */
    public String shownName() {
        return shownName;
    }

    /** Runs on the catalog's scan thread: a rename anywhere (Experiments view, wqlab, a file edit) shows here. */
    private void catalogChanged() {
        if (shownName == null) {
            return;
        }
        Path dir = input().dir();
        WorkbenchServices.get(ExperimentCatalog.class).experiments().stream().filter(e -> e.dir().toAbsolutePath().normalize().equals(dir))
                .map(ExperimentSummary::name).filter(n -> !n.equals(shownName)).findFirst()
                .ifPresent(n -> root.getDisplay().asyncExec(() -> showName(n)));
    }

    private void showName(String name) {
        if (root.isDisposed()) {
            return;
        }
        shownName = name;
        setPartName(name);
        banner.setText(bannerPrefix + name + bannerSuffix);
        chart.chart().getTitle().setText(name);
        chart.chart().redraw();
    }

    private void contextMenu() {
        EditorMenus.register(getSite(), ExperimentIds.EDITOR_MENU, chart.chart().getPlotArea().getControl());
    }

    private void tab(String title, Control control) {
        CTabItem item = new CTabItem(tabs, SWT.NONE);
        item.setText(title);
        item.setControl(control);
    }

    private Table table(String[] headers, int[] widths) {
        Table t = new Table(tabs, SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL | SWT.MULTI);
        t.setHeaderVisible(true);
        t.setLinesVisible(true);
        for (int i = 0; i < headers.length; i++) {
            TableColumn c = new TableColumn(t, SWT.LEFT);
            c.setText(headers[i]);
            c.setWidth(widths[i]);
        }
        return t;
    }

    private StyledText text() {
        StyledText t = new StyledText(tabs, SWT.READ_ONLY | SWT.V_SCROLL | SWT.H_SCROLL);
        t.setFont(JFaceResources.getTextFont());
        return t;
    }

    private void load() {
        Display display = root.getDisplay();
        Job job = Job.create("Loading experiment " + input().getName(), (IProgressMonitor monitor) -> {
            try {
                ExperimentDetails d = ExperimentDetails.read(input().dir());
                PlotData plot = PlotData.of(d.loaded().content(), PLOT_BUCKETS);
                Analysis analysis = analysis(d.loaded().folder());
                display.asyncExec(() -> {
                    show(d, plot);
                    if (!root.isDisposed()) {
                        overlay.show(analysis);
                        timeline.load(AnalysisFiles.traceLog(d.loaded().folder()), analysis);
                        AttributionOverlay.setVerdict(verdict, analysis);
                    }
                });
            } catch (Exception e) {
                loadError = input().dir() + ": " + e.getMessage();
                display.asyncExec(this::showError);
            }
            return Status.OK_STATUS;
        });
        job.schedule();
    }

    /** The verdict written by the run; null for experiments without one (imported logs, older runs). */
    private static Analysis analysis(ExperimentFolder folder) {
        try {
            return AnalysisFiles.read(folder).orElse(null);
        } catch (InputException e) {
            return null;
        }
    }

    private void showError() {
        if (root.isDisposed()) {
            return;
        }
        banner.setText("Cannot open this experiment: " + loadError);
        banner.setForeground(root.getDisplay().getSystemColor(SWT.COLOR_RED));
        root.layout(true, true);
    }

    private void show(ExperimentDetails d, PlotData plot) {
        if (root.isDisposed()) {
            return;
        }
        var m = d.loaded().metadata();
        Statistics s = d.stats();
        setTitleImage(StatusIcons.of(m.status()));
        String status = DelayText.status(m.status());
        StringBuilder head = new StringBuilder();
        if (m.status() == ExperimentStatus.INTERRUPTED) {
            head.append("INTERRUPTED: this run did not finish; what was recorded is shown. ");
        } else if (m.status() == ExperimentStatus.FAILED) {
            head.append("FAILED: ");
        }
        bannerPrefix = head.toString();
        head = new StringBuilder();
        head.append("  |  ").append(status).append("  |  worst ")
                .append(DelayText.ms(d.summary().worstUs())).append("  |  ").append(s.count())
                .append(s.count() == 1 ? " report" : " reports").append(s.lateRunsOnly() ? " (late runs only)" : "")
                .append("  |  ")
                .append(DelayText.date(m.created()));
        bannerSuffix = head.toString();
        banner.setToolTipText(m.notes());
        if (m.status() != ExperimentStatus.COMPLETED) {
            banner.setBackground(new Color(252, 233, 79));
        }

        showName(m.name());
        if (!plot.timed()) {
            chart.chart().getAxisSet().getXAxis(0).getTitle().setText("report number");
        }
        for (PlotData.CpuSeries cs : plot.series()) {
            chart.addSeries(cs.label(), cs.x(), cs.delayMs(), s.lateRunsOnly());
        }
        List<DelayChart.Marker> markers = new ArrayList<>();
        for (PlotData.EventMarker e : plot.markers()) {
            markers.add(new DelayChart.Marker(e.x(), e.label(), colour(e.kind())));
        }
        chart.setMarkers(markers);
        chart.setThresholdMs(s.thresholdUs() / 1000.0);
        chart.fit();

        fillStats(s);
        fillEvents(d.loaded().content().events());
        rawLog.show(d.loaded().folder().kernelLog());
        for (Map.Entry<String, String> f : m.boardFacts().entrySet()) {
            row(facts, f.getKey(), f.getValue());
        }
        if (m.boardFacts().isEmpty()) {
            row(facts, "(none recorded)", "an imported log has no board facts");
        }
        sequence.setText((m.sequence().isEmpty() ? "(no sequence: imported log)\n" : m.sequence())
                + (d.runRecord().isEmpty() ? "" : "\n\n--- run record (" + ExperimentDetails.RUN_FILE + ") ---\n"
                        + d.runRecord()));
        module.setText(d.moduleIdentity());
        details = d;
        root.layout(true, true);
    }

    private void fillStats(Statistics s) {
        row(stats, "reports", Long.toString(s.count()));
        row(stats, "worst delay", DelayText.ms(s.maxUs()));
        row(stats, "mean", String.format(Locale.ROOT, "%.1f ms", s.meanUs() / 1000.0));
        row(stats, "p50 / p90 / p99 / p99.9", DelayText.ms(s.p50Us()) + " / " + DelayText.ms(s.p90Us()) + " / "
                + DelayText.ms(s.p99Us()) + " / " + DelayText.ms(s.p999Us()));
        row(stats, "smallest", DelayText.ms(s.minUs()));
        row(stats, "threshold", DelayText.ms(s.thresholdUs()) + (s.thresholdFromLog() ? " (from the log)" : " (default)"));
        row(stats, "distribution", s.lateRunsOnly() ? "late runs only (classic module or report_all=0)" : "all runs");
        row(stats, "lost reports", Long.toString(s.lostReports()));
        int n = 1;
        for (DisconnectImpact di : s.disconnects()) {
            row(stats, "disconnect " + n + " (" + di.device() + ", line " + di.line() + ")",
                    "worst " + (di.worstDelayUs() == null ? "-" : DelayText.ms(di.worstDelayUs())) + ", recovery "
                            + (di.recoveryUs() == null ? "unknown" : DelayText.ms(di.recoveryUs())) + " ("
                            + di.recoveryBasis() + ")");
            n++;
        }
        for (HistogramBin b : s.histogram()) {
            if (b.count() > 0) {
                row(stats, "histogram " + DelayText.ms(b.fromUs()) + " .. " + DelayText.ms(b.toUs()), Long.toString(b.count()));
            }
        }
    }

    private void fillEvents(List<Event> list) {
        for (Event e : list) {
            TableItem item = new TableItem(events, SWT.NONE);
            item.setText(new String[] { Long.toString(e.line()),
                    e.timestampUs() == LogEntry.NO_TIME ? "" : String.format(Locale.ROOT, "%.6f", e.timestampUs() / 1e6),
                    e.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '), e.subject(), e.message() });
        }
    }

    private static void row(Table t, String key, String value) {
        TableItem item = new TableItem(t, SWT.NONE);
        item.setText(new String[] { key, value });
    }

    static Rgb colour(EventKind kind) {
        return switch (kind) {
            case USB_DISCONNECT -> Palette.USB_DISCONNECT;
            case USB_CONNECT -> Palette.USB_CONNECT;
            case MODULE_START, MODULE_STOP -> Palette.MODULE_EVENT;
            case WORKQUEUE_HOG, WORKQUEUE_LOCKUP -> Palette.WORKQUEUE_WARNING;
            case MARK -> Palette.MARK;
        };
    }

    @Override
    public void setFocus() {
        tabs.setFocus();
    }
}
