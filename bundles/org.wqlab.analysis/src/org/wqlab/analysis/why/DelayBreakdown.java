package org.wqlab.analysis.why;

import java.util.List;

/**
 * Where a late interval went on its CPU: the parts, largest first, and the unexplained remainder last (always
 * present, 0 when everything is explained); their microseconds sum to the delay.
 *
 * @param irqTraced   whether the trace held irq events (without them interrupts fall into what they interrupted)
 * @param schedTraced whether the trace held sched_switch (without it only the pool's work items are known)
 */
public record DelayBreakdown(int cpu, long fromUs, long toUs, long delayUs, List<DelayPart> parts, boolean irqTraced,
        boolean schedTraced) {

    public DelayBreakdown {
        parts = parts == null ? List.of() : List.copyOf(parts);
    }

    public long unexplainedUs() {
        return totalUs(DelayPart.UNEXPLAINED);
    }

    public long explainedUs() {
        return delayUs - unexplainedUs();
    }

    public double explainedPercent() {
        return delayUs <= 0 ? 0 : 100.0 * explainedUs() / delayUs;
    }

    /** The sum of a kind's parts. */
    public long totalUs(String kind) {
        return parts.stream().filter(p -> p.kind().equals(kind)).mapToLong(DelayPart::us).sum();
    }

    /** The largest part that is explained, or null. */
    public DelayPart largest() {
        return parts.stream().filter(p -> !p.kind().equals(DelayPart.UNEXPLAINED)).findFirst().orElse(null);
    }

    /** The part of a work function by its symbol (with or without the module), or null. */
    public DelayPart work(String symbol) {
        return parts.stream().filter(p -> p.kind().equals(DelayPart.WORK)
                && (p.name().equals(symbol) || p.name().startsWith(symbol + " ["))).findFirst().orElse(null);
    }
}
