package org.wqlab.predict;

import java.util.List;

/**
 * The model's worst delay after the pull over several phases of the monitor against the pull (a real run pulls at a
 * random point of the monitor's period), and the timeline of the phase whose worst is nearest the mean.
 *
 * @param hubEventCpuUs the CPU time {@code hub_event} spent without sleeping (teardown and invalidation)
 * @param markedCpuIntensive whether the threshold marked it CPU_INTENSIVE (the pool then ran the monitor)
 */
public record ModelOutcome(double meanWorstUs, long minWorstUs, long maxWorstUs, long hubEventCpuUs,
        boolean markedCpuIntensive, List<TimelinePoint> timeline, List<CurvePoint> curve) {

    /** One of the monitor's reports in the typical phase: microseconds from the pull, the delay. */
    public record CurvePoint(long atUs, long delayUs) {
    }

    /** One event of the model's run, microseconds after the pull. */
    public record TimelinePoint(long atUs, String what, int cpu, long delayUs) {
    }

    public ModelOutcome {
        timeline = List.copyOf(timeline);
        curve = List.copyOf(curve);
    }
}
