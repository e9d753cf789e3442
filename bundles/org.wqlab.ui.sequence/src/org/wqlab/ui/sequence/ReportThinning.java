package org.wqlab.ui.sequence;

import java.util.List;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps a run's Console readable, and cheap for the UI, when the monitor reports every run (1 000 lines a second on
 * a board, eight boards at once): at most {@link #REPORTS_PER_SECOND} reports a second reach the Console, a late one
 * (at or over {@link #LATE_US}) always; when a second with reports left out ends, a line says how many. Every other
 * kernel line is shown. kernel.log and the live session keep every report.
 */
final class ReportThinning {
    static final int REPORTS_PER_SECOND = 100;
    /** latency-mon's default threshold: a run this late is always shown. */
    static final int LATE_US = 9_000;
    private static final Pattern REPORT = Pattern.compile("latency_mon: cpu=\\d+ seq=\\d+ delay_us=(\\d+)");
    private static final long SECOND_NS = 1_000_000_000L;

    private final LongSupplier nanos;
    private long secondStart;
    private int shown;
    private long leftOut;

    ReportThinning(LongSupplier nanos) {
        this.nanos = nanos;
        secondStart = nanos.getAsLong();
    }

    /** The lines to print for the kernel line {@code text}: none, it, or a "left out" line and then it. */
    List<String> lines(String text) {
        Matcher report = REPORT.matcher(text);
        boolean isReport = report.find();
        String summary = null;
        long now = nanos.getAsLong();
        if (now - secondStart >= SECOND_NS) {
            summary = leftOutLine();
            secondStart = now;
            shown = 0;
            leftOut = 0;
        }
        boolean show = !isReport || shown < REPORTS_PER_SECOND || Long.parseLong(report.group(1)) >= LATE_US;
        if (isReport && show) {
            shown++;
        } else if (!show) {
            leftOut++;
        }
        if (summary == null) {
            return show ? List.of(text) : List.of();
        }
        return show ? List.of(summary, text) : List.of(summary);
    }

    /** The line for what the last second left out, or null when it left nothing out; call when the run ends. */
    String leftOutLine() {
        return leftOut == 0 ? null
                : "(" + leftOut + " more reports of on-time runs in that second, not shown here: the experiment's"
                        + " kernel.log and the Live Plot have every one)";
    }
}
