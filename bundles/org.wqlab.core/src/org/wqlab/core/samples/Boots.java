package org.wqlab.core.samples;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;

/**
 * The boots of a log that holds several, each its own segment: the kernel's clock restarts at every boot, so nothing
 * (a disconnect window, a statistic, a plot) is ever ordered across boots by kernel time. A boot begins at a
 * {@link EventKind#BOOT} event's line and runs to the line before the next one; the first runs from line 1.
 */
public final class Boots {

    private Boots() {
    }

    /**
     * One boot: lines {@code [firstLine, lastLine]} of the log and what was parsed of them.
     *
     * @param startedBy how its start was found ("kernel banner", "clock went back", "journal"), "" for the first
     */
    public record Boot(int number, long firstLine, long lastLine, String startedBy, LogContent content) {
    }

    /** The log's boots in order; a log without {@link EventKind#BOOT} events is one boot, its whole content. */
    public static List<Boot> of(LogContent c) {
        List<Event> starts = c.events().stream().filter(e -> e.kind() == EventKind.BOOT).toList();
        List<Boot> boots = new ArrayList<>();
        if (starts.isEmpty()) {
            boots.add(new Boot(1, 1, c.totalLines(), "", c));
            return boots;
        }
        long first = 1;
        String by = "";
        for (int k = 0; k <= starts.size(); k++) {
            long last = k < starts.size() ? starts.get(k).line() - 1 : c.totalLines();
            boots.add(new Boot(k + 1, first, last, by, segment(c, first, last)));
            if (k < starts.size()) {
                first = starts.get(k).line();
                String how = starts.get(k).field("by");
                by = how == null ? "" : how;
            }
        }
        return boots;
    }

    private static LogContent segment(LogContent c, long first, long last) {
        SampleStore all = c.samples();
        SampleStore samples = new SampleStore();
        for (int i = all.firstIndexAfterLine(first - 1); i < all.size() && all.line(i) <= last; i++) {
            samples.add(all.get(i));
        }
        List<Event> events = c.events().stream().filter(e -> e.line() >= first && e.line() <= last).toList();
        List<Anomaly> anomalies = c.anomalies().stream().filter(a -> a.line() >= first && a.line() <= last)
                .toList();
        long lines = last - first + 1;
        long raw = Math.max(0, lines - samples.size() - events.size() - anomalies.size());
        return new LogContent(samples, events, anomalies, raw, lines);
    }
}
