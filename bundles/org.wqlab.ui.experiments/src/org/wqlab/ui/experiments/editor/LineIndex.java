package org.wqlab.ui.experiments.editor;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;

/**
 * Where each line of a log file starts, found by one sequential pass over the bytes the file had then. A line ends at
 * {@code '\n'}; a last line without one counts too. Compact (about 4 bytes a line): the lines are taken in blocks of
 * {@value #BLOCK_LINES}, each with the offset of its first line as a long and of every line from there as an unsigned
 * int; a block that spans more than 4 GiB (lines of tens of megabytes) keeps a long per line instead.
 */
final class LineIndex {
    static final int BLOCK_LINES = 256;
    private static final int SHIFT = 8;
    /** The largest span of a block that unsigned int offsets hold. */
    static final long NARROW_SPAN = 0xFFFF_FFFFL;
    private static final int READ_BLOCK = 1 << 20;
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    /** Per block: where its first line starts, or, negative, ~(its entry in {@link #wide}). */
    private final long[] bases;
    /** Per line: where it starts, from its block's base (unsigned); unused in wide blocks. */
    private final int[] offsets;
    /** Where each line of a wide block starts. */
    private final long[][] wide;
    private final int count;
    /** The end of the bytes indexed (the end of the last line). */
    private final long end;
    private final long longest;

    private LineIndex(long[] bases, int[] offsets, long[][] wide, int count, long end, long longest) {
        this.bases = bases;
        this.offsets = offsets;
        this.wide = wide;
        this.count = count;
        this.end = end;
        this.longest = longest;
    }

    static LineIndex build(FileChannel channel, IProgressMonitor monitor) throws IOException {
        return build(channel, monitor, NARROW_SPAN);
    }

    /** As {@link #build(FileChannel, IProgressMonitor)}, blocks spanning more than {@code narrowSpan} kept wide. */
    static LineIndex build(FileChannel channel, IProgressMonitor monitor, long narrowSpan) throws IOException {
        Builder b = new Builder(narrowSpan);
        long size = channel.size();
        long lineStart = 0;
        long pos = 0;
        ByteBuffer buffer = ByteBuffer.allocate(READ_BLOCK);
        byte[] bytes = buffer.array();
        while (pos < size && b.count < MAX_ARRAY - 1) {
            if (monitor.isCanceled()) {
                throw new OperationCanceledException();
            }
            buffer.clear().limit((int) Math.min(READ_BLOCK, size - pos));
            int n = channel.read(buffer, pos);
            if (n <= 0) {
                break; // the file got shorter meanwhile
            }
            for (int i = 0; i < n && b.count < MAX_ARRAY - 1; i++) {
                if (bytes[i] == '\n') {
                    b.add(lineStart, pos + i + 1 - lineStart);
                    lineStart = pos + i + 1;
                }
            }
            pos += n;
        }
        if (lineStart < pos && b.count < MAX_ARRAY - 1) {
            b.add(lineStart, pos - lineStart);
            lineStart = pos;
        }
        return b.done(lineStart);
    }

    /** Collects the starts of a block, then stores the block narrow or wide. */
    private static final class Builder {
        private final long narrowSpan;
        private final long[] block = new long[BLOCK_LINES];
        private long[] bases = new long[64];
        private int[] offsets = new int[BLOCK_LINES * 64];
        private final List<long[]> wide = new ArrayList<>();
        private int count;
        private long longest;

        Builder(long narrowSpan) {
            this.narrowSpan = narrowSpan;
        }

        void add(long start, long length) {
            block[count & (BLOCK_LINES - 1)] = start;
            count++;
            longest = Math.max(longest, length);
            if ((count & (BLOCK_LINES - 1)) == 0) {
                storeBlock(BLOCK_LINES);
            }
        }

        private void storeBlock(int lines) {
            int b = (count - 1) >>> SHIFT;
            int first = b << SHIFT;
            if (b == bases.length) {
                bases = Arrays.copyOf(bases, b + (b >> 1) + 16);
            }
            if (first + lines > offsets.length) {
                offsets = Arrays.copyOf(offsets,
                        (int) Math.min(MAX_ARRAY, Math.max(first + lines, offsets.length + (long) (offsets.length >> 1))));
            }
            long base = block[0];
            if (block[lines - 1] - base <= narrowSpan) {
                bases[b] = base;
                for (int j = 0; j < lines; j++) {
                    offsets[first + j] = (int) (block[j] - base);
                }
            } else {
                bases[b] = ~(long) wide.size();
                wide.add(Arrays.copyOf(block, lines));
            }
        }

        LineIndex done(long end) {
            int partial = count & (BLOCK_LINES - 1);
            if (partial > 0) {
                storeBlock(partial);
            }
            int blocks = (count + BLOCK_LINES - 1) >>> SHIFT;
            return new LineIndex(Arrays.copyOf(bases, blocks), Arrays.copyOf(offsets, count),
                    wide.toArray(long[][]::new), count, end, longest);
        }
    }

    int count() {
        return count;
    }

    /** Where line {@code line} (0-based) starts. */
    long start(int line) {
        if (line < 0 || line >= count) {
            throw new IndexOutOfBoundsException(line);
        }
        long base = bases[line >>> SHIFT];
        return base >= 0 ? base + Integer.toUnsignedLong(offsets[line])
                : wide[(int) ~base][line & (BLOCK_LINES - 1)];
    }

    /** Where line {@code line} ends, its newline included. */
    long end(int line) {
        return line == count - 1 ? end : start(line + 1);
    }

    /** The bytes of the longest line, its newline included. */
    long longest() {
        return longest;
    }

    /** Bytes of heap the index holds (array headers not counted). */
    long heapBytes() {
        long w = 0;
        for (long[] a : wide) {
            w += 8L * a.length;
        }
        return 8L * bases.length + 4L * offsets.length + w;
    }
}
