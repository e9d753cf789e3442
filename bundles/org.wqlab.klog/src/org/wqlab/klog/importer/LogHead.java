package org.wqlab.klog.importer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.wqlab.klog.TerminalLine;

/** The first bytes of a file, what importers decide by, with the few views of it they need. */
public final class LogHead {

    /** How much of a file importers see. */
    public static final int SIZE = 64 * 1024;

    private final byte[] bytes;
    private List<String> lines;

    public LogHead(byte[] bytes) {
        this.bytes = bytes.clone();
    }

    public static LogHead of(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new LogHead(in.readNBytes(SIZE));
        }
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    public boolean isEmpty() {
        return bytes.length == 0;
    }

    /**
     * The head's complete lines as text (without '\r' and '\n'); the last line too when the head is the whole
     * file. Bytes that are not UTF-8 become U+FFFD.
     */
    public List<String> lines() {
        if (lines == null) {
            int end = bytes.length;
            if (bytes.length == SIZE) {
                while (end > 0 && bytes[end - 1] != '\n') {
                    end--;
                }
            }
            lines = new String(bytes, 0, end, StandardCharsets.UTF_8).lines()
                    .map(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l).toList();
        }
        return lines;
    }

    /** Whether any line ends with CR LF, as a serial console capture does. */
    public boolean hasCrLf() {
        for (int i = 1; i < bytes.length; i++) {
            if (bytes[i] == '\n' && bytes[i - 1] == '\r') {
                return true;
            }
        }
        return false;
    }

    /** Whether the head holds an ANSI escape (ESC), as a terminal's output does. */
    public boolean hasEscape() {
        for (byte b : bytes) {
            if (b == 0x1b) {
                return true;
            }
        }
        return false;
    }

    /**
     * The 1-based number of the first line that is binary by the parser's rule ({@link TerminalLine#isBinary}: what
     * a terminal cannot show), or 0.
     */
    public long firstBinaryLine() {
        BinaryCount c = countBinary();
        return c.first;
    }

    /** Binary, as the parser's text check sees a whole log: binary lines are at least 1% of the head's lines. */
    public boolean isBinary() {
        BinaryCount c = countBinary();
        return c.binary > 0 && c.binary * 100 >= c.lines;
    }

    private record BinaryCount(long lines, long binary, long first) {
    }

    private BinaryCount countBinary() {
        TerminalLine terminal = new TerminalLine();
        byte[] out = new byte[256];
        long line = 0;
        long binary = 0;
        long first = 0;
        int start = 0;
        for (int i = 0; i <= bytes.length; i++) {
            if (i < bytes.length && bytes[i] != '\n') {
                continue;
            }
            if (i > start || i < bytes.length) {
                line++;
                int end = i;
                while (end > start && bytes[end - 1] == '\r') {
                    end--;
                }
                out = terminal.render(bytes, start, end, out).bytes();
                if (terminal.isBinary(end - start)) {
                    binary++;
                    if (first == 0) {
                        first = line;
                    }
                }
            }
            start = i + 1;
        }
        return new BinaryCount(line, binary, first);
    }
}
