package org.wqlab.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class CycleDistributionTest {

    private static DisconnectImpact cycle(long line, Integer worstUs) {
        return new DisconnectImpact(line, line * 1000, "2-1", line * 1000 + 10, worstUs, worstUs == null ? 0 : line + 1,
                null, DisconnectImpact.BASIS_NONE);
    }

    @Test
    void aCycleWithoutALateReportCountsZeroAndPercentilesAreNearestRank() {
        List<DisconnectImpact> cycles = new ArrayList<>();
        // worst delays 1..19 ms in a shuffled order, and one cycle with no report
        int[] ms = { 7, 3, 19, 11, 1, 15, 5, 13, 9, 17, 2, 18, 4, 16, 6, 14, 8, 12, 10 };
        for (int i = 0; i < ms.length; i++) {
            cycles.add(cycle(10L * i, ms[i] * 1000));
        }
        cycles.add(cycle(500, null));
        CycleDistribution d = CycleDistribution.ofDisconnects(cycles);
        assertEquals(20, d.cycles());
        assertEquals(0, d.worstUs().get(19));
        assertEquals(7000, d.worstUs().get(0));
        assertEquals(0, d.minUs());
        assertEquals(9000, d.medianUs(), "rank 10 of 0,1..19");
        assertEquals(17000, d.p90Us(), "rank 18 of 0,1..19");
        assertEquals(17.0, d.p90());
        assertEquals(19000, d.maxUs());
    }

    @Test
    void noDisconnectIsAnEmptyDistribution() {
        CycleDistribution d = CycleDistribution.ofDisconnects(List.of());
        assertEquals(0, d.cycles());
        assertEquals(0, d.maxUs());
    }
}
