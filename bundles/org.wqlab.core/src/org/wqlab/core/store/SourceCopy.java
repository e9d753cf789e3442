package org.wqlab.core.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.wqlab.core.model.ImportSource;

/**
 * Keeps the file an experiment was imported from in its {@code source/} folder, byte for byte, hashing it as it
 * copies (one read of the file). Written atomically: a copy cut short leaves no file of that name.
 */
public final class SourceCopy {

    private static final int CHUNK = 1 << 20;

    private SourceCopy() {
    }

    /** Copies {@code file} to {@code source/<its name>} in {@code folder}; the record says what was kept. */
    public static ImportSource keep(ExperimentFolder folder, Path file, String importer) throws IOException {
        String name = file.getFileName().toString();
        Path dir = Files.createDirectories(folder.dir().resolve(ExperimentFolder.SOURCE));
        MessageDigest sha = sha256();
        long[] bytes = { 0 };
        AtomicFiles.write(dir.resolve(name), channel -> {
            byte[] buf = new byte[CHUNK];
            try (InputStream in = Files.newInputStream(file)) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    sha.update(buf, 0, n);
                    ByteBuffer b = ByteBuffer.wrap(buf, 0, n);
                    while (b.hasRemaining()) {
                        channel.write(b);
                    }
                    bytes[0] += n;
                }
            }
        }, true);
        return new ImportSource(name, ExperimentFolder.SOURCE + "/" + name, bytes[0],
                HexFormat.of().formatHex(sha.digest()), importer);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
