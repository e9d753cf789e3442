package org.wqlab.ui.experiments.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineIndexTest {

    @TempDir
    Path tmp;

    @Test
    void everyLineStartsAndEndsWhereItsNewlinesSay() throws Exception {
        String text = lines(10_000) + "a last line without a newline";
        LineIndex index = index(text, LineIndex.NARROW_SPAN);
        assertMatches(text, index);
        assertTrue(index.heapBytes() <= 4.1 * index.count(), index.heapBytes() + " bytes for " + index.count());
    }

    @Test
    void blocksTooLongForIntOffsetsKeepALongPerLine() throws Exception {
        String text = lines(3_000) + "x".repeat(20_000) + "\n" + lines(1_000);
        LineIndex narrow = index(text, LineIndex.NARROW_SPAN);
        // with this span, the blocks of short lines (under 40 bytes) are narrow, the one with the long line wide
        LineIndex mixed = index(text, 64 * LineIndex.BLOCK_LINES);
        assertMatches(text, narrow);
        assertMatches(text, mixed);
        assertTrue(mixed.heapBytes() > narrow.heapBytes(), "some blocks are wide");
    }

    @Test
    void emptyAndOneLineFiles() throws Exception {
        LineIndex empty = index("", LineIndex.NARROW_SPAN);
        assertEquals(0, empty.count());
        assertThrows(IndexOutOfBoundsException.class, () -> empty.start(0));
        assertMatches("one\n", index("one\n", LineIndex.NARROW_SPAN));
        assertMatches("\n\n\n", index("\n\n\n", 0));
        assertMatches(lines(LineIndex.BLOCK_LINES), index(lines(LineIndex.BLOCK_LINES), LineIndex.NARROW_SPAN));
    }

    private static String lines(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append("[").append(i).append("] latency_mon: cpu=").append(i % 4).append(" delay_us=")
                    .append(i * 37 % 1000).append('\n');
        }
        return b.toString();
    }

    private LineIndex index(String text, long narrowSpan) throws IOException {
        Path file = Files.createTempFile(tmp, "log", ".txt");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return LineIndex.build(ch, new NullProgressMonitor(), narrowSpan);
        }
    }

    private static void assertMatches(String text, LineIndex index) {
        List<long[]> expected = new ArrayList<>();
        long longest = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n' || i == text.length() - 1) {
                expected.add(new long[] { start, i + 1 });
                longest = Math.max(longest, i + 1 - start);
                start = i + 1;
            }
        }
        assertEquals(expected.size(), index.count());
        assertEquals(longest, index.longest());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i)[0], index.start(i), "start of line " + i);
            assertEquals(expected.get(i)[1], index.end(i), "end of line " + i);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> index.start(index.count()));
    }
}
