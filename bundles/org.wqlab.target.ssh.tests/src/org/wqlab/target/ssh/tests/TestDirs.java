package org.wqlab.target.ssh.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.stream.Stream;

/** All temporary folders of one test run under one root, removed when the test JVM ends. */
final class TestDirs {

    private static Path root;

    private TestDirs() {
    }

    static synchronized Path newDir(String prefix) throws IOException {
        if (root == null) {
            root = Files.createTempDirectory("wqlab-ssh-tests");
            // sshd reads authorized_keys as the test users: the root must be traversable
            Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path doomed = root;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(doomed)));
        }
        return Files.createTempDirectory(root, prefix);
    }

    private static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("could not remove " + dir + ": " + e);
        }
    }
}
