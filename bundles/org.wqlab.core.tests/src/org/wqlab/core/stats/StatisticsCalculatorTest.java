package org.wqlab.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.core.samples.SampleStore;

class StatisticsCalculatorTest {

    private static Event start(long line, String thresholdMs, String reportAll) {
        return new Event(line, line * 1000, TimePrecision.US, EventKind.MODULE_START, "all",
                Map.of("cpu", "all", "period_ms", "100", "threshold_ms", thresholdMs, "report_all", reportAll), "");
    }

    private static Event pull(long line, long ts) {
        return new Event(line, ts, TimePrecision.US, EventKind.USB_DISCONNECT, "2-1",
                Map.of("device_number", "2"), "");
    }

    @Test
    void percentilesUseNearestRank() {
        SampleStore s = new SampleStore();
        for (int i = 1; i <= 1000; i++) {
            s.add(i + 1, i * 100_000L, TimePrecision.US, i, 0, i, false);
        }
        Statistics st = StatisticsCalculator.compute(s, List.of(start(1, "9", "1")), 10_000);
        assertEquals(1000, st.count());
        assertEquals(1, st.minUs());
        assertEquals(1000, st.maxUs());
        assertEquals(500.5, st.meanUs(), 1e-9);
        assertEquals(500, st.p50Us());
        assertEquals(900, st.p90Us());
        assertEquals(990, st.p99Us());
        assertEquals(999, st.p999Us());
        assertFalse(st.lateRunsOnly());
        assertEquals(9000, st.thresholdUs());
        assertTrue(st.thresholdFromLog());
        assertEquals(0, st.lostReports());
        long binned = st.histogram().stream().mapToLong(HistogramBin::count).sum();
        assertEquals(1000, binned);
        HistogramBin b = st.histogram().stream().filter(h -> h.fromUs() == 500).findFirst().orElseThrow();
        assertEquals(1000, b.toUs());
        assertEquals(500, b.count());
    }

    @Test
    void classicOnlyLogIsLateRunsOnlyAndNegativeDelaysGetTheirOwnBin() {
        SampleStore s = new SampleStore();
        s.add(1, 1_000_000, TimePrecision.US, 10_000, -1, -1, true);
        s.add(2, 2_000_000, TimePrecision.US, 6_782_000, -1, -1, true);
        Statistics st = StatisticsCalculator.compute(s, List.of(), StatisticsCalculator.DEFAULT_THRESHOLD_US);
        assertTrue(st.lateRunsOnly());
        assertFalse(st.thresholdFromLog());

        SampleStore early = new SampleStore();
        early.add(1, 1, TimePrecision.US, -120, 2, 79, false);
        Statistics e = StatisticsCalculator.compute(early, List.of(), 10_000);
        assertEquals(1, e.histogram().get(0).count());
        assertEquals(-120, e.minUs());
        assertFalse(e.lateRunsOnly());
    }

    @Test
    void lostReportsPerCpuAndRestartsAreNotLosses() {
        SampleStore s = new SampleStore();
        s.add(2, 1, TimePrecision.US, 1, 0, 1, false);
        s.add(3, 2, TimePrecision.US, 1, 1, 1, false);
        s.add(4, 3, TimePrecision.US, 1, 0, 5, false); // 2..4 lost
        s.add(5, 4, TimePrecision.US, 1, 1, 3, false); // 2 lost
        s.add(7, 5, TimePrecision.US, 1, 0, 1, false); // after a restart
        s.add(8, 6, TimePrecision.US, 1, 0, 2, false);
        List<Event> events = List.of(start(1, "9", "1"), start(6, "9", "1"));
        assertEquals(4, LostReports.count(s, events));
    }

    @Test
    void disconnectWindowWorstDelayAndRecovery() {
        SampleStore s = new SampleStore();
        List<Event> events = new ArrayList<>();
        events.add(start(1, "9", "1"));
        s.add(2, 1_000_000, TimePrecision.US, 4_000, 0, 1, false);
        events.add(pull(3, 2_000_000));
        s.add(4, 2_100_000, TimePrecision.US, 30_000, 0, 2, false);
        s.add(5, 9_000_000, TimePrecision.US, 6_781_904, 0, 3, false); // worst
        s.add(6, 9_100_000, TimePrecision.US, 20_000, 0, 4, false);
        s.add(7, 9_200_000, TimePrecision.US, 4_100, 0, 5, false); // back under threshold
        s.add(8, 70_000_000, TimePrecision.US, 9_999_999, 0, 6, false); // outside the 60 s window
        events.add(pull(9, 80_000_000));
        Statistics st = StatisticsCalculator.compute(s, events, 10_000);
        assertEquals(2, st.disconnects().size());
        DisconnectImpact first = st.disconnects().get(0);
        assertEquals(6_781_904, first.worstDelayUs());
        assertEquals(5, first.worstLine());
        assertEquals(62_000_000, first.windowEndUs());
        assertEquals(7_200_000L, first.recoveryUs());
        assertEquals(DisconnectImpact.BASIS_UNDER_THRESHOLD, first.recoveryBasis());
        DisconnectImpact second = st.disconnects().get(1);
        assertNull(second.worstDelayUs());
        assertNull(second.recoveryUs());
    }

    @Test
    void disconnectInLateRunsOnlyLogRecoversAtTheLastLateReport() {
        SampleStore s = new SampleStore();
        List<Event> events = List.of(pull(1, 1_000_000), pull(5, 500_000_000));
        s.add(2, 1_500_000, TimePrecision.US, 12_000, -1, -1, true);
        s.add(3, 5_000_000, TimePrecision.US, 6_782_000, -1, -1, true);
        s.add(4, 8_000_000, TimePrecision.US, 11_000, -1, -1, true);
        Statistics st = StatisticsCalculator.compute(s, events, 10_000);
        assertTrue(st.lateRunsOnly());
        DisconnectImpact d = st.disconnects().get(0);
        assertEquals(6_782_000, d.worstDelayUs());
        assertEquals(7_000_000L, d.recoveryUs());
        assertEquals(DisconnectImpact.BASIS_LAST_LATE, d.recoveryBasis());
    }

    @Test
    void recoveryAcrossAReebootIsUnknownAndSaysWhyNeverNegative() {
        SampleStore s = new SampleStore();
        List<Event> events = new ArrayList<>();
        events.add(start(1, "9", "1"));
        events.add(pull(2, 1_435_010_000_000L));
        s.add(3, 1_435_011_000_000L, TimePrecision.US, 6_469_000, 0, 1, false); // worst
        s.add(4, 2_000_000, TimePrecision.US, 4_000, 0, 1, false); // after the reboot, under the threshold
        Statistics st = StatisticsCalculator.compute(s, events, 10_000);
        DisconnectImpact d = st.disconnects().get(0);
        assertEquals(6_469_000, d.worstDelayUs());
        assertNull(d.recoveryUs());
        assertEquals(DisconnectImpact.BASIS_TIME_JUMP, d.recoveryBasis());
        assertTrue(d.recoveryBasis().contains("clock went backwards"), d.recoveryBasis());
    }

    @Test
    void recoveryAfterAJumpBackThatLandsLaterThanThePullIsStillUnknown() {
        SampleStore s = new SampleStore();
        List<Event> events = List.of(start(1, "9", "1"), pull(2, 100_000_000));
        s.add(3, 150_000_000, TimePrecision.US, 50_000, 0, 1, false); // worst
        s.add(4, 110_000_000, TimePrecision.US, 30_000, 0, 2, false); // the clock stepped back 40 s
        s.add(5, 110_500_000, TimePrecision.US, 4_000, 0, 3, false);
        DisconnectImpact d = StatisticsCalculator.compute(s, events, 10_000).disconnects().get(0);
        assertNull(d.recoveryUs());
        assertEquals(DisconnectImpact.BASIS_TIME_JUMP, d.recoveryBasis());
    }

    @Test
    void reportsOfDifferentCpusSlightlyOutOfOrderAreNoTimeJump() {
        SampleStore s = new SampleStore();
        List<Event> events = List.of(start(1, "9", "1"), pull(2, 1_000_000));
        s.add(3, 2_000_000, TimePrecision.US, 50_000, 0, 1, false);
        s.add(4, 1_999_000, TimePrecision.US, 4_000, 1, 1, false);
        DisconnectImpact d = StatisticsCalculator.compute(s, events, 10_000).disconnects().get(0);
        assertEquals(999_000L, d.recoveryUs());
    }

    @Test
    void aWindowNeverEndsBeforeItStarts() {
        SampleStore s = new SampleStore();
        s.add(3, 5_000_000, TimePrecision.US, 20_000, 0, 1, false);
        // the second disconnect is stamped before the first (a reboot between them)
        List<Event> events = List.of(pull(2, 1_435_010_000_000L), pull(4, 3_000_000), pull(5, Long.MAX_VALUE - 5));
        Statistics st = StatisticsCalculator.compute(s, events, 10_000);
        for (DisconnectImpact d : st.disconnects()) {
            assertTrue(d.windowEndUs() >= d.timestampUs(), d.toString());
        }
        assertEquals(1_435_010_000_000L + StatisticsCalculator.DISCONNECT_WINDOW_US,
                st.disconnects().get(0).windowEndUs());
        assertEquals(20_000, st.disconnects().get(0).worstDelayUs(), "the window still ends at the next line");
        assertEquals(Long.MAX_VALUE, st.disconnects().get(2).windowEndUs());
    }

    @Test
    void untimedLogUsesLineOrderForTheWindow() {
        SampleStore s = new SampleStore();
        s.add(2, LogEntry.NO_TIME, TimePrecision.NONE, 12_000, -1, -1, true);
        Event p = new Event(1, LogEntry.NO_TIME, TimePrecision.NONE, EventKind.USB_DISCONNECT, "2-1", Map.of(), "");
        Statistics st = StatisticsCalculator.compute(s, List.of(p), 10_000);
        assertEquals(12_000, st.disconnects().get(0).worstDelayUs());
        assertNull(st.disconnects().get(0).recoveryUs());
    }

    @Test
    void emptyStore() {
        Statistics st = StatisticsCalculator.compute(new SampleStore(), List.of(), 10_000);
        assertEquals(0, st.count());
        assertFalse(st.lateRunsOnly());
        assertEquals(0, st.p999Us());
    }
}
