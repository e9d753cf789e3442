package org.wqlab.core.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.UUID;

/**
 * Writes a file so that readers see either the old or the new content, never a torn one, and a failed write leaves
 * the old file as it was. Every file wqlab writes whole goes through here. {@link #write} gives the file the user's
 * umask (metadata, analyses, reports); {@link #writePrivate} makes it readable by its owner only (saved boards,
 * host keys, the virtual board's state).
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
        write(target, bytes(content), true);
    }

    /** As {@link #write(Path, byte[])}, the file readable and writable by its owner only (where POSIX permissions exist). */
    public static void writePrivate(Path target, byte[] content) throws IOException {
        write(target, bytes(content), true, true);
    }

    /**
     * Writes {@code content} to a temporary file beside {@code target} and moves it over {@code target}.
     * {@code durable} forces the bytes to disk before the move; a file that can be rebuilt and checks itself when
     * read may skip that cost.
     */
    public static void write(Path target, Content content, boolean durable) throws IOException {
        write(target, content, durable, false);
    }

    private static Content bytes(byte[] content) {
        return ch -> {
            ByteBuffer b = ByteBuffer.wrap(content);
            while (b.hasRemaining()) {
                ch.write(b);
            }
        };
    }

    private static void write(Path target, Content content, boolean durable, boolean ownerOnly) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        // not Files.createTempFile: it makes the file 0600 whatever the umask
        Path tmp = dir.resolve("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
        FileAttribute<?>[] attributes = ownerOnly && dir.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] { PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")) }
                : new FileAttribute<?>[0];
        try {
            try (FileChannel ch = FileChannel.open(tmp, Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW),
                    attributes)) {
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
