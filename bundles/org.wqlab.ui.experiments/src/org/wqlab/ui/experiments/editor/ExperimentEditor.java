package org.wqlab.ui.experiments.editor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.stream.Collectors;

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
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.experiments.BoardFactNames;
import org.wqlab.analysis.experiments.ExperimentDetails;
import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.core.model.Event;
import org.wqlab.core.samples.Boots;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.ImportSource;
import org.wqlab.core.model.InputException;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.HistogramBin;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.live.BootView;
import org.wqlab.live.ExperimentSeries;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.experiments.ExperimentIds;
import org.wqlab.ui.experiments.LimitsText;
import org.wqlab.ui.experiments.OutcomeColors;
import org.wqlab.ui.experiments.ReadOnlyEditor;
import org.wqlab.ui.experiments.StatusIcons;
import org.wqlab.ui.experiments.export.EditorMenus;
import org.wqlab.ui.experiments.model.DelayText;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.ui.plot.AttributionOverlay;
import org.wqlab.ui.plot.ExperimentChart;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.plot.PlotLegend;

/**
 * One experiment: the verdict, the plot (the zoomable delay chart of org.wqlab.ui.plot with markers, threshold,
 * attribution shading and a legend), the work-item timeline, where the worst delay went, statistics, events, the raw log, board facts, the
 * sequence as run and the module's identity; plot, events and raw log share a time cursor. Loaded in a Job; an
 * interrupted experiment opens too, under a banner that says so. A log of several boots shows one boot at a time
 * (the last at first, as {@code wqlab stats}' top-level figures): a Boot selector above the tabs picks it, and the
 * plot, the statistics and the events follow it.
 */
public final class ExperimentEditor extends ReadOnlyEditor<ExperimentEditorInput> {
    /** When the Raw log is indexed though the plot has painted nothing yet. */
    private static final int RAW_LOG_AT_THE_LATEST_MS = 5_000;

    public ExperimentEditor() {
        super(ExperimentEditorInput.class, "an experiment");
    }
    private Composite root;
    private Label banner;
    private Label verdict;
    private Label limits;
    private AttributionOverlay overlay;
    private CTabFolder tabs;
    private Composite bootRow;
    private Combo bootSelector;
    /** The log's boots when it holds several (else empty); UI thread. */
    private List<Boots.Boot> boots = List.of();
    private volatile BootView shownBoot;
    private ExperimentChart chart;
    private TimeCursor cursor;
    private CTabItem rawLogTab;
    private WorkTimelineView timeline;
    private DelayBreakdownView breakdown;
    private Table stats;
    private Table events;
    private RawLogView rawLog;
    /** The Source tab's view, when the experiment keeps the file its import converted; else null. UI thread. */
    private RawLogView source;
    private CTabItem sourceTab;
    private boolean sourceShown;
    private Table facts;
    private StyledText sequenceAsRun;
    private StyledText sequenceAsWritten;
    private Label sequenceVariables;
    private StyledText module;
    private WhatIfPanel whatIf;
    private volatile ExperimentDetails details;
    private volatile Analysis analysis;
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

    /** The run's analysis (verdict and attribution, shaded on the plot), or null: none, or not loaded yet. */
    public Analysis analysis() {
        return analysis;
    }

    /** The Boot selector: one entry per boot; hidden when the log holds one boot. */
    public Combo bootSelector() {
        return bootSelector;
    }

    /** The boot the plot, statistics and events show; null when the log holds one boot (or is not loaded yet). */
    public BootView shownBoot() {
        return shownBoot;
    }

    public String loadError() {
        return loadError;
    }

    /** The plot: the one zoomable delay chart of org.wqlab.ui.plot. */
    public ExperimentChart chart() {
        return chart;
    }

    /** The Work items tab: what ran on each CPU, from trace.log. */
    public WorkTimelineView timeline() {
        return timeline;
    }

    /** The Where it went tab's headline: the worst delay's explained share and its parts in a sentence. */
    public Label breakdownHeadline() {
        return breakdown.headline();
    }

    /** The Sequence as run tab's left pane: the sequence with the run's variables resolved, then run.json. */
    public StyledText sequenceAsRun() {
        return sequenceAsRun;
    }

    /** The Board tab: the facts the run recorded, in words. */
    public Table boardFacts() {
        return facts;
    }

    /** The What if tab: predictions of a simulated twin of the board, beside this run. */
    public WhatIfPanel whatIf() {
        return whatIf;
    }

    /** The Raw log tab. */
    public RawLogView rawLog() {
        return rawLog;
    }

    /**
     * The Source tab: the file the experiment was imported from, as it was (a LAVA job log with the dispatcher's and
     * the test shell's lines); null when there is none beside the kernel log (a run, a log copied unchanged).
     */
    public RawLogView source() {
        return source;
    }

    /** Selects the Source tab and shows its file (read once, when first asked). */
    public void showSourceTab() {
        if (sourceTab != null) {
            tabs.setSelection(sourceTab);
            showSourceOnce();
        }
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

        bootRow = bootRow(root);

        tabs = new CTabFolder(root, SWT.BOTTOM | SWT.FLAT);
        tabs.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_TABS);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(tabs);

        // the plot takes the tab's whole height; the verdict and the legend stand beside it
        SashForm plotTab = new SashForm(tabs, SWT.HORIZONTAL);
        Composite plotSide = new Composite(plotTab, SWT.NONE);
        GridLayoutFactory.fillDefaults().spacing(0, 0).applyTo(plotSide);
        Composite plotBar = plotBar(plotSide);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(plotBar);
        chart = new ExperimentChart(plotSide, input().getName());
        chart.chart().setData(ExperimentIds.KEY, ExperimentIds.EDITOR_CHART);
        chart.chart().getLegend().setPosition(SWT.RIGHT);
        chart.chart().getTitle().setVisible(false); // the banner above names the experiment
        GridDataFactory.fillDefaults().grab(true, true).applyTo(chart.control());
        ScrolledComposite scroll = new ScrolledComposite(plotTab, SWT.V_SCROLL);
        Composite verdictSide = new Composite(scroll, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(6, 4).applyTo(verdictSide);
        limits = new Label(verdictSide, SWT.WRAP);
        limits.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_LIMITS);
        GridDataFactory.fillDefaults().grab(true, false).exclude(true).applyTo(limits);
        limits.setVisible(false);
        verdict = verdictRow(verdictSide);
        Composite legend = PlotLegend.column(verdictSide);
        GridDataFactory.fillDefaults().grab(true, false).indent(0, 8).applyTo(legend);
        ScrollingColumn.attach(scroll, verdictSide);
        plotTab.setWeights(74, 26);
        overlay = AttributionOverlay.attach(chart.chart(), null);
        tab("Plot", plotTab);
        timeline = new WorkTimelineView(tabs);
        CTabItem timelineTab = tab("Work items", timeline.control());
        linkRanges(timelineTab);
        breakdown = new DelayBreakdownView(tabs);
        tab("Where it went", breakdown.control());
        stats = table(new String[] { "Statistic", "Value" }, new int[] { 260, 400 });
        stats.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_STATS);
        tab("Statistics", stats);
        events = table(new String[] { "Line", "Time (s)", "Event", "Subject", "Message" },
                new int[] { 70, 100, 150, 120, 600 });
        events.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_EVENTS);
        tab("Events", events);
        rawLog = new RawLogView(tabs);
        rawLogTab = tab("Raw log", rawLog.control());
        cursor = new TimeCursor(chart, events, rawLog, () -> tabs.setSelection(rawLogTab));
        facts = table(new String[] { "Board fact", "Value" }, new int[] { 220, 600 });
        tab("Board", facts);
        tab("Sequence as run", sequencePanes());
        module = text();
        tab("Module", module);
        whatIf = new WhatIfPanel(tabs);
        tab("What if", whatIf.control());
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

    private CTabItem tab(String title, Control control) {
        CTabItem item = new CTabItem(tabs, SWT.NONE);
        item.setText(title);
        item.setControl(control);
        return item;
    }

    /**
     * The Work items timeline shows the plot's time window; zooming or panning the timeline while its tab is shown
     * moves the plot's window too (both in board time: the trace and the kernel log share the board's clock).
     */
    private void linkRanges(CTabItem timelineTab) {
        chart.addFrameListener(f -> {
            long from = Math.round(f.fromSeconds() * 1e6);
            long to = Math.round(f.toSeconds() * 1e6);
            if (timeline.rows() != null && (from != timeline.fromUs() || to != timeline.toUs())) {
                timeline.setRange(from, to);
            }
        });
        timeline.addRangeListener((from, to) -> {
            if (tabs.getSelection() != timelineTab) {
                return; // the plot moved it, or it loaded
            }
            double[] shown = chart.timeRange();
            if (Math.round(shown[0] * 1e6) != from || Math.round(shown[1] * 1e6) != to) {
                chart.showRange(from / 1e6, to / 1e6);
            }
        });
    }

    /** "Boot: [Boot 3 of 3 (...)]", excluded from the layout until a log of several boots is loaded. */
    private Composite bootRow(Composite parent) {
        Composite row = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(3).margins(6, 2).applyTo(row);
        GridDataFactory.fillDefaults().grab(true, false).exclude(true).applyTo(row);
        row.setVisible(false);
        Label title = new Label(row, SWT.NONE);
        title.setText("Boot:");
        bootSelector = new Combo(row, SWT.READ_ONLY | SWT.DROP_DOWN);
        bootSelector.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_BOOT);
        bootSelector.setToolTipText("This log holds several boots; the kernel's clock restarts at each, so the plot,"
                + " the statistics and the events show one boot at a time");
        bootSelector.addListener(SWT.Selection, e -> chooseBoot(bootSelector.getSelectionIndex()));
        Label hint = new Label(row, SWT.NONE);
        hint.setText("plot, statistics, events: this boot only");
        hint.setToolTipText("The raw log and the banner's figures hold every boot");
        hint.setForeground(row.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
        return row;
    }

    /** Computes the boot's figures off the UI thread (a pass over its samples), then shows them. */
    private void chooseBoot(int index) {
        if (index < 0 || index >= boots.size() || shownBoot != null && shownBoot.boot().number() == index + 1) {
            return;
        }
        Boots.Boot boot = boots.get(index);
        int count = boots.size();
        Display display = root.getDisplay();
        Job.create("Showing boot " + boot.number(), (IProgressMonitor monitor) -> {
            BootView view = BootView.of(boot, count);
            display.asyncExec(() -> showBoot(view));
            return Status.OK_STATUS;
        }).schedule();
    }

    private void showBoot(BootView view) {
        if (root.isDisposed()) {
            return;
        }
        chart.setSeries(view.series());
        stats.removeAll();
        fillStats(view.statistics());
        events.removeAll();
        List<Event> shown = view.boot().content().events();
        fillEvents(shown);
        cursor.show(shown, view.boot().content().samples(), view.series().timed());
        bootSelector.select(view.boot().number() - 1);
        shownBoot = view;
    }

    /** Go to worst, Show all, Log Y and what the mouse and keys do, above the plot. */
    private Composite plotBar(Composite parent) {
        Composite bar = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(4).margins(4, 2).applyTo(bar);
        Button worst = new Button(bar, SWT.PUSH);
        worst.setText("Go to worst");
        worst.setToolTipText("Centre the largest delay");
        worst.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_GO_TO_WORST);
        worst.addListener(SWT.Selection, e -> chart.goToWorst());
        Button all = new Button(bar, SWT.PUSH);
        all.setText("Show all");
        all.setToolTipText("The whole experiment (Home on the plot)");
        all.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_SHOW_ALL);
        all.addListener(SWT.Selection, e -> chart.showAll());
        Button logY = new Button(bar, SWT.CHECK);
        logY.setText("Log Y");
        logY.addListener(SWT.Selection, e -> chart.setLogY(logY.getSelection()));
        Label hint = new Label(bar, SWT.NONE);
        hint.setText("wheel zoom · drag pan · click: cursor · + − ← → Home");
        hint.setToolTipText("On the plot: the mouse wheel zooms time (Ctrl+wheel: delay), a drag pans, a click puts"
                + " the time cursor there (Events and Raw log follow), a double-click shows all; keys: + and - zoom,"
                + " the arrows pan, Home shows all");
        hint.setForeground(bar.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
        GridDataFactory.fillDefaults().grab(true, false).align(SWT.END, SWT.CENTER).applyTo(hint);
        return bar;
    }

    private void refitVerdictColumn() {
        Composite column = verdict.getParent().getParent();
        ScrollingColumn.fit((ScrolledComposite) column.getParent(), column);
        column.layout(true, true);
    }

    /** The outcome against the run's limits above the verdict: the overall word, then each limit; hidden without. */
    private void showLimits(ExperimentSummary summary) {
        String word = LimitsText.word(summary);
        boolean any = !word.isEmpty();
        ((GridData) limits.getLayoutData()).exclude = !any;
        limits.setVisible(any);
        if (any) {
            String details = summary.limitsProblem().isEmpty()
                    ? summary.judged().map(LimitsText::details).orElse("") : summary.limitsProblem();
            limits.setText("Limits: " + word.toUpperCase(java.util.Locale.ROOT) + "\n" + details);
            limits.setForeground(OutcomeColors.of(limits.getDisplay(), LimitsText.status(summary)));
        }
        refitVerdictColumn();
    }

    /** The verdict beside the plot, with a Hide / Show link that folds it to its headline's first line. */
    private Label verdictRow(Composite parent) {
        Composite row = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(row);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(row);
        Label label = AttributionOverlay.verdictLabel(row, null);
        Link fold = new Link(row, SWT.NONE);
        fold.setText("<a>Hide</a>");
        fold.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_VERDICT_FOLD);
        GridDataFactory.fillDefaults().align(SWT.END, SWT.BEGINNING).indent(0, 0).applyTo(fold);
        fold.addListener(SWT.Selection, e -> {
            GridData data = (GridData) label.getLayoutData();
            boolean folding = data.heightHint == SWT.DEFAULT;
            GC gc = new GC(label);
            try {
                data.heightHint = folding ? gc.getFontMetrics().getHeight() : SWT.DEFAULT;
            } finally {
                gc.dispose();
            }
            fold.setText(folding ? "<a>Show</a>" : "<a>Hide</a>");
            root.layout(true, true);
            refitVerdictColumn();
        });
        return label;
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

    /** The sequence with the run's variables resolved beside the text as written. */
    private Control sequencePanes() {
        SashForm sash = new SashForm(tabs, SWT.HORIZONTAL);
        Composite asRun = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(asRun);
        sequenceVariables = new Label(asRun, SWT.WRAP);
        sequenceVariables.setText("As run");
        GridDataFactory.fillDefaults().grab(true, false).indent(4, 2).applyTo(sequenceVariables);
        sequenceAsRun = text(asRun);
        sequenceAsRun.setData(ExperimentIds.KEY, ExperimentIds.EDITOR_SEQUENCE_AS_RUN);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sequenceAsRun);
        Composite asWritten = new Composite(sash, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(asWritten);
        Label title = new Label(asWritten, SWT.NONE);
        title.setText("As written");
        GridDataFactory.fillDefaults().grab(true, false).indent(4, 2).applyTo(title);
        sequenceAsWritten = text(asWritten);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(sequenceAsWritten);
        return sash;
    }

    private StyledText text() {
        return text(tabs);
    }

    private static StyledText text(Composite parent) {
        StyledText t = new StyledText(parent, SWT.READ_ONLY | SWT.V_SCROLL | SWT.H_SCROLL);
        t.setFont(JFaceResources.getTextFont());
        return t;
    }

    private void load() {
        Display display = root.getDisplay();
        Job job = Job.create("Loading experiment " + input().getName(), (IProgressMonitor monitor) -> {
            try {
                LoadedExperiment loaded = ExperimentLoader.load(new ExperimentFolder(input().dir()));
                // both read from samples.cache when it is valid; otherwise the plot's columns and the statistics
                // are passes over every sample: one on each core
                CompletableFuture<ExperimentSeries> series = CompletableFuture
                        .supplyAsync(() -> ExperimentSeries.of(loaded));
                ExperimentDetails d = ExperimentDetails.of(loaded);
                ExperimentSeries plot = series.join();
                List<Boots.Boot> bootList = BootView.boots(loaded.content());
                BootView lastBoot = bootList.size() > 1 ? BootView.of(bootList.getLast(), bootList.size()) : null;
                Analysis analysis = analysis(d.loaded().folder());
                Path sourceFile = keptSource(loaded);
                display.asyncExec(() -> {
                    show(d, plot, lastBoot == null ? List.of() : bootList, lastBoot);
                    if (sourceFile != null && sourceTab == null && !root.isDisposed()) {
                        addSourceTab(sourceFile, loaded.metadata().source());
                    }
                    if (!root.isDisposed()) {
                        this.analysis = analysis;
                        overlay.show(analysis);
                        timeline.load(AnalysisFiles.traceLog(d.loaded().folder()), analysis);
                        breakdown.show(analysis);
                        AttributionOverlay.setVerdict(verdict, analysis);
                        whatIf.load(List.of(new WhatIfPanel.Shown("this run", d.loaded())),
                                WhatIfPanel.Fit.boardOf(d.loaded().folder().dir().getParent()));
                        refitVerdictColumn();
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

    /** The file an import converted, kept beside the kernel log; null when there is none (or it is gone). */
    private static Path keptSource(LoadedExperiment loaded) {
        ImportSource kept = loaded.metadata().source();
        if (kept == null || kept.isKernelLog()) {
            return null;
        }
        return loaded.folder().sourceFile(kept).filter(Files::isRegularFile).orElse(null);
    }

    /**
     * The Source tab, right of the Raw log: the imported file line by line, read when the tab is first shown; a
     * Raw log row's "Show in Source" finds that kernel line among the file's (with the lines around it the kernel
     * log does not hold).
     */
    private void addSourceTab(Path file, ImportSource kept) {
        source = new RawLogView(tabs, kept.name() + ", as imported (" + kept.importer() + ")",
                "Search the source (Enter: next match)", ExperimentIds.EDITOR_SOURCE,
                ExperimentIds.EDITOR_SOURCE_SEARCH);
        sourceTab = new CTabItem(tabs, SWT.NONE, tabs.indexOf(rawLogTab) + 1);
        sourceTab.setText("Source");
        sourceTab.setToolTipText(file + " (" + kept.bytes() + " bytes): the file imported, with the lines the"
                + " kernel log does not hold");
        sourceTab.setControl(source.control());
        sourceTab.setData(file);
        tabs.addListener(SWT.Selection, e -> {
            if (e.item == sourceTab) {
                showSourceOnce();
            }
        });
        rawLog.addMenuItem("Show in &Source", () -> {
            long line = rawLog.selectedLine();
            if (line > 0) {
                showSourceTab();
                source.searchFromFirstLine(rawLog.recordedLine(line));
            }
        });
    }

    private void showSourceOnce() {
        if (!sourceShown) {
            sourceShown = true;
            source.show((Path) sourceTab.getData());
        }
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

    /** @param lastBoot the last boot's figures when the log holds several boots (then shown instead), else null */
    private void show(ExperimentDetails d, ExperimentSeries plot, List<Boots.Boot> bootList, BootView lastBoot) {
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
                .append(lastBoot == null ? "" : " in " + bootList.size() + " boots").append("  |  ")
                .append(DelayText.date(m.created()));
        String limitsWord = LimitsText.word(d.summary());
        if (!limitsWord.isEmpty()) {
            head.append("  |  limits: ").append(limitsWord);
        }
        bannerSuffix = head.toString();
        showLimits(d.summary());
        banner.setToolTipText(m.notes());
        if (m.status() != ExperimentStatus.COMPLETED) {
            banner.setBackground(new Color(252, 233, 79));
        }

        showName(m.name());
        if (lastBoot == null) {
            chart.setSeries(plot);
            fillStats(s);
            fillEvents(d.loaded().content().events());
            cursor.show(d.loaded().content().events(), d.loaded().content().samples(), plot.timed());
        } else {
            boots = bootList;
            bootSelector.setItems(bootList.stream().map(b -> BootView.label(b, bootList.size()))
                    .toArray(String[]::new));
            ((GridData) bootRow.getLayoutData()).exclude = false;
            bootRow.setVisible(true);
            showBoot(lastBoot);
        }
        showRawLogAfterTheFirstFrame(d.loaded().folder().kernelLog());
        for (BoardFactNames.Fact f : BoardFactNames.of(m.boardFacts())) {
            row(facts, f.name(), f.value());
        }
        if (m.boardFacts().isEmpty()) {
            row(facts, "(none recorded)", "an imported log has no board facts");
        }
        sequenceVariables.setText(d.variables().isEmpty() ? "As run" : "As run, with " + d.variables().entrySet()
                .stream().map(v -> v.getKey() + " = " + v.getValue()).collect(Collectors.joining(", ")));
        sequenceAsRun.setText((m.sequence().isEmpty() ? "(no sequence: imported log)\n" : d.sequenceAsRun())
                + (d.runRecord().isEmpty() ? "" : "\n\n--- run record (" + ExperimentDetails.RUN_FILE + ") ---\n"
                        + d.runRecord()));
        sequenceAsWritten.setText(m.sequence().isEmpty() ? "(no sequence: imported log)\n" : m.sequence());
        module.setText(d.moduleIdentity());
        details = d;
        root.layout(true, true);
    }

    /**
     * Starts the Raw log's line index once the plot has painted its first frame, so that the index (a pass over the
     * whole log) does not compete for the cores with that frame; after {@link #RAW_LOG_AT_THE_LATEST_MS} if the plot
     * paints none (not visible, say).
     */
    private void showRawLogAfterTheFirstFrame(Path kernelLog) {
        Display display = root.getDisplay();
        boolean[] started = { false };
        Runnable start = () -> {
            if (!started[0] && !root.isDisposed()) {
                started[0] = true;
                rawLog.show(kernelLog);
            }
        };
        Consumer<Frame> firstFrame = new Consumer<>() {
            @Override
            public void accept(Frame f) {
                chart.removeFrameListener(this);
                display.asyncExec(start); // not inside the paint
            }
        };
        chart.addFrameListener(firstFrame);
        display.timerExec(RAW_LOG_AT_THE_LATEST_MS, () -> {
            if (!root.isDisposed()) {
                chart.removeFrameListener(firstFrame);
                start.run();
            }
        });
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
            item.setData(e);
            item.setText(new String[] { Long.toString(e.line()),
                    e.timestampUs() == LogEntry.NO_TIME ? "" : String.format(Locale.ROOT, "%.6f", e.timestampUs() / 1e6),
                    e.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '), e.subject(), e.message() });
        }
    }

    private static void row(Table t, String key, String value) {
        TableItem item = new TableItem(t, SWT.NONE);
        item.setText(new String[] { key, value });
    }

    @Override
    public void setFocus() {
        tabs.setFocus();
    }
}
