package org.wqlab.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.RunLock;

/**
 * The state folder of the simulated board that {@code wqlab run --board sim} starts (host key, uploaded files), in
 * the temporary directory: deleted when the run ends, and held by the run lock experiments use ({@link RunLock}) while
 * it runs, so that the next run deletes the folders that runs killed before their end left (the system drops a dead
 * process's locks).
 */
final class SimRunState implements AutoCloseable {

    static final String PREFIX = "wqlab-run-sim";

    private final Path dir;
    private final RunLock lock;

    private SimRunState(Path dir, RunLock lock) {
        this.dir = dir;
        this.lock = lock;
    }

    /** Deletes the folders of ended runs in {@code parent}, then creates and locks a new one. */
    static SimRunState create(Path parent) throws IOException {
        sweep(parent);
        Path dir = Files.createTempDirectory(parent, PREFIX);
        return new SimRunState(dir, RunLock.acquire(new ExperimentFolder(dir)));
    }

    Path dir() {
        return dir;
    }

    /** Whether a live run holds {@code dir}; an older folder without a lock file is one an older version left. */
    static boolean inUse(Path dir) {
        if (!Files.exists(dir.resolve(RunLock.FILE))) {
            return createdWithinAMinute(dir); // a run between creating the folder and its lock file
        }
        return RunLock.isHeld(dir);
    }

    private static boolean createdWithinAMinute(Path dir) {
        try {
            return Files.getLastModifiedTime(dir).toInstant().isAfter(java.time.Instant.now().minusSeconds(60));
        } catch (IOException e) {
            return true;
        }
    }

    private static void sweep(Path parent) {
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(parent, PREFIX + "*")) {
            for (Path d : dirs) {
                if (Files.isDirectory(d) && Files.isWritable(d) && !inUse(d)) {
                    deleteQuietly(d);
                }
            }
        } catch (IOException e) {
            // nothing to sweep
        }
    }

    private static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException e) {
            // another run is deleting it, or it is not ours: leave it
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.close();
        } finally {
            deleteTree(dir);
        }
    }
}
