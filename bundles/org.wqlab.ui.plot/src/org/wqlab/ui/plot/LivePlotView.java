package org.wqlab.ui.plot;

import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowData;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.e4.core.services.events.IEventBroker;
import org.eclipse.e4.ui.workbench.Selector;
import org.eclipse.e4.ui.workbench.UIEvents;
import org.eclipse.e4.ui.workbench.renderers.swt.HandledContributionItem;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.menus.IMenuService;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swtchart.Chart;
import org.wqlab.live.LiveSession;

/**
 * The Live Plot's widgets: delay against board time per CPU with markers and the threshold, a log-bin histogram
 * and a stats strip. Threading: the session's writer only marks the view's frame thread dirty (a CAS); that thread
 * computes at most one frame per 33 ms tick from a lock-free snapshot (min/max decimation to at most two points per
 * pixel column, incremental while following; stats text and histogram only when they changed); the UI thread, at
 * most once per tick, swaps the newest frame's arrays into the charts and drops superseded ones.
 *
 * <p>Mouse: wheel zooms time around the cursor (Ctrl+wheel zooms delay), drag pans, double-click follows the newest
 * data again.
 */
public final class LivePlotView {

    public static final long DEFAULT_WINDOW_US = 60_000_000L;
    private static final long[] WINDOWS_US = { 10_000_000L, 60_000_000L, 300_000_000L };
    private static final String NO_SESSION = "No live session: start a sequence run.";
    /** The board combo's first item: the plot follows whichever board's run started last. */
    public static final String NEWEST_RUN = "Newest run";
    /**
     * The histogram goes beside the delay chart when the view is this wide (pixels), or wider than tall by
     * {@link #SIDE_BY_SIDE_ASPECT}; under it only in a narrow, tall view.
     */
    private static final int SIDE_BY_SIDE_MIN_WIDTH = 720;
    private static final double SIDE_BY_SIDE_ASPECT = 1.5;
    /** Below this size (pixels, both ways) the histogram is left out. */
    private static final int SMALL_WIDTH = 480;
    private static final int SMALL_HEIGHT = 600;

    private final Composite root;
    private final DelayChart delays;
    private final LogHistogramChart histogram;
    private final Label stats;
    private final Combo board;
    private final Composite bar;
    private final ToolBarManager toolBar;
    private final IMenuService menus;
    private boolean paused;
    private boolean logY;
    private final Runnable onChange;

    private LiveSession session;
    private long windowUs = DEFAULT_WINDOW_US;
    private int marks;

    public LivePlotView(Composite parent) {
        root = new Composite(parent, SWT.NONE);
        root.setData(PlotWidgetIds.KEY, PlotWidgetIds.ROOT);
        root.setData(PlotWidgetIds.VIEW_OBJECT, this);
        root.setLayout(new GridLayout(1, false));

        bar = new Composite(root, SWT.NONE);
        GridLayout barLayout = new GridLayout(2, false);
        barLayout.marginHeight = 0;
        bar.setLayout(barLayout);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        // the buttons are the commands plugin.xml contributes to LivePlotCommand.TOOLBAR
        toolBar = new ToolBarManager(SWT.FLAT | SWT.RIGHT);
        toolBar.createControl(bar);
        menus = PlatformUI.isWorkbenchRunning() ? PlatformUI.getWorkbench().getService(IMenuService.class) : null;
        if (menus != null) {
            menus.populateContributionManager(toolBar, LivePlotCommand.TOOLBAR);
            toolBar.update(true);
        }
        for (ToolItem item : toolBar.getControl().getItems()) {
            if (item.getData() instanceof IContributionItem ci && ci.getId() != null) {
                item.setData(PlotWidgetIds.KEY, ci.getId());
            }
        }
        // in a narrow view (two plots side by side) the choices go under the buttons, and wrap there
        Composite choices = new Composite(bar, SWT.NONE);
        RowLayout choicesLayout = new RowLayout(SWT.HORIZONTAL);
        choicesLayout.center = true;
        choices.setLayout(choicesLayout);
        choices.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        new Label(choices, SWT.NONE).setText("Window:");
        Combo window = new Combo(choices, SWT.READ_ONLY);
        window.setData(PlotWidgetIds.KEY, PlotWidgetIds.WINDOW);
        for (long w : WINDOWS_US) {
            window.add(w / 1_000_000 + " s");
        }
        window.select(1);
        window.addListener(SWT.Selection, e -> {
            windowUs = WINDOWS_US[window.getSelectionIndex()];
            follow();
        });
        new Label(choices, SWT.NONE).setText("  Board:");
        board = new Combo(choices, SWT.READ_ONLY);
        board.setData(PlotWidgetIds.KEY, PlotWidgetIds.BOARD);
        board.setToolTipText("The board whose live session this plot shows; Newest run follows each new run."
                + " Window > New Live Plot opens another plot for another board.");
        board.add(NEWEST_RUN);
        board.select(0);

        bar.addListener(SWT.Resize, e -> {
            int needed = toolBar.getControl().computeSize(SWT.DEFAULT, SWT.DEFAULT).x
                    + choices.computeSize(SWT.DEFAULT, SWT.DEFAULT).x + 3 * barLayout.horizontalSpacing;
            int columns = bar.getClientArea().width >= needed ? 2 : 1;
            // a board's long name never pushes the combo past the view's edge
            int comboWidth = Math.min(board.computeSize(SWT.DEFAULT, SWT.DEFAULT).x,
                    Math.max(120, bar.getClientArea().width - 2 * barLayout.marginWidth - 2 * choicesLayout.marginLeft
                            - 2 * choicesLayout.marginRight));
            Object data = board.getLayoutData();
            boolean resized = !(data instanceof RowData rd) || rd.width != comboWidth;
            if (resized) {
                board.setLayoutData(new RowData(comboWidth, SWT.DEFAULT));
            }
            if (barLayout.numColumns != columns || resized) {
                barLayout.numColumns = columns;
                root.layout(true, true);
            }
        });

        SashForm sash = new SashForm(root, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        delays = new DelayChart(sash, "Workqueue delay", this::showExtras, this::follow);
        delays.control().setData(PlotWidgetIds.KEY, PlotWidgetIds.CHART);
        histogram = new LogHistogramChart(sash);
        histogram.control().setData(PlotWidgetIds.KEY, PlotWidgetIds.HISTOGRAM);
        sash.setWeights(3, 1);
        // side by side the histogram gets a quarter of a wide view, a third of a narrower one; stacked, two fifths
        int[][] applied = { { 3, 1 } }; // re-applied only when the arrangement changes, so a dragged sash stays
        sash.addListener(SWT.Resize, e -> {
            var size = sash.getSize();
            boolean wide = size.x >= SIDE_BY_SIDE_MIN_WIDTH;
            int orientation = wide || size.x >= SIDE_BY_SIDE_ASPECT * size.y ? SWT.HORIZONTAL : SWT.VERTICAL;
            int[] weights = orientation == SWT.VERTICAL ? new int[] { 3, 2 } : wide ? new int[] { 3, 1 }
                    : new int[] { 2, 1 };
            if (sash.getOrientation() != orientation || !java.util.Arrays.equals(applied[0], weights)) {
                applied[0] = weights;
                sash.setOrientation(orientation);
                sash.setWeights(weights);
            }
            // too small for all (a plot beside another): the delays get the room, without the histogram and the CPU
            // legend (the stats strip keeps the worst, the colours are every wqlab view's)
            boolean small = size.x < SMALL_WIDTH && size.y < SMALL_HEIGHT;
            Control only = small ? delays.control() : null;
            if (sash.getMaximizedControl() != only) {
                sash.setMaximizedControl(only);
                delays.chart().getLegend().setVisible(!small);
            }
        });

        stats = new Label(root, SWT.WRAP); // wraps in a narrow view rather than losing its end
        stats.setData(PlotWidgetIds.KEY, PlotWidgetIds.STATS);
        stats.setLayoutData(new GridData(SWT.FILL, SWT.BOTTOM, true, false));
        stats.setText(NO_SESSION);

        onChange = delays::markDirty;
        root.addListener(SWT.Dispose, e -> {
            if (session != null) {
                session.removeChangeListener(onChange);
            }
            ShownLivePlot.closed(this);
            if (menus != null) {
                menus.releaseContributions(toolBar);
            }
        });
        viewChanged();
        ShownLivePlot.shown(this);
    }

    /** Whether {@code command} can act now; what its handler's enablement says. */
    boolean canRun(LivePlotCommand command) {
        return !isDisposed() && (command != LivePlotCommand.MARK || session != null);
    }

    /** Runs {@code command} (its handler checked {@link #canRun} first). */
    void run(LivePlotCommand command) {
        switch (command) {
            case PAUSE -> setPaused(!paused);
            case FOLLOW -> follow();
            case SHOW_ALL -> showAll();
            case LOG_Y -> setLogY(!logY);
            case MARK -> mark();
        }
    }

    /**
     * Shows a toggle's state on its button: a click has flipped the button already, a key or Quick Access has not
     * (the e4 item keeps the state in its model).
     */
    private void showToggle(LivePlotCommand command, boolean on) {
        for (IContributionItem ci : toolBar.getItems()) {
            if (command.itemId().equals(ci.getId()) && ci instanceof HandledContributionItem h) {
                h.getModel().setSelected(on);
                h.update();
            }
        }
    }

    /** The e4 workbench re-asks the handlers of these items only when told (Mark depends on the session). */
    private void commandsMayHaveChanged() {
        ShownLivePlot.changed();
        IEventBroker events = PlatformUI.isWorkbenchRunning()
                ? PlatformUI.getWorkbench().getService(IEventBroker.class) : null;
        if (events != null) {
            Selector ours = e -> e.getElementId() != null && e.getElementId().startsWith("liveplot.");
            events.send(UIEvents.REQUEST_ENABLEMENT_UPDATE_TOPIC, ours);
        }
    }

    public Control control() {
        return root;
    }

    public boolean isDisposed() {
        return root.isDisposed();
    }

    public Chart chart() {
        return delays.chart();
    }

    public LiveSession session() {
        return session;
    }

    /**
     * The board combo's items: {@link #NEWEST_RUN}, then {@code boards}; {@code chosen} (null: Newest run) selected.
     * Call on the UI thread.
     */
    public void setBoards(java.util.List<String> boards, String chosen) {
        java.util.List<String> items = new java.util.ArrayList<>();
        items.add(NEWEST_RUN);
        items.addAll(boards);
        if (chosen != null && !items.contains(chosen)) {
            items.add(chosen);
        }
        if (!java.util.Arrays.asList(board.getItems()).equals(items)) {
            board.setItems(items.toArray(String[]::new));
            // a wider combo may wrap the bar onto another row: the bar is fitted again, the view laid out
            bar.notifyListeners(SWT.Resize, new org.eclipse.swt.widgets.Event());
            root.layout(true, true);
        }
        board.select(chosen == null ? 0 : items.indexOf(chosen));
    }

    /** {@code chosen} receives the board the user picks (null: Newest run). */
    public void onBoardChosen(Consumer<String> chosen) {
        board.addListener(SWT.Selection, e -> chosen.accept(board.getSelectionIndex() <= 0 ? null : board.getText()));
    }

    /** Shows {@code newSession} (or nothing); call on the UI thread. */
    public void setSession(LiveSession newSession) {
        if (session != null) {
            session.removeChangeListener(onChange);
        }
        session = newSession;
        delays.setSource(newSession == null ? null : PlotSource.of(newSession), newSession);
        histogram.clear();
        showStats(newSession == null ? NO_SESSION : StatsText.waiting());
        if (newSession != null) {
            newSession.addChangeListener(onChange);
        }
        follow();
        commandsMayHaveChanged();
    }

    /** The stats strip's text; the view is laid out again only when the strip needs another number of lines. */
    private void showStats(String text) {
        stats.setText(text);
        int width = stats.getSize().x;
        if (width > 0 && stats.computeSize(width, SWT.DEFAULT).y != stats.getSize().y) {
            root.layout(new Control[] { stats });
        }
    }

    /** Frame listeners run on the UI thread inside the paint, after the series were drawn. */
    public void addFrameListener(Consumer<Frame> listener) {
        delays.addFrameListener(listener);
    }

    public void removeFrameListener(Consumer<Frame> listener) {
        delays.removeFrameListener(listener);
    }

    /** The points of the frame drawn last, per CPU. UI thread. */
    public java.util.List<DrawnSeries> drawnSeries() {
        return delays.drawnSeries();
    }

    /** The last frame painted, or null. */
    public Frame lastFrame() {
        return delays.lastFrame();
    }

    public boolean isFollowing() {
        return delays.request().following();
    }

    /** Asks for a new frame computed and painted even if nothing changed (new samples need no request). */
    public void requestRefresh() {
        viewChanged();
    }

    public void follow() {
        delays.resetYZoom();
        delays.updateRequest(true, windowUs, 0, 1, logY, paused);
    }

    /** The whole run in view (stops following). */
    public void showAll() {
        delays.showAll();
    }

    public boolean isLogY() {
        return logY;
    }

    /** Linear or logarithmic delay axis; the Log Y button shows the same state. */
    public void setLogY(boolean log) {
        logY = log;
        showToggle(LivePlotCommand.LOG_Y, log);
        viewChanged();
    }

    public boolean isPaused() {
        return paused;
    }

    public void setPaused(boolean pause) {
        paused = pause;
        showToggle(LivePlotCommand.PAUSE, pause);
        viewChanged();
    }

    /** For tests: zooms time as one wheel notch at pixel {@code px} would ({@code in} = towards the data). */
    public void zoomAt(int px, boolean in) {
        delays.zoomAt(px, in);
    }

    /** For the benchmark: UI-thread time spent applying frames and painting series so far. */
    public String uiTimings() {
        return delays.timings();
    }

    private void viewChanged() {
        ViewRequest r = delays.request();
        delays.updateRequest(r.following(), windowUs, r.fixedFromS(), r.fixedToS(), logY, paused);
    }

    private void mark() {
        if (session != null) {
            session.mark("mark " + ++marks);
        }
    }

    private void showExtras(ComputedFrame f) {
        if (f.statsText() != null && !f.statsText().equals(stats.getText())) {
            showStats(f.statsText());
        }
        if (f.histogram() != null) {
            histogram.show(f.histogram());
        }
    }
}
