package org.wqlab.core.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.InputException;

class StoreTest {

    @TempDir
    Path tmp;

    private static ExperimentMetadata sample(String id) {
        return new ExperimentMetadata(1, id, "usb pull on salvator", "2026-11-29T20:25:03Z",
                Map.of("kernel", "5.10.147-yocto-standard", "machine", "aarch64"), "latency_mon",
                Map.of("period_ms", "100", "threshold_ms", "9"), "load\npull 2-1\nwait 60s\nunload\n",
                ExperimentStatus.INTERRUPTED, "stick pulled by hand");
    }

    @Test
    void metadataRoundTripsThroughJson() throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        ExperimentFolder f = ws.create("USB pull / salvator", Instant.parse("2026-11-29T20:25:03Z"));
        assertEquals("20261129-202503-usb-pull-salvator", f.id());
        ExperimentMetadata m = sample(f.id());
        f.writeMetadata(m);
        assertEquals(m, f.readMetadata());
        String json = Files.readString(f.metadataFile());
        assertTrue(json.contains("\"formatVersion\": 1"), json);
        assertTrue(json.contains("\"status\": \"interrupted\""), json);
        try (var s = Files.list(f.dir())) {
            assertEquals(List.of(f.metadataFile()), s.toList(), "no temp file left behind");
        }
        f.writeMetadata(m.withStatus(ExperimentStatus.COMPLETED));
        assertEquals(ExperimentStatus.COMPLETED, f.readMetadata().status());
    }

    @Test
    void idsAreUnique() throws IOException {
        Workspace ws = new Workspace(tmp);
        Instant t = Instant.parse("2026-11-29T20:25:03Z");
        ExperimentFolder a = ws.create("run", t);
        ExperimentFolder b = ws.create("run", t);
        assertNotEquals(a.id(), b.id());
        Files.writeString(a.kernelLog(), "x\n");
        Files.writeString(b.metadataFile(), "{}");
        Files.createDirectory(tmp.resolve("not-an-experiment"));
        assertEquals(List.of(a, b), ws.experiments());
    }

    @Test
    void experimentsAreFoundByPathOrByIdInTheWorkspace() throws IOException {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        ExperimentFolder a = ws.create("run", Instant.parse("2026-11-29T20:25:03Z"));
        assertEquals(Optional.of(a), ws.find(a.id()));
        assertEquals(Optional.of(new ExperimentFolder(a.dir())), ws.find(a.dir().toString()));
        assertEquals(Optional.empty(), ws.find("no-such-id"));
        assertEquals(Optional.empty(), ws.find("sub/" + a.id()), "an id never has a slash");
    }

    @Test
    void damagedMetadataNamesFileAndLineOrField() throws IOException {
        Path file = tmp.resolve("experiment.json");
        Files.writeString(file, "{\n  \"formatVersion\": 1,\n  \"id\": \"x\",\n  \"name\": oops\n  \"created\": 3\n}");
        InputException e = assertThrows(InputException.class, () -> MetadataJson.read(file));
        assertEquals(file, e.file());
        assertTrue(e.line() >= 4, e.getMessage());
        assertTrue(e.getMessage().startsWith(file.toString() + ":" + e.line() + ": malformed JSON"), e.getMessage());

        Files.writeString(file, "{\"formatVersion\": 1, \"id\": \"x\", \"name\": \"n\", \"created\": \"c\"}");
        e = assertThrows(InputException.class, () -> MetadataJson.read(file));
        assertTrue(e.getMessage().contains("field 'status' missing"), e.getMessage());

        Files.writeString(file, "{\"formatVersion\": 9}");
        e = assertThrows(InputException.class, () -> MetadataJson.read(file));
        assertTrue(e.getMessage().contains("'formatVersion'"), e.getMessage());

        Files.write(file, new byte[] { 0, (byte) 0xff, 0x13, 0x37 });
        e = assertThrows(InputException.class, () -> MetadataJson.read(file));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());

        e = assertThrows(InputException.class, () -> MetadataJson.read(tmp.resolve("missing.json")));
        assertTrue(e.getMessage().contains("missing metadata file"), e.getMessage());
    }

    @Test
    void rawLogIsAppendOnlyAndVisibleAtOnce() throws IOException {
        Path log = tmp.resolve("kernel.log");
        try (RawLogAppender a = new RawLogAppender(log)) {
            byte[] first = "[ 1.000000] a\n".getBytes(StandardCharsets.US_ASCII);
            a.append(first, 0, first.length);
            assertEquals("[ 1.000000] a\n", Files.readString(log));
            a.flush();
        }
        try (RawLogAppender a = new RawLogAppender(log)) {
            byte[] more = "xx[ 2.000000] b\nyy".getBytes(StandardCharsets.US_ASCII);
            a.append(more, 2, 14);
            assertEquals(28, a.size());
        }
        assertEquals("[ 1.000000] a\n[ 2.000000] b\n", Files.readString(log));
    }

    @Test
    void atomicWritesGetTheUmaskLikeAnyFileWithoutSecrets() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("modes"));
        Path reference = Files.createFile(dir.resolve("plain")); // the umask decides its mode
        Path written = dir.resolve("experiment.json");
        AtomicFiles.write(written, "{}".getBytes(StandardCharsets.UTF_8));
        assertEquals(Files.getPosixFilePermissions(reference), Files.getPosixFilePermissions(written));
        AtomicFiles.write(written, "{ }".getBytes(StandardCharsets.UTF_8));
        assertEquals(Files.getPosixFilePermissions(reference), Files.getPosixFilePermissions(written));
        assertEquals("{ }", Files.readString(written));
        try (var left = Files.list(dir)) {
            assertEquals(2, left.count(), "no temporary file left");
        }
    }
}
