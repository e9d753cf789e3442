package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.analysis.experiments.ExperimentSummary;

class ExperimentFilterTest {
    private static final ExperimentSummary TAILORED = new ExperimentSummary(Path.of("/ws/a"), "a", "tailored config",
            "2026-11-29T20:25:03Z", "R-Car H3", "5.10.147-yocto", "PREEMPT, HZ=250", 900, 2_345_600,
            ExperimentStatus.COMPLETED, "stick: SanDisk", "");
    private static final ExperimentSummary DEFAULT = new ExperimentSummary(Path.of("/ws/b"), "b", "default config",
            "2026-11-28T10:00:00Z", "R-Car H3", "6.12.0", "HZ=1000", 1200, 36_100_000,
            ExperimentStatus.INTERRUPTED, "", "");

    @Test
    void everyWordMustMatchSomeColumnOrTheNotes() {
        assertTrue(ExperimentsView.matches(TAILORED, "sandisk 5.10"));
        assertTrue(ExperimentsView.matches(DEFAULT, "  INTERRUPTED 6.12 "));
        assertFalse(ExperimentsView.matches(TAILORED, "tailored 6.12"));
        assertTrue(ExperimentsView.matches(DEFAULT, ""));
    }

    @Test
    void worstDelaySortsByValueNotByText() {
        List<ExperimentSummary> list = new ArrayList<>(List.of(DEFAULT, TAILORED));
        list.sort(ExperimentColumn.WORST.order());
        assertEquals(List.of(TAILORED, DEFAULT), list);
        assertEquals("36100.0 ms", ExperimentColumn.WORST.text(DEFAULT));
        assertEquals("2026-11-29 20:25:03", ExperimentColumn.DATE.text(TAILORED));
    }
}
