package org.wqlab.analysis.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

/** An experiment folder read into its summary, intact and after its kernel log was emptied. */
class ExperimentSummariesTest {

    @TempDir
    Path tmp;

    @Test
    void anIntactFolderReadsItsWorstDelayAndAnEmptiedLogReadsDamagedNamingTheFile() throws Exception {
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
        assertEquals(6_781_904, intact.worstUs());
        assertEquals(1, intact.count());
        assertEquals("stalled 6782 ms", intact.notes());
        assertTrue(intact.loaded());
        assertFalse(intact.damaged());

        Files.write(f.kernelLog(), new byte[0]);
        ExperimentSummary damaged = ExperimentSummaries.read(f);
        assertTrue(damaged.damaged());
        assertEquals("salvator 5.4", damaged.name());
        assertEquals(ExperimentSummary.UNKNOWN, damaged.worstUs());
        assertEquals(f.kernelLog() + " is 0 bytes; the import recorded " + recorded
                + " bytes: the experiment is damaged", damaged.damage());
    }
}
