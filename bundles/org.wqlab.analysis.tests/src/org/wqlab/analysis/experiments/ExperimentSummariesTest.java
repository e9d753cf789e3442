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
        Instant created = Instant.parse("2026-11-21T08:30:00Z");
        ExperimentFolder folder = new Workspace(tmp).create("two cpus", created);
        Files.writeString(folder.kernelLog(), String.join("\n",
                "[  310.000001] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1",
                "[  311.200000] latency_mon: cpu=1 seq=12 delay_us=15000",
                "[  312.400000] latency_mon: cpu=0 seq=13 delay_us=2400000",
                "[  313.000000] latency_mon: stop", ""), StandardCharsets.UTF_8);
        long sealedBytes = Files.size(folder.kernelLog());
        folder.writeMetadata(ExperimentMetadata.of(folder.id(), "two cpus", created, ExperimentStatus.COMPLETED)
                .withKernelLog(KernelLogCheck.seal(folder.kernelLog())));

        ExperimentSummary intact = ExperimentSummaries.read(folder);
        assertEquals(2, intact.count());
        assertEquals(2_400_000, intact.worstUs());
        assertEquals(ExperimentStatus.COMPLETED, intact.status());
        assertTrue(intact.loaded());
        assertFalse(intact.damaged());

        Files.write(folder.kernelLog(), new byte[0]);
        ExperimentSummary emptied = ExperimentSummaries.read(folder);
        assertTrue(emptied.damaged());
        assertEquals("two cpus", emptied.name());
        assertEquals(ExperimentSummary.UNKNOWN, emptied.worstUs());
        assertEquals(folder.kernelLog() + " is 0 bytes; the import recorded " + sealedBytes
                + " bytes: the experiment is damaged", emptied.damage());
    }
}
