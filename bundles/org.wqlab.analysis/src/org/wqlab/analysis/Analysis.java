package org.wqlab.analysis;

import java.util.List;

import org.wqlab.analysis.why.KworkRow;

/**
 * What {@code analysis.json} holds: the verdict, every delay above the threshold with its attributed work items, and
 * what the trace held, and the per work function and CPU latency table of the trace
 * ({@code kwork}, empty without a trace).
 *
 * @param periodUs the monitor's period the verdict judged against (from its start line, else the original's 100 ms)
 */
public record Analysis(int formatVersion, String experimentId, Verdict verdict, long thresholdUs, long periodUs,
        int monitorCpu, List<AttributedDelay> delays, TraceSummary trace, VerdictFacts facts, List<KworkRow> kwork) {

    public static final int FORMAT_VERSION = 1;

    /**
     * @param notes the capture's {@code # wqlab} lines (what was traced, or why not)
     * @param irq   whether irq and softirq events were recorded
     */
    public record TraceSummary(boolean recorded, long lines, long events, long lostEvents, long workItems,
            boolean schedSwitch, List<String> notes, boolean irq) {

        public TraceSummary {
            notes = List.copyOf(notes);
        }
    }

    public Analysis {
        delays = List.copyOf(delays);
        kwork = kwork == null ? List.of() : List.copyOf(kwork);
    }

    /** The delay with the largest value, or null. */
    public AttributedDelay worst() {
        return delays.stream().max(java.util.Comparator.comparingLong(AttributedDelay::delayUs)).orElse(null);
    }
}
