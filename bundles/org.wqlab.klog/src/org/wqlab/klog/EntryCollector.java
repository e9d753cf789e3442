package org.wqlab.klog;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.RawContext;
import org.wqlab.core.model.Sample;
import org.wqlab.core.model.TimePrecision;

/** Collects every line as a {@link LogEntry} record, in line order. */
public final class EntryCollector implements KlogSink {

    private final List<LogEntry> entries = new ArrayList<>();

    @Override
    public void sample(long line, long timestampUs, TimePrecision precision, int delayUs, int cpu, int seq,
            boolean classic) {
        entries.add(new Sample(line, timestampUs, precision, delayUs, cpu, seq, classic));
    }

    @Override
    public void event(Event event) {
        entries.add(event);
    }

    @Override
    public void anomaly(Anomaly anomaly) {
        entries.add(anomaly);
    }

    @Override
    public void raw(long line, byte[] text, int from, int to) {
        entries.add(new RawContext(line, new String(text, from, to - from, StandardCharsets.UTF_8)));
    }

    public List<LogEntry> entries() {
        return entries;
    }
}
