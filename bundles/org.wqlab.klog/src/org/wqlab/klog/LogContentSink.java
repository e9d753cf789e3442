package org.wqlab.klog;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;

/** Fills a {@link SampleStore} and event/anomaly lists; raw context is only counted (the raw log keeps it). */
public final class LogContentSink implements KlogSink {

    private final SampleStore samples;
    private final List<Event> events = new ArrayList<>();
    private final List<Anomaly> anomalies = new ArrayList<>();
    private long raw;

    public LogContentSink() {
        this(new SampleStore());
    }

    public LogContentSink(SampleStore samples) {
        this.samples = samples;
    }

    @Override
    public void sample(long line, long timestampUs, TimePrecision precision, int delayUs, int cpu, int seq,
            boolean classic) {
        samples.add(line, timestampUs, precision, delayUs, cpu, seq, classic);
    }

    @Override
    public void event(Event event) {
        events.add(event);
    }

    @Override
    public void anomaly(Anomaly anomaly) {
        anomalies.add(anomaly);
    }

    @Override
    public void raw(long line, byte[] text, int from, int to) {
        raw++;
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
        samples.trimToSize();
        return new LogContent(samples, events, anomalies, raw, totalLines);
    }
}
