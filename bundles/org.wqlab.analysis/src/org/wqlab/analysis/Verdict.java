package org.wqlab.analysis;

import java.util.List;

/**
 * Is it normal? {@code kind} is {@link #NORMAL} (no delay longer than the monitor's period) or {@link #STALLED};
 * every sentence of headline, causes and advice is built from the measured data and the board's facts.
 */
public record Verdict(String kind, String headline, List<String> causes, List<String> advice) {

    public static final String NORMAL = "normal";
    public static final String STALLED = "stalled";

    public Verdict {
        causes = List.copyOf(causes);
        advice = List.copyOf(advice);
    }

    public boolean stalled() {
        return STALLED.equals(kind);
    }

    /** Headline, then the causes and the advice as indented lines: what {@code wqlab explain} prints. */
    public String text() {
        StringBuilder sb = new StringBuilder(headline).append('\n');
        if (!causes.isEmpty()) {
            sb.append("why:\n");
            causes.forEach(c -> sb.append("  - ").append(c).append('\n'));
        }
        if (!advice.isEmpty()) {
            sb.append("what would change it:\n");
            advice.forEach(a -> sb.append("  - ").append(a).append('\n'));
        }
        return sb.toString();
    }
}
