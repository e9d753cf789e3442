package org.wqlab.klog;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.TimePrecision;

/**
 * Receives every input line exactly once, as one of four calls. Samples and raw context come as primitives and a
 * byte view, so the hot path allocates nothing per line; {@link EntryCollector} turns them into records.
 */
public interface KlogSink {

    void sample(long line, long timestampUs, TimePrecision precision, int delayUs, int cpu, int seq,
            boolean classic);

    void event(Event event);

    void anomaly(Anomaly anomaly);

    /**
     * A line kept as context. {@code text[from, to)} is the line without its line end and ANSI escapes; the array
     * is only valid during the call.
     */
    void raw(long line, byte[] text, int from, int to);
}
