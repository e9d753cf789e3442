package org.wqlab.core.store;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends a raw stream to its file. Bytes go to the file on every call (no user-space buffer, so a crash of wqlab
 * loses nothing already appended); {@link #flush()} also forces them to the device, and {@link #append} does so
 * by itself when the last force is at least {@link #SYNC_INTERVAL_NANOS} old.
 */
public final class RawLogAppender implements Closeable, Flushable {

    public static final long SYNC_INTERVAL_NANOS = 1_000_000_000L;

    private final FileChannel channel;
    private long lastSync = System.nanoTime();
    private boolean dirty;

    public RawLogAppender(Path file) throws IOException {
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
    }

    public void append(byte[] bytes, int off, int len) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes, off, len);
        while (b.hasRemaining()) {
            channel.write(b);
        }
        dirty = true;
        if (System.nanoTime() - lastSync >= SYNC_INTERVAL_NANOS) {
            flush();
        }
    }

    /** Forces appended bytes to the device. */
    @Override
    public void flush() throws IOException {
        if (dirty) {
            channel.force(false);
            dirty = false;
        }
        lastSync = System.nanoTime();
    }

    public long size() throws IOException {
        return channel.size();
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            channel.close();
        }
    }
}
