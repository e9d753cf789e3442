package org.wqlab.core.stats;

import java.util.Arrays;
import java.util.List;

import org.wqlab.core.model.Event;
import org.wqlab.core.samples.SampleStore;

/**
 * How bad, how often: the worst delay after each disconnect cycle of a soak run, and their distribution. A cycle is
 * one {@link DisconnectImpact} window (the disconnect to the next one, at most
 * {@link StatisticsCalculator#DISCONNECT_WINDOW_US}); a cycle whose window got no report counts 0. Percentiles use
 * the nearest-rank method, as {@link Statistics} does. All values 0 when there was no disconnect.
 *
 * @param worstUs each cycle's worst delay in microseconds, in the order of the disconnects
 */
public record CycleDistribution(List<Long> worstUs, long minUs, long medianUs, long p90Us, long maxUs) {

    public CycleDistribution {
        worstUs = List.copyOf(worstUs);
    }

    /** From the inputs {@link StatisticsCalculator#compute(SampleStore, List, long)} takes. */
    public static CycleDistribution compute(SampleStore samples, List<Event> events, long defaultThresholdUs) {
        return of(StatisticsCalculator.compute(samples, events, defaultThresholdUs));
    }

    /** From statistics already computed (their disconnect windows). */
    public static CycleDistribution of(Statistics statistics) {
        return ofDisconnects(statistics.disconnects());
    }

    public static CycleDistribution ofDisconnects(List<DisconnectImpact> disconnects) {
        List<Long> worst = disconnects.stream()
                .map(d -> d.worstDelayUs() == null ? 0L : Math.max(0L, d.worstDelayUs().longValue())).toList();
        if (worst.isEmpty()) {
            return new CycleDistribution(worst, 0, 0, 0, 0);
        }
        long[] sorted = worst.stream().mapToLong(Long::longValue).sorted().toArray();
        int n = sorted.length;
        return new CycleDistribution(worst, sorted[0], sorted[(int) StatisticsCalculator.rankIndex(n, 50)],
                sorted[(int) StatisticsCalculator.rankIndex(n, 90)], sorted[n - 1]);
    }

    public int cycles() {
        return worstUs.size();
    }

    /** The 90th percentile of the per-cycle worst delays, in milliseconds (the unit limits are written in). */
    public double p90() {
        return p90Us / 1000.0;
    }

    @Override
    public String toString() {
        return cycles() + " cycles, worst delay per cycle min " + minUs + " us, median " + medianUs + " us, p90 "
                + p90Us + " us, max " + maxUs + " us " + Arrays.toString(worstUs.toArray());
    }
}
