package org.wqlab.klog;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;

/**
 * Fills a {@link SampleStore} and event/anomaly lists; raw context is only counted (the raw log keeps it), except that
 * the busy-pool dump after a workqueue lockup is read into the lockup's event ({@link PoolDump}).
 */
public final class LogContentSink implements KlogSink {

    private final SampleStore samples;
    private final List<Event> events = new ArrayList<>();
    private final List<Anomaly> anomalies = new ArrayList<>();
    private long raw;
    private final PoolDump dump = new PoolDump();

    public LogContentSink() {
        this(new SampleStore());
    }

    public LogContentSink(SampleStore samples) {
        this.samples = samples;
    }

    @Override
    public void sample(long line, long timestampUs, TimePrecision precision, int delayUs, int cpu, int seq,
            boolean classic) {
        if (dump.open()) {
            dump.close(events);
        }
        samples.add(line, timestampUs, precision, delayUs, cpu, seq, classic);
    }

    @Override
    public void event(Event event) {
        events.add(event);
        if (event.kind() == EventKind.WORKQUEUE_LOCKUP) {
            dump.lockup(events, events.size() - 1);
        } else if (dump.open()) {
            dump.close(events);
        }
    }

    @Override
    public void anomaly(Anomaly anomaly) {
        if (dump.open()) {
            dump.close(events);
        }
        anomalies.add(anomaly);
    }

    @Override
    public void raw(long line, byte[] text, int from, int to) {
        raw++;
        if (dump.open()) {
            dump.raw(events, line, text, from, to);
        }
    }

    /** The lockups at the end get the dump that followed them, if any: no more lines follow. */
    void endPoolDump() {
        dump.close(events);
    }

    /** Whether lockup lines at the end of what was parsed so far could still be followed by their dump. */
    boolean awaitingPoolDump() {
        return dump.open();
    }

    public SampleStore samples() {
        return samples;
    }

    public List<Event> events() {
        return events;
    }

    public List<Anomaly> anomalies() {
        return anomalies;
    }

    public long rawLines() {
        return raw;
    }

    /** The content parsed so far; the sample columns are trimmed to their size first. */
    public LogContent content(long totalLines) {
        endPoolDump();
        samples.trimToSize();
        return new LogContent(samples, events, anomalies, raw, totalLines);
    }
}
