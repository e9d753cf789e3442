package org.wqlab.core.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path tmp;

    @Test
    void aWriteThatFailsLeavesTheOldFileAndNoTemporaryFile() throws IOException {
        Path file = tmp.resolve("boards.json");
        AtomicFiles.write(file, "old".getBytes(StandardCharsets.UTF_8));
        IOException thrown = assertThrows(IOException.class, () -> AtomicFiles.write(file, ch -> {
            ch.write(java.nio.ByteBuffer.wrap("half of the new".getBytes(StandardCharsets.UTF_8)));
            throw new IOException("disk full");
        }, true));
        assertEquals("disk full", thrown.getMessage());
        assertEquals("old", Files.readString(file));
        try (var left = Files.list(tmp)) {
            assertEquals(1, left.count(), "no temporary file left");
        }
    }

    @Test
    void aPrivateFileIsReadableByItsOwnerOnlyAndReplacesTheOldOne() throws IOException {
        Path file = tmp.resolve("known_hosts");
        Files.writeString(file, "old\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        AtomicFiles.writePrivate(file, "new\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("new\n", Files.readString(file));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (var left = Files.list(tmp)) {
            assertEquals(1, left.count(), "no temporary file left");
        }
    }

    @Test
    void aFileInAMissingFolderIsAnErrorAndNothingIsCreated() {
        Path file = tmp.resolve("absent").resolve("run.json");
        assertThrows(IOException.class, () -> AtomicFiles.write(file, "{}".getBytes(StandardCharsets.UTF_8)));
        assertFalse(Files.exists(tmp.resolve("absent")));
    }
}
