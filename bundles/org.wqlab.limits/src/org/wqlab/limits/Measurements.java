package org.wqlab.limits;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;
import org.wqlab.core.stats.CycleDistribution;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;

/**
 * The figures limits are judged on, in microseconds. Null: nothing to measure (no disconnect, no report outside the
 * windows). Percentiles use the nearest-rank method, as {@link Statistics} does.
 *
 * @param disconnects                 what each disconnect did, from the statistics
 * @param worstAfterDisconnectUs      the largest of the per-disconnect worst delays
 * @param p99OutsideDisconnectUs      p99 of the reports outside every disconnect window
 * @param samplesOutsideDisconnect    how many reports that p99 is of
 * @param p90WorstAfterDisconnectUs   p90 of the per-disconnect worst delays (a disconnect with no late report 0)
 */
public record Measurements(List<DisconnectImpact> disconnects, Long worstAfterDisconnectUs,
        Long p99OutsideDisconnectUs, long samplesOutsideDisconnect, long lostReports,
        Long p90WorstAfterDisconnectUs) {

    public Measurements {
        disconnects = List.copyOf(disconnects);
    }

    public static Measurements of(LogContent content, Statistics statistics) {
        List<DisconnectImpact> d = statistics.disconnects();
        long[] worsts = d.stream().map(DisconnectImpact::worstDelayUs).filter(Objects::nonNull)
                .mapToLong(Integer::longValue).sorted().toArray();
        int[] outside = outsideWindows(content.samples(), content.events(), d);
        Arrays.sort(outside);
        // the p90 over cycles counts a disconnect with no late report as 0: a soak asks how often it stalls
        return new Measurements(d, worsts.length == 0 ? null : worsts[worsts.length - 1],
                outside.length == 0 ? null : (long) outside[rankIndex(outside.length, 99)], outside.length,
                statistics.lostReports(), worsts.length == 0 ? null : CycleDistribution.ofDisconnects(d).p90Us());
    }

    /** The measured value a limit of this name is judged on, in the name's unit; empty when there is none. */
    public OptionalDouble valueOf(LimitName name) {
        Long v = switch (name) {
            case WORST_AFTER_DISCONNECT -> worstAfterDisconnectUs;
            case P99 -> p99OutsideDisconnectUs;
            case LOST_REPORTS -> lostReports;
            case P90_WORST_AFTER_DISCONNECT -> p90WorstAfterDisconnectUs;
        };
        if (v == null) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(name.unit() == LimitName.Unit.MS ? v / 1000.0 : v);
    }

    /** Why a name has no value, for "not judged: ...". */
    public String whyNoValue(LimitName name) {
        return switch (name) {
            case WORST_AFTER_DISCONNECT, P90_WORST_AFTER_DISCONNECT -> disconnects.isEmpty()
                    ? "not judged: the log holds no USB disconnect"
                    : "not judged: no report in any disconnect's window";
            case P99 -> "not judged: no report outside the disconnect windows";
            case LOST_REPORTS -> "not judged: nothing measured";
        };
    }

    /**
     * The delays outside every disconnect window: a report is inside disconnect k's window when it comes after the
     * disconnect's line and before the next disconnect's, and (when both are timed) is stamped at or before the
     * window's end, the same rule the statistics use.
     */
    private static int[] outsideWindows(SampleStore s, List<Event> events, List<DisconnectImpact> windows) {
        List<Event> pulls = events.stream().filter(e -> e.kind() == EventKind.USB_DISCONNECT).toList();
        int n = s.size();
        int[] out = new int[n];
        int count = 0;
        int k = -1; // the last disconnect before the current report
        for (int i = 0; i < n; i++) {
            long line = s.line(i);
            while (k + 1 < pulls.size() && pulls.get(k + 1).line() < line) {
                k++;
            }
            boolean inside = false;
            if (k >= 0 && k < windows.size()) {
                DisconnectImpact w = windows.get(k);
                long ts = s.timestampUs(i);
                inside = w.windowEndUs() == LogEntry.NO_TIME || ts == LogEntry.NO_TIME || ts <= w.windowEndUs();
            }
            if (!inside) {
                out[count++] = s.delayUs(i);
            }
        }
        return Arrays.copyOf(out, count);
    }

    private static int rankIndex(int n, double p) {
        return (int) StatisticsCalculator.rankIndex(n, p);
    }
}
