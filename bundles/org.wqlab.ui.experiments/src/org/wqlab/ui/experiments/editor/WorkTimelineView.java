package org.wqlab.ui.experiments.editor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AttributedDelay;
import org.wqlab.analysis.Attribution;
import org.wqlab.analysis.trace.PixelSpan;
import org.wqlab.analysis.trace.TimelineDecimator;
import org.wqlab.analysis.trace.TimelineRows;
import org.wqlab.analysis.trace.WorkExecution;
import org.wqlab.analysis.trace.WorkTimeline;
import org.wqlab.ui.experiments.ExperimentIds;

/**
 * What ran on each CPU, from the experiment's {@code trace.log}: a row per CPU (click its name to show its workers'
 * rows), a bar per work-item execution coloured by function, the monitor's own work item black under a red mark,
 * the late intervals shaded on their CPU's rows. Wheel zooms around the pointer, drag pans, Home shows all; a click
 * selects a bar and the line under the canvas describes it. The trace is read in a Job; each paint reduces the rows
 * in view to pixel spans ({@link TimelineDecimator}), cached until the range or the width changes.
 */
public final class WorkTimelineView {
    public static final String CANVAS_ID = "editor.timeline";
    public static final String DETAILS_ID = "editor.timeline.details";

    /** Width of the row names left of the bars: plot column x is canvas x - LABEL_WIDTH. */
    public static final int LABEL_WIDTH = 130;
    static final int AXIS_HEIGHT = 24;
    static final int ROW_HEIGHT = 24;
    static final int BAR_INSET = 4;
    /** One bar: the row it is in and its index among the row's executions. */
    public record Selection(TimelineRows.Row row, int execution) {
        public WorkExecution work() {
            return row.executions().get(execution);
        }
    }

    private final Composite control;
    private final Canvas canvas;
    private final Label details;
    private final TimelinePalette palette = new TimelinePalette();
    private final List<BiConsumer<Long, Long>> rangeListeners = new CopyOnWriteArrayList<>();
    /** By identity: a row's record equality would compare every execution. */
    private final Map<TimelineRows.Row, List<PixelSpan>> spanCache = new IdentityHashMap<>();
    private final Set<Integer> expanded = new TreeSet<>();
    private volatile TimelineRows rows;
    private List<long[]> late = List.of();
    private long fromUs;
    private long toUs;
    private long cachedFrom;
    private long cachedTo;
    private int cachedWidth;
    private Selection selected;
    private String message = "Loading trace.log ...";
    private int downX = -1;
    private long downFrom;
    private boolean dragged;

    public WorkTimelineView(Composite parent) {
        control = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().spacing(0, 2).applyTo(control);
        canvas = new Canvas(control, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        canvas.setData(ExperimentIds.KEY, CANVAS_ID);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(canvas);
        details = new Label(control, SWT.WRAP);
        details.setData(ExperimentIds.KEY, DETAILS_ID);
        GridDataFactory.fillDefaults().grab(true, false).indent(6, 2).hint(SWT.DEFAULT, 40).applyTo(details);
        canvas.addListener(SWT.Paint, e -> paint(e.gc));
        canvas.addListener(SWT.MouseVerticalWheel, this::wheel);
        canvas.addListener(SWT.MouseDown, this::mouseDown);
        canvas.addListener(SWT.MouseMove, this::mouseMove);
        canvas.addListener(SWT.MouseUp, this::mouseUp);
        canvas.addListener(SWT.KeyDown, this::key);
        canvas.addListener(SWT.Resize, e -> canvas.redraw());
        details.setText("Click a bar for its function, workqueue, worker and times. Wheel: zoom, drag: pan, Home: all.");
    }

    public Composite control() {
        return control;
    }

    public Canvas canvas() {
        return canvas;
    }

    public Label details() {
        return details;
    }

    /** Reads {@code traceLog} in a Job; {@code analysis} (may be null) gives the late intervals. */
    public void load(Path traceLog, Analysis analysis) {
        var display = canvas.getDisplay();
        List<long[]> lateIntervals = new ArrayList<>();
        if (analysis != null) {
            for (AttributedDelay d : analysis.delays()) {
                lateIntervals.add(new long[] { d.lateFromUs(), d.lateToUs(), d.cpu() });
            }
        }
        Job job = Job.create("Reading " + traceLog, (IProgressMonitor monitor) -> {
            TimelineRows read = null;
            String problem = null;
            try {
                if (!Files.isRegularFile(traceLog)) {
                    problem = "No trace.log in this experiment: the run did not trace workqueue events.";
                } else {
                    WorkTimeline timeline = WorkTimeline.read(traceLog);
                    read = TimelineRows.of(timeline, Attribution::isMonitor);
                    if (read.cpuRows().isEmpty()) {
                        problem = "trace.log holds no work-item executions (" + timeline.lines() + " lines).";
                    }
                }
            } catch (Exception ex) {
                problem = "Cannot read " + traceLog + ": " + ex.getMessage();
            }
            TimelineRows result = read;
            String text = problem;
            display.asyncExec(() -> show(result, lateIntervals, text));
            return Status.OK_STATUS;
        });
        job.setSystem(false);
        job.schedule();
    }

    private void show(TimelineRows loaded, List<long[]> lateIntervals, String problem) {
        if (canvas.isDisposed()) {
            return;
        }
        message = problem;
        late = List.copyOf(lateIntervals);
        if (loaded != null && problem == null) {
            rows = loaded;
            setRange(loaded.firstUs(), Math.max(loaded.lastUs(), loaded.firstUs() + 1));
        } else {
            details.setText(problem == null ? "" : problem);
            canvas.redraw();
        }
    }

    /** The loaded rows, null until loaded. */
    public TimelineRows rows() {
        return rows;
    }

    public long fromUs() {
        return fromUs;
    }

    public long toUs() {
        return toUs;
    }

    /** Called with (from, to) in trace microseconds whenever the shown range changes. */
    public void addRangeListener(BiConsumer<Long, Long> listener) {
        rangeListeners.add(listener);
    }

    public void setRange(long from, long to) {
        if (to <= from) {
            return;
        }
        fromUs = from;
        toUs = to;
        canvas.redraw();
        rangeListeners.forEach(l -> l.accept(from, to));
    }

    /** The CPU rows, each followed by its workers' rows when expanded. */
    public List<TimelineRows.Row> visibleRows() {
        TimelineRows r = rows;
        if (r == null) {
            return List.of();
        }
        List<TimelineRows.Row> out = new ArrayList<>();
        for (TimelineRows.Row cpu : r.cpuRows()) {
            out.add(cpu);
            if (expanded.contains(cpu.cpu())) {
                out.addAll(r.workerRows(cpu.cpu()));
            }
        }
        return out;
    }

    public void setExpanded(int cpu, boolean expand) {
        if (expand) {
            expanded.add(cpu);
        } else {
            expanded.remove(cpu);
        }
        canvas.redraw();
    }

    public int plotWidth() {
        return Math.max(1, canvas.getClientArea().width - LABEL_WIDTH - 8);
    }

    /** The spans drawn for {@code row} at the current range and width (what the canvas paints). */
    public List<PixelSpan> spans(TimelineRows.Row row) {
        int width = plotWidth();
        if (cachedFrom != fromUs || cachedTo != toUs || cachedWidth != width) {
            spanCache.clear();
            cachedFrom = fromUs;
            cachedTo = toUs;
            cachedWidth = width;
        }
        return spanCache.computeIfAbsent(row, r -> TimelineDecimator.decimate(rows, r, fromUs, toUs, width));
    }

    /** Trace time at the left edge of plot column {@code x} (x counted from the plot's left edge). */
    public long timeAt(double x) {
        return fromUs + Math.round(x * (toUs - fromUs) / plotWidth());
    }

    /** The canvas y of the middle of {@code row}'s bars, -1 when the row is not shown. */
    public int rowMiddle(TimelineRows.Row row) {
        int index = visibleRows().indexOf(row);
        return index < 0 ? -1 : AXIS_HEIGHT + index * ROW_HEIGHT + ROW_HEIGHT / 2;
    }

    /** The shaded late intervals: {from, to} in trace microseconds and the CPU (-1: unknown, every row). */
    public List<long[]> lateIntervals() {
        return late;
    }

    public Selection selection() {
        return selected;
    }

    /** Selects the bar at plot column {@code x} of {@code row}; returns it, or null when nothing is drawn there. */
    public Selection select(TimelineRows.Row row, int x) {
        int execution = TimelineDecimator.executionAt(spans(row), x);
        selected = execution < 0 ? null : new Selection(row, execution);
        details.setText(selected == null ? "Nothing ran there." : WorkItemText.describe(selected.work()));
        control.layout(true, true);
        canvas.redraw();
        return selected;
    }

    private void paint(GC gc) {
        Rectangle area = canvas.getClientArea();
        var display = canvas.getDisplay();
        gc.setBackground(display.getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(area);
        TimelineRows r = rows;
        gc.setForeground(display.getSystemColor(SWT.COLOR_BLACK));
        if (r == null) {
            gc.drawText(message == null ? "" : message, 8, 8, true);
            return;
        }
        int left = LABEL_WIDTH;
        int width = plotWidth();
        List<TimelineRows.Row> visible = visibleRows();
        int bottom = AXIS_HEIGHT + visible.size() * ROW_HEIGHT;
        for (int i = 0; i < visible.size(); i++) {
            shadeLate(gc, visible.get(i), AXIS_HEIGHT + i * ROW_HEIGHT, left, width);
        }
        axis(gc, left, width, bottom);
        gc.setBackground(TimelinePalette.LATE_BAND);
        for (long[] l : late) {
            if (l[1] >= fromUs && l[0] <= toUs) {
                int x0 = left + (int) Math.max(0, Math.floor(x(l[0])));
                int x1 = left + (int) Math.min(width, Math.ceil(x(l[1])));
                gc.fillRectangle(x0, AXIS_HEIGHT - 6, Math.max(1, x1 - x0), 5);
            }
        }
        Map<Integer, Integer> pixelsByFunction = new LinkedHashMap<>();
        for (int i = 0; i < visible.size(); i++) {
            TimelineRows.Row row = visible.get(i);
            int y = AXIS_HEIGHT + i * ROW_HEIGHT;
            gc.setForeground(display.getSystemColor(SWT.COLOR_BLACK));
            String label = row.cpuRow() ? (expanded.contains(row.cpu()) ? "\u25BE " : "\u25B8 ") + row.label()
                    : "    " + row.label();
            gc.drawText(label, 4, y + 4, true);
            gc.setForeground(TimelinePalette.GRID);
            gc.drawLine(left, y + ROW_HEIGHT - 1, left + width, y + ROW_HEIGHT - 1);
            for (PixelSpan s : spans(row)) {
                pixelsByFunction.merge(s.function(), s.x1() - s.x0(), Integer::sum);
                gc.setBackground(palette.of(r, s.function()));
                gc.fillRectangle(left + s.x0(), y + BAR_INSET, s.x1() - s.x0(), ROW_HEIGHT - 2 * BAR_INSET);
                if (s.crowded()) {
                    gc.setForeground(display.getSystemColor(SWT.COLOR_BLACK));
                    gc.drawLine(left + s.x0(), y + BAR_INSET, left + s.x1() - 1, y + BAR_INSET);
                }
                if (r.monitor(s.function())) {
                    gc.setBackground(display.getSystemColor(SWT.COLOR_RED));
                    int cx = left + s.x0();
                    gc.fillPolygon(new int[] { cx - 3, y, cx + 3, y, cx, y + BAR_INSET });
                }
                if (selected != null && selected.row() == row && selected.execution() == s.execution()) {
                    gc.setForeground(display.getSystemColor(SWT.COLOR_BLACK));
                    gc.setLineWidth(2);
                    gc.drawRectangle(left + s.x0() - 1, y + BAR_INSET - 2, s.x1() - s.x0() + 1,
                            ROW_HEIGHT - 2 * BAR_INSET + 3);
                    gc.setLineWidth(1);
                }
            }
        }
        palette.legend(gc, r, pixelsByFunction, !late.isEmpty(), bottom + 8, area.width);
    }

    /** A late interval shades the rows of its CPU, or every row when its CPU is unknown. */
    private void shadeLate(GC gc, TimelineRows.Row row, int y, int left, int width) {
        gc.setBackground(TimelinePalette.LATE);
        for (long[] l : late) {
            if ((l[2] < 0 || l[2] == row.cpu()) && l[1] >= fromUs && l[0] <= toUs) {
                int x0 = left + (int) Math.max(0, Math.floor(x(l[0])));
                int x1 = left + (int) Math.min(width, Math.ceil(x(l[1])));
                gc.fillRectangle(x0, y, Math.max(1, x1 - x0), ROW_HEIGHT);
            }
        }
    }

    private double x(long us) {
        return (us - fromUs) * (double) plotWidth() / (toUs - fromUs);
    }

    private void axis(GC gc, int left, int width, int bottom) {
        var display = canvas.getDisplay();
        long range = toUs - fromUs;
        long step = niceStep(range / 8.0);
        int decimals = Math.max(0, 6 - (int) Math.floor(Math.log10(step)));
        gc.setForeground(display.getSystemColor(SWT.COLOR_DARK_GRAY));
        gc.drawLine(left, AXIS_HEIGHT - 1, left + width, AXIS_HEIGHT - 1);
        for (long t = (fromUs / step + 1) * step; t < toUs; t += step) {
            int px = left + (int) x(t);
            gc.setForeground(TimelinePalette.GRID);
            gc.drawLine(px, AXIS_HEIGHT, px, bottom);
            gc.setForeground(display.getSystemColor(SWT.COLOR_DARK_GRAY));
            gc.drawLine(px, AXIS_HEIGHT - 5, px, AXIS_HEIGHT - 1);
            gc.drawText(String.format(Locale.ROOT, "%." + decimals + "f", t / 1e6), px + 2, 2, true);
        }
        gc.drawText("board time (s)", 4, 2, true);
    }

    static long niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(Math.max(1, raw))));
        for (int m : new int[] { 1, 2, 5, 10 }) {
            if (m * p >= raw) {
                return Math.max(1, (long) (m * p));
            }
        }
        return Math.max(1, (long) (10 * p));
    }

    private void wheel(Event e) {
        if (rows == null || e.count == 0) {
            return;
        }
        double factor = e.count > 0 ? 0.8 : 1.25;
        zoom(factor, e.x - LABEL_WIDTH);
    }

    /** Zooms by {@code factor} (below 1: in) keeping the time at plot column {@code x} in place. */
    public void zoom(double factor, int x) {
        double px = Math.max(0, Math.min(plotWidth(), x));
        long anchor = timeAt(px);
        long range = Math.max(10, Math.round((toUs - fromUs) * factor));
        long from = anchor - Math.round(px / plotWidth() * range);
        setRange(from, from + range);
    }

    private void mouseDown(Event e) {
        if (e.button != 1) {
            return;
        }
        canvas.setFocus();
        downX = e.x;
        downFrom = fromUs;
        dragged = false;
    }

    private void mouseMove(Event e) {
        if (downX < 0 || rows == null) {
            return;
        }
        int dx = e.x - downX;
        if (Math.abs(dx) > 3 || dragged) {
            dragged = true;
            long shift = Math.round(dx * (double) (toUs - fromUs) / plotWidth());
            long range = toUs - fromUs;
            setRange(downFrom - shift, downFrom - shift + range);
        }
    }

    private void mouseUp(Event e) {
        if (downX < 0) {
            return;
        }
        downX = -1;
        if (dragged || rows == null) {
            return;
        }
        int index = (e.y - AXIS_HEIGHT) / ROW_HEIGHT;
        List<TimelineRows.Row> visible = visibleRows();
        if (e.y < AXIS_HEIGHT || index >= visible.size()) {
            return;
        }
        TimelineRows.Row row = visible.get(index);
        if (e.x < LABEL_WIDTH) {
            if (row.cpuRow()) {
                setExpanded(row.cpu(), !expanded.contains(row.cpu()));
            }
            return;
        }
        select(row, e.x - LABEL_WIDTH);
    }

    private void key(Event e) {
        TimelineRows r = rows;
        if (r == null) {
            return;
        }
        long range = toUs - fromUs;
        switch (e.keyCode) {
            case SWT.HOME -> setRange(r.firstUs(), Math.max(r.lastUs(), r.firstUs() + 1));
            case SWT.ARROW_LEFT -> setRange(fromUs - range / 10, toUs - range / 10);
            case SWT.ARROW_RIGHT -> setRange(fromUs + range / 10, toUs + range / 10);
            default -> {
                if (e.character == '+' || e.character == '=') {
                    zoom(0.5, plotWidth() / 2);
                } else if (e.character == '-') {
                    zoom(2, plotWidth() / 2);
                }
            }
        }
    }
}
