package org.wqlab.analysis.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.regression.RegressionFigures;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.InputException;

class BaselinesTest {

    private static ExperimentSummary summary(Path dir, String board, long worstMs) {
        RegressionFigures f = new RegressionFigures(dir.getFileName().toString(), worstMs * 1000, 400, 0,
                1024 * 1024);
        return new ExperimentSummary(dir, dir.getFileName().toString(), dir.getFileName().toString(),
                "2026-12-04T10:00:00Z", board, "6.1.0", "", 100, worstMs * 1000, ExperimentStatus.COMPLETED, "", "",
                "", null, "", f, null);
    }

    @Test
    void theBaselinesOfBoardsSurviveTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("state").resolve(Baselines.FILE);
        assertEquals(Baselines.none(), Baselines.read(file), "no file: no baselines");
        Baselines b = Baselines.none().with("R-Car H3", dir.resolve("a")).with("QEMU", dir.resolve("q"));
        b.write(file);
        Baselines back = Baselines.read(file);
        assertEquals(b, back);
        assertEquals(dir.resolve("a"), back.of("R-Car H3").orElseThrow());
        assertEquals(List.of("QEMU"), List.copyOf(back.without("R-Car H3").byBoard().keySet()));
    }

    @Test
    void aBrokenFileNamesItselfAndTheField(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve(Baselines.FILE), "{\"baselines\": {\"R-Car\": 3}}");
        InputException e = assertThrows(InputException.class, () -> Baselines.read(file));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("\"baselines\".\"R-Car\": expected the experiment folder"),
                e.getMessage());
    }

    @Test
    void eachRunOfABoardIsCheckedAgainstItsBaseline(@TempDir Path dir) {
        ExperimentSummary base = summary(dir.resolve("base"), "rcar", 2300);
        ExperimentSummary worse = summary(dir.resolve("worse"), "rcar", 6900);
        ExperimentSummary better = summary(dir.resolve("better"), "rcar", 2000);
        ExperimentSummary other = summary(dir.resolve("other"), "qemu", 9000);
        List<ExperimentSummary> out = Baselines.none().with("rcar", base.dir())
                .annotate(List.of(worse, base, other, better));
        assertTrue(out.get(1).baseline().isBaseline());
        assertEquals("baseline", out.get(1).baseline().text());
        assertTrue(out.get(0).baseline().regressed());
        assertEquals("+200 % worst, regressed", out.get(0).baseline().text());
        assertEquals("Against the baseline, base:\nregressed: worst delay after the disconnect 6900 ms vs 2300 ms"
                + " baseline (+200 %)\np99 delay 0.400 ms vs 0.400 ms baseline (+0 %)\nlost reports 0 vs 0 baseline"
                + " (+0 %)", out.get(0).baseline().explanation());
        assertNull(out.get(2).baseline(), "another board has no baseline");
        assertFalse(out.get(3).baseline().regressed());
        assertEquals("-13 % worst", out.get(3).baseline().text());
    }

    @Test
    void aBaselineThatIsGoneChangesNothing(@TempDir Path dir) {
        ExperimentSummary run = summary(dir.resolve("run"), "rcar", 2300);
        List<ExperimentSummary> out = Baselines.none().with("rcar", dir.resolve("deleted")).annotate(List.of(run));
        assertNull(out.get(0).baseline());
    }
}
