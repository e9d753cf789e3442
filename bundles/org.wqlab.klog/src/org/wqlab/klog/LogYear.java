package org.wqlab.klog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.klog.importer.LogHead;

/**
 * The year of a log's first date that has none (syslog and {@code journalctl} short: "Nov 29 20:25:03"), taken from
 * the file itself: a journal header that has one ({@code -- Logs begin at Sun 2026-11-29 ...}), a wall-clock stamp
 * with a year in the head (ISO, {@code dmesg -T}), else the source file's modification time, which is a guess: the
 * last line was written before it, so the first date's month after the modification's month means the year
 * before. The parser steps the year at every December-to-January turn after that.
 *
 * @param basis what the year was taken from: {@link #HEADER}, {@link #WALL_CLOCK} or {@link #MODIFIED}
 */
public record LogYear(int year, String basis) {

    public static final String HEADER = "the journal's header";
    public static final String WALL_CLOCK = "a wall-clock stamp in the file";
    public static final String MODIFIED = "the file's modification time (guessed)";

    /** Board-fact keys under which an import records the year and its basis. */
    public static final String FACT_YEAR = "log.year";
    public static final String FACT_BASIS = "log.year_basis";
    public static final String FACT_SOURCE_MODIFIED = "log.source_modified";

    private static final String MONTHS = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec";
    private static final Pattern YEARLESS = Pattern.compile("^(" + MONTHS + ") [ \\d]\\d \\d\\d:\\d\\d:\\d\\d ");
    private static final Pattern HEADER_LINE = Pattern.compile(
            "^-- (?:Logs begin|Journal begins) at \\w+ (\\d{4})-\\d\\d-\\d\\d ");
    private static final Pattern ISO = Pattern.compile("^(\\d{4})-\\d\\d-\\d\\d[T ]\\d\\d:\\d\\d:\\d\\d");
    private static final Pattern CTIME = Pattern.compile(
            "^\\[\\w{3} (?:" + MONTHS + ") [ \\d]?\\d \\d\\d:\\d\\d:\\d\\d (\\d{4})\\]");

    public boolean guessed() {
        return basis.equals(MODIFIED);
    }

    /** The sentence for an experiment's notes. */
    public String note() {
        return "dates without a year read as " + year + ", from " + basis;
    }

    /** The year and basis an import recorded in the board facts, if it did. */
    public static Optional<LogYear> fromFacts(Map<String, String> facts) {
        String y = facts.get(FACT_YEAR);
        if (y == null || !y.matches("\\d{1,4}")) {
            return Optional.empty();
        }
        return Optional.of(new LogYear(Integer.parseInt(y), facts.getOrDefault(FACT_BASIS, "")));
    }

    /** The year of the head's first year-less date, or empty when it has none. */
    public static Optional<LogYear> of(Path source, LogHead head) throws IOException {
        List<String> lines = head.lines();
        int firstMonth = -1;
        for (String line : lines) {
            Matcher m = YEARLESS.matcher(line);
            if (m.find()) {
                firstMonth = MONTHS.indexOf(m.group(1)) / 4 + 1;
                break;
            }
        }
        if (firstMonth < 0) {
            return Optional.empty();
        }
        for (String line : lines) {
            Matcher m = HEADER_LINE.matcher(line);
            if (m.find()) {
                return Optional.of(new LogYear(Integer.parseInt(m.group(1)), HEADER));
            }
        }
        for (String line : lines) {
            for (Pattern p : List.of(ISO, CTIME)) {
                Matcher m = p.matcher(line);
                if (m.find()) {
                    return Optional.of(new LogYear(Integer.parseInt(m.group(1)), WALL_CLOCK));
                }
            }
        }
        ZonedDateTime modified = Files.getLastModifiedTime(source).toInstant().atZone(ZoneOffset.UTC);
        int year = modified.getYear() - (firstMonth > modified.getMonthValue() ? 1 : 0);
        return Optional.of(new LogYear(year, MODIFIED));
    }
}
