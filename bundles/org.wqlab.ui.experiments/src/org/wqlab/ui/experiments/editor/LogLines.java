package org.wqlab.ui.experiments.editor;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * The lines of an indexed log file, read from the file when asked for (positional reads, UTF-8): the file is never
 * held in memory. A line longer than {@link #MAX_LINE_BYTES} reads as its beginning and an ellipsis.
 */
final class LogLines implements Closeable {
    static final int MAX_LINE_BYTES = 1 << 16;
    private static final int BLOCK = 1 << 20;

    /** What a scan is told of each line; true stops it. */
    interface LineVisitor {
        boolean visit(int line, String text);
    }

    private final Path file;
    private final FileChannel channel;
    private final LineIndex index;

    private LogLines(Path file, FileChannel channel, LineIndex index) {
        this.file = file;
        this.channel = channel;
        this.index = index;
    }

    /** Opens {@code file} and indexes the lines it has now. */
    static LogLines index(Path file, IProgressMonitor monitor) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            return new LogLines(file, channel, LineIndex.build(channel, monitor));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The same lines through a channel of their own (for another thread: closing one leaves the other open). */
    LogLines reopen() throws IOException {
        return new LogLines(file, FileChannel.open(file, StandardOpenOption.READ), index);
    }

    Path file() {
        return file;
    }

    int count() {
        return index.count();
    }

    long longestLineBytes() {
        return index.longest();
    }

    /** Line {@code line} (0-based) without its line terminator. */
    String line(int line) throws IOException {
        long start = index.start(line);
        int length = (int) Math.min(MAX_LINE_BYTES + 2L, index.end(line) - start);
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, start + buffer.position()) < 0) {
                break; // the file got shorter since it was indexed
            }
        }
        return text(buffer.array(), 0, buffer.position(), index.end(line) - start);
    }

    /**
     * Tells {@code visitor} of {@code n} lines from {@code from} on, going on at line 0 after the last, until it
     * returns true; reads the file in large blocks. Returns the line it stopped at, or -1.
     */
    int scan(int from, int n, LineVisitor visitor, IProgressMonitor monitor) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(BLOCK);
        long bufferStart = 0;
        int lines = index.count();
        for (int k = 0; k < n && lines > 0; k++) {
            if ((k & 0xfff) == 0 && monitor.isCanceled()) {
                throw new OperationCanceledException();
            }
            int line = (int) ((from + (long) k) % lines);
            long start = index.start(line);
            long end = Math.min(index.end(line), start + MAX_LINE_BYTES + 2L);
            if (start < bufferStart || end > bufferStart + buffer.position()) {
                bufferStart = start;
                fill(buffer, start, Math.max(end, Math.min(index.end(lines - 1), start + BLOCK)));
            }
            int at = (int) (start - bufferStart);
            int length = (int) Math.min(end - start, buffer.position() - at);
            if (visitor.visit(line, text(buffer.array(), at, Math.max(0, length), index.end(line) - start))) {
                return line;
            }
        }
        return -1;
    }

    private void fill(ByteBuffer buffer, long from, long to) throws IOException {
        buffer.clear().limit((int) Math.min(buffer.capacity(), to - from));
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, from + buffer.position()) < 0) {
                break;
            }
        }
    }

    /** The text of {@code length} bytes read of a line of {@code lineBytes} (its terminator included). */
    private static String text(byte[] bytes, int offset, int length, long lineBytes) {
        int n = length;
        if (n == lineBytes && n > 0 && bytes[offset + n - 1] == '\n') {
            n--;
            if (n > 0 && bytes[offset + n - 1] == '\r') {
                n--;
            }
        }
        if (n > MAX_LINE_BYTES) {
            return new String(bytes, offset, MAX_LINE_BYTES, StandardCharsets.UTF_8) + " \u2026";
        }
        return new String(bytes, offset, n, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
