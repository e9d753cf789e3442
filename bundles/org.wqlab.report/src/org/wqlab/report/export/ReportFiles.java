package org.wqlab.report.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.wqlab.core.store.AtomicFiles;
import org.wqlab.report.Comparison;

/** Writes reports and charts to files, whole or not at all (a half-written report is never left behind). */
public final class ReportFiles {

    private ReportFiles() {
    }

    public static void writeHtml(Path file, Comparison c) throws IOException {
        write(file, HtmlReport.of(c));
    }

    public static void writeText(Path file, Comparison c) throws IOException {
        write(file, TextReport.of(c));
    }

    /** A chart made by {@link org.wqlab.report.svg.Charts}, as a standalone {@code .svg} file. */
    public static void writeSvg(Path file, String svg) throws IOException {
        write(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg);
    }

    private static void write(Path file, String text) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8));
    }
}
