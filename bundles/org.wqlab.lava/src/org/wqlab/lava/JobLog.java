package org.wqlab.lava;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * Reads LAVA job log text: YAML, one record a line ({@code - {"dt": ..., "lvl": ..., "msg": ...}}), a message being a
 * string, a map or a list, some values carrying YAML tags. Read line by line, so that a piece read while the job runs
 * parses as far as its last whole line, and a line that does not parse is named.
 */
public final class JobLog {

    private JobLog() {
    }

    /** What a piece of log text held: its records and how many whole lines were read (the next start index). */
    public record Piece(List<LogRecord> records, int lines) {
    }

    /**
     * The whole lines of {@code text} (a trailing line without its newline waits for the next piece).
     *
     * @throws LavaException naming the line, counted from {@code firstLine}, that is not a log record
     */
    public static Piece parse(String text, long firstLine) throws LavaException {
        Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
        List<LogRecord> out = new ArrayList<>();
        int lines = 0;
        int from = 0;
        while (from < text.length()) {
            int nl = text.indexOf('\n', from);
            if (nl < 0) {
                break;
            }
            String line = text.substring(from, nl);
            from = nl + 1;
            lines++;
            if (line.isBlank()) {
                continue;
            }
            out.add(record(yaml, line, firstLine + lines - 1));
        }
        return new Piece(out, lines);
    }

    private static LogRecord record(Yaml yaml, String line, long index) throws LavaException {
        try {
            Object doc = yaml.load(line);
            if (doc instanceof List<?> list && list.size() == 1 && list.get(0) instanceof Map<?, ?> m) {
                return new LogRecord(String.valueOf(m.get("dt")), String.valueOf(m.get("lvl")), m.get("msg"));
            }
        } catch (YAMLException e) {
            throw new LavaException("job log line " + (index + 1) + " is not a LAVA log record: " + e.getMessage()
                    .lines().findFirst().orElse(""), e);
        }
        throw new LavaException("job log line " + (index + 1) + " is not a LAVA log record: "
                + (line.length() > 120 ? line.substring(0, 120) + "..." : line));
    }
}
