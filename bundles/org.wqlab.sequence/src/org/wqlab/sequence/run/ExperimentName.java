package org.wqlab.sequence.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An experiment's default name says what differs from other runs of the same sequence: the sequence's name, the
 * board, and each variable whose value differs from the sequence's default ({@code Report procedure · Simulated R-Car
 * H3 · size.mib=2048}).
 */
public final class ExperimentName {

    static final String SEPARATOR = " · ";
    /** A value longer than this is cut with an ellipsis: the name is a label, the full values are in experiment.json. */
    static final int MAX_VALUE = 40;
    private static final String BUILT_IN_SUFFIX = " (built-in)";

    private ExperimentName() {
    }

    public static String of(String sequenceName, String boardName, Map<String, String> defaults,
            Map<String, String> values) {
        List<String> parts = new ArrayList<>();
        parts.add(oneLine(sequenceName));
        String board = boardName == null ? "" : boardName.strip();
        if (board.endsWith(BUILT_IN_SUFFIX)) {
            board = board.substring(0, board.length() - BUILT_IN_SUFFIX.length());
        }
        if (!board.isEmpty()) {
            parts.add(oneLine(board));
        }
        for (var e : values.entrySet()) {
            if (!Objects.equals(defaults.get(e.getKey()), e.getValue())) {
                parts.add(e.getKey() + "=" + shortened(oneLine(e.getValue())));
            }
        }
        return String.join(SEPARATOR, parts);
    }

    private static String shortened(String value) {
        return value.length() <= MAX_VALUE ? value : value.substring(0, MAX_VALUE - 1) + "…";
    }

    /** Control characters (a newline in a --var value) become spaces: a name is one line. */
    private static String oneLine(String s) {
        return s.codePoints().map(c -> Character.isISOControl(c) ? ' ' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }
}
