package org.wqlab.core.samples;

import java.util.List;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;

/**
 * Everything a kernel log was parsed into: samples (primitive store), events, anomalies, and the number of lines
 * kept as raw context (their text stays in the raw log, the source of truth).
 */
public record LogContent(SampleStore samples, List<Event> events, List<Anomaly> anomalies, long rawLines,
        long totalLines) {

    public LogContent {
        events = List.copyOf(events);
        anomalies = List.copyOf(anomalies);
    }

    public long anomalyCount() {
        return anomalies.size();
    }
}
