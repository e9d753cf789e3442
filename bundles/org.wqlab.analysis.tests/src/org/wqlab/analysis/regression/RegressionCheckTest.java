package org.wqlab.analysis.regression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class RegressionCheckTest {

    private static final Path DIR = Path.of("exp");
    private static final RegressionCheck TEN_PERCENT = new RegressionCheck(0.10);

    private static RegressionFigures figures(String label, long worstMs, long p99Us, long lost, long cachedMib) {
        return new RegressionFigures(label, worstMs * 1000, p99Us, lost, cachedMib * 1024);
    }

    private static MetricChange change(RunRegression r, String metric) {
        return r.changes().stream().filter(c -> c.metric().equals(metric)).findFirst().orElseThrow();
    }

    @Test
    void aLongerStallAtTheSameCachedSizeRegressesByItsSize() {
        RunRegression r = TEN_PERCENT.check(figures("tailored", 2300, 500, 0, 1024),
                figures("default", 6900, 520, 0, 1030), DIR);
        assertTrue(r.regressed());
        MetricChange worst = change(r, "worstAfterDisconnectUs");
        assertTrue(worst.regressed());
        assertEquals(2.0, worst.change(), 1e-9);
        assertEquals("worst delay after the disconnect 6900 ms vs 2300 ms baseline (+200 %)", worst.text());
        assertFalse(change(r, "p99Us").regressed(), "20 us more is under the 1 ms noise floor");
        assertTrue(r.summary().startsWith("default regressed: worst delay after the disconnect"), r.summary());
    }

    @Test
    void aShorterStallPasses() {
        RunRegression r = TEN_PERCENT.check(figures("default", 6900, 500, 0, 1024),
                figures("tailored", 2300, 500, 0, 1024), DIR);
        assertFalse(r.regressed(), r.summary());
        assertEquals(-2.0 / 3, change(r, "worstAfterDisconnectUs").change(), 1e-9);
    }

    @Test
    void differentCachedSizesAreComparedPerCachedMib() {
        // twice the cache, twice the stall: the same cost per cached MiB
        RunRegression same = TEN_PERCENT.check(figures("1 GiB", 1929, 400, 0, 1024),
                figures("2 GiB", 3947, 400, 0, 2048), DIR);
        MetricChange perMib = change(same, "worstAfterDisconnectMsPerCachedMib");
        assertFalse(same.regressed(), same.summary());
        assertEquals(1929.0 / 1024, perMib.baseline(), 1e-9);
        assertEquals(3947.0 / 2048, perMib.value(), 1e-9);
        // the same stall from half the cache costs twice as much per MiB
        RunRegression worse = TEN_PERCENT.check(figures("2 GiB", 3947, 400, 0, 2048),
                figures("1 GiB", 3947, 400, 0, 1024), DIR);
        assertTrue(worse.regressed(), worse.summary());
        assertEquals(1.0, change(worse, "worstAfterDisconnectMsPerCachedMib").change(), 1e-9);
    }

    @Test
    void theToleranceAndTheNoiseFloorBothHaveToBeExceeded() {
        assertFalse(TEN_PERCENT.check(figures("a", 1000, 0, 0, 1024), figures("b", 1099, 0, 0, 1024), DIR)
                .regressed(), "9.9 % is within 10 %");
        assertTrue(TEN_PERCENT.check(figures("a", 1000, 0, 0, 1024), figures("b", 1101, 0, 0, 1024), DIR)
                .regressed(), "10.1 % is beyond 10 %");
        assertFalse(TEN_PERCENT.check(new RegressionFigures("a", 300, 0, 0, -1),
                new RegressionFigures("b", 900, 0, 0, -1), DIR).regressed(), "+200 % of 0.3 ms is 0.6 ms: noise");
        assertTrue(new RegressionCheck(0.5).check(figures("a", 1000, 0, 0, 1024), figures("b", 1400, 0, 0, 1024),
                DIR).changes().stream().noneMatch(MetricChange::regressed), "40 % is within a 50 % tolerance");
    }

    @Test
    void lostReportsRegressFromNone() {
        RunRegression r = TEN_PERCENT.check(figures("a", 1000, 0, 0, 1024), figures("b", 1000, 0, 2, 1024), DIR);
        MetricChange lost = change(r, "lostReports");
        assertTrue(lost.regressed());
        assertEquals("lost reports 2 vs 0 baseline (from none)", lost.text());
    }

    @Test
    void unknownFiguresAreLeftOut() {
        RunRegression r = TEN_PERCENT.check(new RegressionFigures("a", -1, 100, 0, -1),
                new RegressionFigures("b", 5_000_000, 100, 0, -1), DIR);
        assertTrue(r.changes().stream().noneMatch(c -> c.metric().startsWith("worst")), r.changes()::toString);
        assertFalse(r.regressed());
    }

    @Test
    void theMedianOfABaselineFolderTakesEachFigureOnItsOwn() {
        RegressionFigures m = RegressionFigures.median("median", List.of(figures("a", 1000, 300, 0, 1024),
                figures("b", 3000, 100, 2, 1024), figures("c", 2000, 200, 1, -1)));
        assertEquals(2_000_000, m.worstAfterDisconnectUs());
        assertEquals(200, m.p99Us());
        assertEquals(1, m.lostReports());
        assertEquals(1024 * 1024, m.copiedCachedKb(), "the median of the known sizes");
        RegressionFigures even = RegressionFigures.median("even", List.of(figures("a", 1000, 0, 0, 1024),
                figures("b", 2000, 0, 0, 1024)));
        assertEquals(1_500_000, even.worstAfterDisconnectUs());
    }

    @Test
    void aNegativeToleranceIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RegressionCheck(-0.1));
        assertThrows(IllegalArgumentException.class, () -> new RegressionCheck(Double.NaN));
    }
}
