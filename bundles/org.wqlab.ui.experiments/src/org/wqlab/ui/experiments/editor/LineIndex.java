package org.wqlab.ui.experiments.editor;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Arrays;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * Where each line of a log file starts, found by one sequential pass over the bytes the file had then (8 bytes a
 * line). A line ends at {@code '\n'}; a last line without one counts too.
 */
final class LineIndex {
    private static final int BLOCK = 1 << 20;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    /** {@code starts[i]} is where line i (0-based) starts; {@code starts[count]} is the end of the bytes indexed. */
    private final long[] starts;
    private final int count;
    private final long longest;

    private LineIndex(long[] starts, int count, long longest) {
        this.starts = starts;
        this.count = count;
        this.longest = longest;
    }

    static LineIndex build(FileChannel channel, IProgressMonitor monitor) throws IOException {
        long size = channel.size();
        long[] starts = new long[1024];
        int count = 0;
        long longest = 0;
        long lineStart = 0;
        long pos = 0;
        ByteBuffer buffer = ByteBuffer.allocate(BLOCK);
        byte[] bytes = buffer.array();
        while (pos < size && count < MAX_ARRAY - 1) {
            if (monitor.isCanceled()) {
                throw new OperationCanceledException();
            }
            buffer.clear().limit((int) Math.min(BLOCK, size - pos));
            int n = channel.read(buffer, pos);
            if (n <= 0) {
                break; // the file got shorter meanwhile
            }
            for (int i = 0; i < n && count < MAX_ARRAY - 1; i++) {
                if (bytes[i] == '\n') {
                    starts = grown(starts, count);
                    starts[count++] = lineStart;
                    longest = Math.max(longest, pos + i + 1 - lineStart);
                    lineStart = pos + i + 1;
                }
            }
            pos += n;
        }
        if (lineStart < pos && count < MAX_ARRAY - 1) {
            starts = grown(starts, count);
            starts[count++] = lineStart;
            longest = Math.max(longest, pos - lineStart);
            lineStart = pos;
        }
        starts = Arrays.copyOf(starts, count + 1);
        starts[count] = lineStart;
        return new LineIndex(starts, count, longest);
    }

    private static long[] grown(long[] a, int used) {
        if (used + 1 < a.length) {
            return a;
        }
        return Arrays.copyOf(a, (int) Math.min(MAX_ARRAY, a.length + (a.length >> 1)));
    }

    int count() {
        return count;
    }

    /** Where line {@code line} (0-based) starts. */
    long start(int line) {
        return starts[line];
    }

    /** Where line {@code line} ends, its newline included. */
    long end(int line) {
        return starts[line + 1];
    }

    /** The bytes of the longest line, its newline included. */
    long longest() {
        return longest;
    }
}
