package org.wqlab.core.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Writes a file so that readers see either the old or the new content, never a torn one. The files hold no secrets
 * (metadata, analyses, reports), so they get the user's umask like any other file they write.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** What writes a file's whole content into the channel given. */
    @FunctionalInterface
    public interface Content {
        void writeTo(FileChannel channel) throws IOException;
    }

    public static void write(Path target, byte[] content) throws IOException {
        write(target, ch -> {
            ByteBuffer b = ByteBuffer.wrap(content);
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }, true);
    }

    /**
     * Writes {@code content} to a temporary file beside {@code target} and moves it over {@code target}.
     * {@code durable} forces the bytes to disk before the move; a file that can be rebuilt and checks itself when
     * read may skip that cost.
     */
    public static void write(Path target, Content content, boolean durable) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        // not Files.createTempFile: it makes the file 0600 whatever the umask
        Path tmp = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW)) {
                content.writeTo(ch);
                if (durable) {
                    ch.force(true);
                }
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
