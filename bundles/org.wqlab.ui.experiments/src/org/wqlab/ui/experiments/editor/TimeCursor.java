package org.wqlab.ui.experiments.editor;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Table;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.samples.SampleStore;
import org.wqlab.ui.plot.ExperimentChart;

/**
 * The time cursor the experiment editor's plot, Events table and Raw log share: a click in the plot puts the cursor
 * there and selects the nearest event and the log line of the report at that time; selecting an event puts the
 * cursor at its time and selects its log line (double-click or Enter also shows the Raw log); selecting a log line
 * puts the cursor at its time. What a view selects because of another is not told back, so nothing echoes.
 */
final class TimeCursor {

    private final ExperimentChart chart;
    private final Table events;
    private final RawLogView rawLog;
    private final Runnable showRawLog;
    private List<Event> shownEvents = List.of();
    private SampleStore samples = new SampleStore(0);
    private boolean timed;

    TimeCursor(ExperimentChart chart, Table events, RawLogView rawLog, Runnable showRawLog) {
        this.chart = chart;
        this.events = events;
        this.rawLog = rawLog;
        this.showRawLog = showRawLog;
        chart.addCursorListener(this::plotClicked);
        events.addListener(SWT.Selection, e -> eventSelected(false));
        events.addListener(SWT.DefaultSelection, e -> eventSelected(true));
        rawLog.addLineSelectionListener(this::lineSelected);
    }

    /** The experiment's events (in the table's order) and samples, once loaded. UI thread. */
    void show(List<Event> eventsInTable, SampleStore store, boolean hasTime) {
        shownEvents = List.copyOf(eventsInTable);
        samples = store;
        timed = hasTime;
    }

    private void eventSelected(boolean andShowLog) {
        int i = events.getSelectionIndex();
        if (i < 0 || i >= shownEvents.size()) {
            return;
        }
        Event e = shownEvents.get(i);
        if (timed && e.timestampUs() != LogEntry.NO_TIME) {
            chart.setCursor(e.timestampUs() / 1e6);
        }
        rawLog.selectLine(e.line());
        if (andShowLog) {
            showRawLog.run();
        }
    }

    private void plotClicked(double seconds) {
        if (!timed) {
            return;
        }
        long us = Math.round(seconds * 1e6);
        int sample = firstSampleAtOrAfter(us);
        if (sample >= 0) {
            rawLog.selectLine(samples.line(sample));
        }
        int nearest = nearestEvent(us);
        if (nearest >= 0) {
            events.setSelection(nearest);
            events.showSelection();
        }
    }

    private void lineSelected(long line) {
        int after = samples.firstIndexAfterLine(line);
        int sample = after > 0 ? after - 1 : after; // the last report at or before the line: the board time there
        for (int i = 0; i < shownEvents.size(); i++) {
            if (shownEvents.get(i).line() == line) {
                events.setSelection(i);
                events.showSelection();
                if (timed && shownEvents.get(i).timestampUs() != LogEntry.NO_TIME) {
                    chart.setCursor(shownEvents.get(i).timestampUs() / 1e6);
                }
                return;
            }
        }
        if (timed && sample >= 0 && sample < samples.size() && samples.hasTimestamp(sample)) {
            chart.setCursor(samples.timestampUs(sample) / 1e6);
        }
    }

    /** The first sample reported at or after {@code us} (reports are in time order in the log), or -1. */
    private int firstSampleAtOrAfter(long us) {
        int lo = 0;
        int hi = samples.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            long t = samples.hasTimestamp(mid) ? samples.timestampUs(mid) : Long.MIN_VALUE;
            if (t < us) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < samples.size() ? lo : samples.size() - 1;
    }

    private int nearestEvent(long us) {
        int best = -1;
        long bestGap = Long.MAX_VALUE;
        for (int i = 0; i < shownEvents.size(); i++) {
            long t = shownEvents.get(i).timestampUs();
            if (t != LogEntry.NO_TIME && Math.abs(t - us) < bestGap) {
                bestGap = Math.abs(t - us);
                best = i;
            }
        }
        return best;
    }
}
