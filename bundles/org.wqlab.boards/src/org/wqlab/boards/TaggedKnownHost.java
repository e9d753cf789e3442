package org.wqlab.boards;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.wqlab.core.store.AtomicFiles;

/**
 * The one line of wqlab's known-hosts file that a board wqlab starts itself owns: tagged with a comment, replaced at
 * each start because the loopback port changes, every other line kept. The file is created 0600 in a 0700 folder.
 */
final class TaggedKnownHost {

    /** Simulators starting at the same time each rewrite the one file: a rewrite must not drop another's line. */
    private static final Object LOCK = new Object();

    private TaggedKnownHost() {
    }

    /** @param typeAndKey the public host key as OpenSSH writes it: {@code type base64} */
    static void trust(Path knownHostsFile, String tag, String host, int port, String typeAndKey) throws IOException {
        synchronized (LOCK) {
            rewrite(knownHostsFile, tag, "[" + host + "]:" + port + " " + typeAndKey + " " + tag);
        }
    }

    private static void rewrite(Path knownHostsFile, String tag, String trusted) throws IOException {
        Path dir = knownHostsFile.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        List<String> lines = new ArrayList<>();
        if (Files.exists(knownHostsFile)) {
            for (String line : Files.readAllLines(knownHostsFile, StandardCharsets.UTF_8)) {
                if (!line.strip().endsWith(" " + tag)) {
                    lines.add(line);
                }
            }
        }
        lines.add(trusted);
        AtomicFiles.writePrivate(knownHostsFile,
                lines.stream().map(l -> l + "\n").collect(Collectors.joining()).getBytes(StandardCharsets.UTF_8));
    }
}
