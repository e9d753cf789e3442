package org.wqlab.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The user marks a sequence writes into the board's kernel log ({@code wqlab: mark LABEL}). The parser keeps them
 * as raw context without their time, so they are read back here from the raw log, in its /dev/kmsg form
 * ({@code prio,seq,usec,flags;text}) or its dmesg form ({@code [ sec.usec] text}).
 */
public final class LogMarks {

    /** A mark at board time {@code timestampUs}. */
    public record Mark(long timestampUs, String label) {
    }

    private static final Pattern KMSG = Pattern.compile("^\\d+,\\d+,(\\d+),[^;]*;wqlab: mark (.*)$");
    private static final Pattern DMESG = Pattern.compile("^\\[\\s*(\\d+)\\.(\\d{6})\\] wqlab: mark (.*)$");

    private LogMarks() {
    }

    /** The marks of a kernel log, or none when it cannot be read (the report then shows no mark lines). */
    public static List<Mark> read(Path kernelLog) {
        List<Mark> out = new ArrayList<>();
        if (!Files.isRegularFile(kernelLog)) {
            return out;
        }
        try (Stream<String> lines = Files.lines(kernelLog, StandardCharsets.UTF_8)) {
            lines.filter(l -> l.contains("wqlab: mark ")).forEach(l -> {
                Matcher k = KMSG.matcher(l);
                if (k.matches()) {
                    out.add(new Mark(Long.parseLong(k.group(1)), k.group(2).strip()));
                    return;
                }
                Matcher d = DMESG.matcher(l);
                if (d.matches()) {
                    out.add(new Mark(Long.parseLong(d.group(1)) * 1_000_000 + Long.parseLong(d.group(2)),
                            d.group(3).strip()));
                }
            });
        } catch (IOException | java.io.UncheckedIOException | NumberFormatException e) {
            return List.of();
        }
        return out;
    }
}
