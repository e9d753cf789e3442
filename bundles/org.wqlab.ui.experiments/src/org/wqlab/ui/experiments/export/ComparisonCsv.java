package org.wqlab.ui.experiments.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.wqlab.report.Comparison;

/** The comparison table as CSV, one row per experiment, delays in microseconds. */
final class ComparisonCsv {

    private ComparisonCsv() {
    }

    static void write(Comparison c, Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("id,name,date,board,kernel,config,cached_kb,count,worst_us,p99_us,worst_after_disconnect_us,status\r\n");
            for (var r : c.rows()) {
                w.write(String.join(",", q(r.id()), q(r.name()), q(r.date()), q(r.board()), q(r.kernel()),
                        q(r.config()), Long.toString(r.cachedKb()), Long.toString(r.count()), Long.toString(r.worstUs()),
                        Long.toString(r.p99Us()), Long.toString(r.worstAfterDisconnectUs()), q(r.status())) + "\r\n");
            }
        }
    }

    private static String q(String v) {
        String s = v == null ? "" : v;
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
