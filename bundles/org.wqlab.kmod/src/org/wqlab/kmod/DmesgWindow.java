package org.wqlab.kmod;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * The kernel log lines that appeared after a mark: read with {@code dmesg} before a load and again after a failure,
 * so a refusal is shown with its own lines, not with old ones. Only the newest {@value #TAIL_LINES} lines are read
 * (a board whose every CPU reports every run fills a ring of hundreds of thousands of records, megabytes to move
 * twice per load); if the marked line was pushed out of them meanwhile, every line read counts as new.
 */
public final class DmesgWindow {

    static final int TAIL_LINES = 4000;

    private final String lastLine;
    private final int lastLineOccurrences;

    private DmesgWindow(String lastLine, int lastLineOccurrences) {
        this.lastLine = lastLine;
        this.lastLineOccurrences = lastLineOccurrences;
    }

    public static DmesgWindow mark(BoardConnection connection, Duration timeout) throws TransportException {
        List<String> lines = dmesg(connection, timeout);
        if (lines.isEmpty()) {
            return new DmesgWindow(null, 0);
        }
        String last = lines.get(lines.size() - 1);
        return new DmesgWindow(last, (int) lines.stream().filter(last::equals).count());
    }

    /** New lines that mention one of {@code words} (case-insensitive), in log order. */
    public List<String> newLines(BoardConnection connection, Duration timeout, List<String> words)
            throws TransportException {
        List<String> lines = dmesg(connection, timeout);
        int start = 0;
        if (lastLine != null) {
            int seen = 0;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).equals(lastLine) && ++seen == lastLineOccurrences) {
                    start = i + 1;
                    break;
                }
            }
        }
        List<String> matching = new ArrayList<>();
        for (String line : lines.subList(start, lines.size())) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (words.stream().anyMatch(w -> lower.contains(w.toLowerCase(Locale.ROOT)))) {
                matching.add(line);
            }
        }
        return List.copyOf(matching);
    }

    private static List<String> dmesg(BoardConnection connection, Duration timeout) throws TransportException {
        ExecResult result = connection.run(Command.of("dmesg").op("|").word("tail").word("-n")
                .word(Integer.toString(TAIL_LINES)), timeout);
        if (!result.succeeded()) {
            return List.of(); // no permission to read the log: errors are still reported, without their lines
        }
        return result.stdoutText().lines().filter(l -> !l.isBlank()).toList();
    }
}
