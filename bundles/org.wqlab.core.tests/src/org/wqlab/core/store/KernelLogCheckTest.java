package org.wqlab.core.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.KernelLogSeal;

class KernelLogCheckTest {

    @TempDir
    Path tmp;

    private ExperimentFolder folder;

    @BeforeEach
    void experimentWithALongLog() throws IOException {
        folder = new Workspace(tmp).create("usb pull", Instant.parse("2026-12-01T10:00:00Z"));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < 3 * KernelLogCheck.TAIL_BYTES; i++) {
            sb.append("[ ").append(1000 + i).append(".000100] latency_mon: DELAY: ").append(i % 97).append('\n');
        }
        Files.writeString(folder.kernelLog(), sb, StandardCharsets.UTF_8);
    }

    /** What a run leaves: a sequence, a status and the seal of the log as it ended. */
    private ExperimentMetadata sealedRun() throws Exception {
        ExperimentMetadata m = new ExperimentMetadata(1, folder.id(), "usb pull", "2026-12-01T10:00:00Z", null,
                "latency_mon", null, "{\"steps\": []}", ExperimentStatus.COMPLETED, "completed usb pull")
                .withKernelLog(KernelLogCheck.seal(folder.kernelLog()));
        folder.writeMetadata(m);
        return folder.readMetadata();
    }

    private Optional<String> damage() throws Exception {
        return KernelLogCheck.damage(folder, folder.readMetadata());
    }

    @Test
    void theSealRecordsLengthAndTheHashOfTheLastBlock() throws Exception {
        long size = Files.size(folder.kernelLog());
        KernelLogSeal seal = sealedRun().kernelLog();
        assertEquals(size, seal.bytes());
        assertEquals(KernelLogCheck.TAIL_BYTES, seal.tailBytes());
        assertEquals(64, seal.tailSha256().length());
        assertTrue(Files.readString(folder.metadataFile()).contains("\"bytes\": " + size));
        assertEquals(Optional.empty(), damage());
    }

    @Test
    void aTruncatedLogIsDamagedNamingFileAndBothLengths() throws Exception {
        long recorded = sealedRun().kernelLog().bytes();
        try (RandomAccessFile f = new RandomAccessFile(folder.kernelLog().toFile(), "rw")) {
            f.setLength(1000);
        }
        assertEquals(Optional.of(folder.kernelLog() + " is 1 000 bytes; the run recorded "
                + KernelLogCheck.group(recorded) + " bytes: the experiment is damaged"), damage());
    }

    @Test
    void anEmptiedLogIsDamaged() throws Exception {
        sealedRun();
        Files.write(folder.kernelLog(), new byte[0]);
        String why = damage().orElseThrow();
        assertTrue(why.startsWith(folder.kernelLog() + " is 0 bytes; the run recorded "), why);
        assertTrue(why.endsWith(": the experiment is damaged"), why);
    }

    @Test
    void aDeletedLogIsDamaged() throws Exception {
        long recorded = sealedRun().kernelLog().bytes();
        Files.delete(folder.kernelLog());
        assertEquals(Optional.of(folder.kernelLog() + " is missing; the run recorded " + KernelLogCheck.group(recorded)
                + " bytes: the experiment is damaged"), damage());
    }

    @Test
    void aChangedTailOfTheSameLengthIsDamaged() throws Exception {
        long recorded = sealedRun().kernelLog().bytes();
        try (RandomAccessFile f = new RandomAccessFile(folder.kernelLog().toFile(), "rw")) {
            f.seek(recorded - 3);
            f.write('9'); // one digit of the last DELAY report
        }
        assertEquals(recorded, Files.size(folder.kernelLog()));
        assertEquals(Optional.of(folder.kernelLog() + " has changed: its 65 536 bytes before byte "
                + KernelLogCheck.group(recorded) + " are not those the run recorded: the experiment is damaged"),
                damage());
    }

    @Test
    void aChangeBeforeTheLastBlockIsNotSeenButAppendedLinesAreFine() throws Exception {
        sealedRun();
        try (RandomAccessFile f = new RandomAccessFile(folder.kernelLog().toFile(), "rw")) {
            f.seek(10);
            f.write('7');
        }
        Files.writeString(folder.kernelLog(), "[ 9999.000000] latency_mon: stop\n", StandardOpenOption.APPEND);
        assertEquals(Optional.empty(), damage());
    }

    @Test
    void anImportSaysTheImportRecordedIt() throws Exception {
        ExperimentMetadata m = ExperimentMetadata.of(folder.id(), "imported", Instant.parse("2026-12-01T10:00:00Z"),
                ExperimentStatus.COMPLETED).withKernelLog(KernelLogCheck.seal(folder.kernelLog()));
        folder.writeMetadata(m);
        Files.write(folder.kernelLog(), new byte[0]);
        assertTrue(damage().orElseThrow().contains("; the import recorded "), damage().orElseThrow());
    }

    @Test
    void anEmptyLogThatTheRunRecordedEmptyIsIntact() throws Exception {
        Files.write(folder.kernelLog(), new byte[0]);
        assertEquals(0, sealedRun().kernelLog().bytes());
        assertEquals(Optional.empty(), damage());
    }

    @Test
    void oldMetadataWithoutTheFigureIsCheckedForAMissingOrEmptyLogOnly() throws Exception {
        String old = """
                {"formatVersion": 1, "id": "%s", "name": "old", "created": "2026-01-01T00:00:00Z",
                 "status": "completed", "sequence": "x", "notes": "stalled 6469 ms"}
                """.formatted(folder.id());
        Files.writeString(folder.metadataFile(), old);
        assertNull(folder.readMetadata().kernelLog());
        assertEquals(Optional.empty(), damage());
        try (RandomAccessFile f = new RandomAccessFile(folder.kernelLog().toFile(), "rw")) {
            f.setLength(10);
        }
        assertEquals(Optional.empty(), damage(), "shorter than it was, but nothing recorded how long it was");
        Files.write(folder.kernelLog(), new byte[0]);
        assertEquals(Optional.of(folder.kernelLog() + " is 0 bytes: the experiment is damaged"), damage());
        Files.delete(folder.kernelLog());
        assertEquals(Optional.of(folder.kernelLog() + " is missing: the experiment is damaged"), damage());
    }

    @Test
    void aRunStillUnderWayIsNotChecked() throws Exception {
        Files.write(folder.kernelLog(), new byte[0]);
        ExperimentMetadata running = ExperimentMetadata.of(folder.id(), "run", Instant.now(), ExperimentStatus.RUNNING);
        assertEquals(Optional.empty(), KernelLogCheck.damage(folder, running));
    }

    @Test
    void renamingKeepsTheSeal() throws Exception {
        KernelLogSeal seal = sealedRun().kernelLog();
        ExperimentChanges.rename(folder, "renamed");
        assertEquals(seal, folder.readMetadata().kernelLog());
        ExperimentChanges.writeNotes(folder, "a note");
        assertEquals(seal, folder.readMetadata().kernelLog());
    }

    @Test
    void lengthsAreGroupedByThousands() {
        assertEquals("0", KernelLogCheck.group(0));
        assertEquals("812 344", KernelLogCheck.group(812_344));
        assertEquals("4 294 967 296", KernelLogCheck.group(4_294_967_296L));
    }
}
