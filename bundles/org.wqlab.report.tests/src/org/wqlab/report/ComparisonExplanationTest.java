package org.wqlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.experiments.RunRecord;
import org.wqlab.report.ComparisonExplanation.Conditions;

class ComparisonExplanationTest {

    private static final Map<String, String> PARAMS = Map.of("cpu", "-1", "report_all", "1");

    private static Conditions run(String label, long stallMs, long copiedMiB, long threshUs, String board) {
        return new Conditions(label, stallMs * 1000, copiedMiB * 1024, threshUs, board, "5.4.72", "PREEMPT HZ=250",
                PARAMS);
    }

    @Test
    void theSameCostPerCachedMiBSaysTheDifferenceIsTheCachedSize() {
        List<String> why = ComparisonExplanation.explain(run("size.mib=1024", 1929, 1024, -1, "sim"),
                List.of(run("size.mib=2048", 3947, 2048, -1, "sim")));
        assertEquals(List.of("size.mib=1024 against size.mib=2048: the same cost, 1.9 vs 1.9 ms per cached MiB: the"
                + " difference is the cached size (1024 vs 2048 MiB)"), why);
    }

    @Test
    void atTheSameCachedSizeItSaysWhichIsBetterAndWhatDiffers() {
        List<String> why = ComparisonExplanation.explain(run("tailored", 580, 1024, -1, "Simulated rcar-h3-tailored"),
                List.of(run("default", 1630, 1024, -1, "Simulated rcar-h3-default")));
        assertEquals(List.of("tailored is 2.8x better than default at the same cached size (1024 MiB); they differ in"
                + " board (Simulated rcar-h3-tailored vs Simulated rcar-h3-default)"), why);
    }

    @Test
    void aDifferentCostAndSizeSaysBoth() {
        List<String> why = ComparisonExplanation.explain(run("a", 1000, 1024, -1, "sim"),
                List.of(run("b", 6000, 2048, -1, "sim")));
        assertEquals(List.of("a against b: 0.98 vs 2.9 ms per cached MiB, so a is 3.0x better per cached MiB; the"
                + " cached sizes differ too (1024 vs 2048 MiB)"), why);
    }

    @Test
    void aStallEndedByTheCpuIntensiveThresholdIsSaidSoWhateverTheSize() {
        List<String> why = ComparisonExplanation.explain(run("linux6.12", 984, 4096, 1_000_000, "sim"),
                List.of(run("default", 6462, 4096, -1, "sim"), run("tailored", 2247, 4096, -1, "sim")));
        assertEquals(List.of("linux6.12's stall ends at its 1000 ms CPU_INTENSIVE threshold"
                + " (workqueue.cpu_intensive_thresh_us): the kernel lets another worker run then, whatever the cached"
                + " size", "tailored is 2.9x better than default at the same cached size (4096 MiB): nothing else"
                + " recorded differs, so the difference is in what was not recorded"), why);
        assertTrue(run("x", 600, 1, 1_000_000, "s").cutByThreshold() == false, "far below the threshold: not cut");
    }

    @Test
    void anUnknownCachedSizeIsNamed() {
        List<String> why = ComparisonExplanation.explain(run("a", 1000, 1024, -1, "sim"),
                List.of(run("b", 3000, 0, -1, "sim")));
        assertEquals(List.of("a against b: the cached size of b is not recorded (no Cached reading before the copy), so"
                + " only the worst delays are compared"), why);
    }

    @Test
    void theCopiedShareIsCachedBeforeThePullMinusCachedBeforeTheCopy(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(RunRecord.FILE), """
                {"cachedKbBeforeDisconnect": [1300000], "steps": [
                  {"type": "run", "detail": "exit 0"},
                  {"type": "run", "detail": "exit 0: Cached:           251904 kB"},
                  {"type": "run", "detail": "exit 0"},
                  {"type": "run", "detail": "exit 0: Cached:          1299980 kB"},
                  {"type": "usb-disconnect", "detail": "disconnected"},
                  {"type": "run", "detail": "exit 0: Cached:             100 kB"}]}
                """);
        assertEquals(1300000 - 251904, RunRecord.copiedCachedKb(dir));
        Files.writeString(dir.resolve(RunRecord.FILE), """
                {"cachedKbBeforeDisconnect": [1300000], "steps": [
                  {"type": "run", "detail": "exit 0: Cached:          1300000 kB"},
                  {"type": "usb-disconnect", "detail": "disconnected"}]}
                """);
        assertEquals(-1, RunRecord.copiedCachedKb(dir), "only the reading before the pull: no baseline");
    }
}
