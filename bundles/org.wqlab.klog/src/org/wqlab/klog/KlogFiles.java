package org.wqlab.klog;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.wqlab.core.model.AnomalyKind;
import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.InputException;
import org.wqlab.core.samples.LogContent;

/** Batch parsing of a log file through the same grammar as live streams. */
public final class KlogFiles {

    static final int CHUNK = 1 << 20;

    private KlogFiles() {
    }

    /** Parses a whole file into {@code sink}; returns the number of lines. */
    public static long parse(Path file, KlogSink sink) throws IOException {
        return parse(file, sink, 0);
    }

    /** As {@link #parse(Path, KlogSink)}, reading dates without a year from {@code year} on (0: unknown). */
    public static long parse(Path file, KlogSink sink, int year) throws IOException {
        KlogParser parser = new KlogParser(sink);
        parser.yearHint(year);
        byte[] buf = new byte[CHUNK];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                parser.feed(buf, 0, n);
            }
        }
        parser.finish();
        return parser.lines();
    }

    /**
     * Parses a file that should be a kernel log. A missing or unreadable file, or one that is binary rather than
     * text (see {@link #checkText}), is bad input naming the file and the first bad line.
     */
    public static LogContent read(Path file) throws InputException {
        return read(file, 0);
    }

    /** As {@link #read(Path)}, reading dates without a year from {@code year} on (0: unknown). */
    public static LogContent read(Path file, int year) throws InputException {
        LogContent content;
        try {
            content = ParallelParse.read(file, year).content(); // a large file on two cores
        } catch (NoSuchFileException e) {
            throw new InputException(file, 0, "no such file");
        } catch (IOException e) {
            throw new InputException(file, 0, "cannot read: " + e.getMessage(), e);
        }
        checkText(file, content);
        return content;
    }

    /**
     * A log whose binary lines are at least 1% of all lines is not a kernel log (stray serial noise in a long
     * capture is tolerated and kept as anomalies).
     */
    public static void checkText(Path file, LogContent content) throws InputException {
        long binary = 0;
        Anomaly first = null;
        for (Anomaly a : content.anomalies()) {
            if (a.kind() == AnomalyKind.BINARY) {
                binary++;
                if (first == null) {
                    first = a;
                }
            }
        }
        if (first != null && binary * 100 >= content.totalLines()) {
            throw new InputException(file, first.line(), "binary data, not a kernel log text (" + binary + " of "
                    + content.totalLines() + " lines are binary)");
        }
    }
}
