package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.KernelLogCheck;
import org.wqlab.core.store.Workspace;
import org.wqlab.analysis.experiments.ExperimentSummaries;
import org.wqlab.analysis.experiments.ExperimentSummary;

/** The Experiments view's row of an experiment whose kernel log was emptied after its run. */
class DamagedExperimentRowTest {

    @TempDir
    Path tmp;

    @Test
    void anEmptiedLogReadsDamagedWithTheReasonAsToolTipAndItsNameStillShown() throws Exception {
        ExperimentFolder f = new Workspace(tmp).create("salvator 5.4", Instant.parse("2026-11-20T10:00:00Z"));
        Files.writeString(f.kernelLog(), """
                [ 2001.000112] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1
                [ 2008.922001] latency_mon: cpu=0 seq=2 delay_us=6781904
                [ 2011.500000] latency_mon: stop
                """, StandardCharsets.UTF_8);
        long recorded = Files.size(f.kernelLog());
        f.writeMetadata(ExperimentMetadata.of(f.id(), "salvator 5.4", Instant.parse("2026-11-20T10:00:00Z"),
                ExperimentStatus.COMPLETED).withNotes("stalled 6782 ms").withKernelLog(KernelLogCheck.seal(f.kernelLog())));
        ExperimentSummary intact = ExperimentSummaries.read(f);
        assertEquals("6781.9 ms", ExperimentColumn.WORST.text(intact));
        assertEquals("stalled 6782 ms", ExperimentsView.toolTip(intact));

        Files.write(f.kernelLog(), new byte[0]);
        ExperimentSummary damaged = ExperimentSummaries.read(f);
        assertEquals("damaged", ExperimentColumn.STATUS.text(damaged));
        assertEquals("salvator 5.4", ExperimentColumn.NAME.text(damaged));
        assertEquals(f.kernelLog() + " is 0 bytes; the import recorded " + recorded
                + " bytes: the experiment is damaged", ExperimentsView.toolTip(damaged));
        assertTrue(ExperimentsView.matches(damaged, "damaged"), "the filter finds the word the row shows");
    }
}
