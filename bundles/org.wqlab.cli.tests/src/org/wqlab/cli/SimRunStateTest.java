package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.store.RunLock;

/** The simulated board's state folder of a run: deleted at its end, and after a kill by the next run. */
class SimRunStateTest {

    private static List<Path> folders(Path parent) throws Exception {
        try (Stream<Path> s = Files.list(parent)) {
            return s.filter(p -> p.getFileName().toString().startsWith(SimRunState.PREFIX)).sorted().toList();
        }
    }

    @Test
    void aRunsFolderIsHeldWhileItRunsAndDeletedAtItsEnd(@TempDir Path tmp) throws Exception {
        Path held;
        try (SimRunState first = SimRunState.create(tmp)) {
            held = first.dir();
            Files.writeString(held.resolve("host_key"), "key");
            assertTrue(SimRunState.inUse(held));
            assertEquals(ProcessHandle.current().pid() + "@", RunLock.holder(held).replaceAll("@.*", "@"),
                    "the run lock every run uses, naming this process");
            try (SimRunState second = SimRunState.create(tmp)) {
                assertTrue(Files.exists(held.resolve("host_key")), "a running run's folder is kept");
                assertEquals(2, folders(tmp).size());
            }
        }
        assertEquals(List.of(), folders(tmp));
    }

    @Test
    void theNextRunDeletesWhatAKilledRunLeft(@TempDir Path tmp) throws Exception {
        // a killed run: its lock file is there, nobody holds it (the system dropped the dead process's lock)
        Path killed = Files.createDirectories(tmp.resolve(SimRunState.PREFIX + "111"));
        Files.writeString(killed.resolve(RunLock.FILE), "111@somewhere\n");
        Files.writeString(killed.resolve("password"), "plain");
        // an older version's folder, without a lock file
        Path old = Files.createDirectories(tmp.resolve(SimRunState.PREFIX + "222"));
        Files.writeString(old.resolve("password"), "plain");
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(3600)));
        Path other = Files.createDirectories(tmp.resolve("someone-else"));

        try (SimRunState next = SimRunState.create(tmp)) {
            assertFalse(Files.exists(killed));
            assertFalse(Files.exists(old));
            assertTrue(Files.exists(other));
            assertEquals(List.of(next.dir()), folders(tmp));
        }
        assertEquals(List.of(), folders(tmp));
    }
}
