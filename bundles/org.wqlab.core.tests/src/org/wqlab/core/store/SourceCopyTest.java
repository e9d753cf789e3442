package org.wqlab.core.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.ImportSource;

/** The file an experiment was imported from: kept byte for byte in source/, recorded in experiment.json. */
class SourceCopyTest {

    @TempDir
    Path tmp;

    @Test
    void theSourceIsKeptByteForByteAndRecordedInTheMetadata() throws Exception {
        byte[] bytes = new byte[3 << 20 | 17]; // more than one copy chunk, every byte value, CR and NUL among them
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + i / 7);
        }
        Path file = Files.write(tmp.resolve("job 6.yaml"), bytes);
        ExperimentFolder folder = new Workspace(tmp.resolve("ws")).create("x", Instant.EPOCH);

        ImportSource s = SourceCopy.keep(folder, file, "lava-job");

        assertEquals(new ImportSource("job 6.yaml", "source/job 6.yaml", bytes.length,
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)), "lava-job"), s);
        Path kept = folder.dir().resolve("source").resolve("job 6.yaml");
        assertArrayEquals(bytes, Files.readAllBytes(kept));
        try (var list = Files.list(kept.getParent())) {
            assertEquals(List.of(kept), list.toList(), "no temporary file left beside it");
        }
        assertEquals(Optional.of(kept.toAbsolutePath().normalize()), folder.sourceFile(s));

        ExperimentMetadata m = ExperimentMetadata.of(folder.id(), "x", Instant.EPOCH, ExperimentStatus.COMPLETED)
                .withSource(s);
        folder.writeMetadata(m);
        assertEquals(m, folder.readMetadata());
        assertTrue(Files.readString(folder.metadataFile()).contains("\"file\": \"source/job 6.yaml\""));
        assertEquals(s, m.withName("y").withNotes("n").withStatus(ExperimentStatus.COMPLETED).source(),
                "every with* keeps the source");
    }

    @Test
    void metadataWithoutASourceReadsAsNone() throws Exception {
        ExperimentFolder folder = new Workspace(tmp).create("old", Instant.EPOCH);
        Files.writeString(folder.metadataFile(), """
                {"formatVersion": 1, "id": "old", "name": "old", "created": "1970-01-01T00:00:00Z",
                 "status": "completed"}
                """);
        assertNull(folder.readMetadata().source());
        assertEquals(Optional.empty(), folder.sourceFile(null));
    }

    @Test
    void aRecordedPathLeadingOutOfTheFolderIsNoSource() throws Exception {
        ExperimentFolder folder = new Workspace(tmp).create("x", Instant.EPOCH);
        for (String file : new String[] { "../other/kernel.log", "/etc/passwd", "source/../../x", ".", "" }) {
            assertEquals(Optional.empty(), folder.sourceFile(new ImportSource("x", file, 1, null, "dmesg")), file);
        }
        assertEquals(Optional.of(folder.kernelLog().toAbsolutePath().normalize()),
                folder.sourceFile(new ImportSource("dmesg.txt", "kernel.log", 1, null, "dmesg")));
    }
}
