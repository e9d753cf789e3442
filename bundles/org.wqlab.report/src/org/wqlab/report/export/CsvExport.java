package org.wqlab.report.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;

/**
 * Samples and events as one CSV in log line order:
 * {@code type,line,timestamp_us,precision,cpu,seq,delay_us,form,event,subject,details}. Empty cells are unknown.
 */
public final class CsvExport {

    public static final String HEADER = "type,line,timestamp_us,precision,cpu,seq,delay_us,form,event,subject,details";

    private CsvExport() {
    }

    public static void write(Path file, LogContent c) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        SampleStore s = c.samples();
        List<Event> events = c.events();
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write('\n');
            int i = 0;
            int k = 0;
            StringBuilder sb = new StringBuilder(128);
            while (i < s.size() || k < events.size()) {
                sb.setLength(0);
                if (k >= events.size() || (i < s.size() && s.line(i) < events.get(k).line())) {
                    sb.append("sample,").append(s.line(i)).append(',');
                    time(sb, s.timestampUs(i));
                    sb.append(',').append(s.precision(i).name().toLowerCase(java.util.Locale.ROOT)).append(',');
                    if (s.cpu(i) >= 0) {
                        sb.append(s.cpu(i));
                    }
                    sb.append(',');
                    if (s.seq(i) >= 0) {
                        sb.append(s.seq(i));
                    }
                    sb.append(',').append(s.delayUs(i)).append(',').append(s.classic(i) ? "classic" : "structured")
                            .append(",,,");
                    i++;
                } else {
                    Event e = events.get(k++);
                    sb.append("event,").append(e.line()).append(',');
                    time(sb, e.timestampUs());
                    sb.append(',').append(e.precision().name().toLowerCase(java.util.Locale.ROOT)).append(",,,,,")
                            .append(e.kind().name().toLowerCase(java.util.Locale.ROOT)).append(',')
                            .append(quote(e.subject())).append(',').append(quote(details(e.fields())));
                }
                w.append(sb).append('\n');
            }
        }
    }

    private static void time(StringBuilder sb, long us) {
        if (us != LogEntry.NO_TIME) {
            sb.append(us);
        }
    }

    private static String details(Map<String, String> fields) {
        return fields.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    public static String quote(String v) {
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0 && v.indexOf('\r') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"") + '"';
    }
}
