package org.wqlab.core.stats;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.samples.SampleStore;

/**
 * Lost reports from gaps in each CPU's sequence numbers. A sequence number that does not increase, or a module
 * start, begins a new run (the module counts from 1 again) and is not a loss.
 */
public final class LostReports {

    private LostReports() {
    }

    public static long count(SampleStore samples, List<Event> events) {
        long[] startLines = events.stream().filter(e -> e.kind() == EventKind.MODULE_START)
                .mapToLong(Event::line).toArray();
        int nextStart = 0;
        Map<Integer, Integer> lastSeq = new HashMap<>();
        long lost = 0;
        for (int i = 0; i < samples.size(); i++) {
            long line = samples.line(i);
            while (nextStart < startLines.length && startLines[nextStart] < line) {
                lastSeq.clear();
                nextStart++;
            }
            int seq = samples.seq(i);
            int cpu = samples.cpu(i);
            if (seq < 0 || cpu < 0) {
                continue;
            }
            Integer last = lastSeq.put(cpu, seq);
            if (last != null && seq > last + 1L) {
                lost += seq - (last + 1L);
            }
        }
        return lost;
    }
}
