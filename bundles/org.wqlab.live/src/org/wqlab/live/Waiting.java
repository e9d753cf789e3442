package org.wqlab.live;

import java.util.Locale;

/**
 * A CPU that reports every run and has been silent for longer than its period plus the threshold: its work item
 * is overdue (typically stalled behind another work item on the CPU's pool). The plot draws it as a bar from
 * {@code lastReportUs} to {@code nowUs} until the late report arrives.
 *
 * @param cpu          the silent CPU
 * @param lastReportUs board time of its last report (or of the module's start when it has not reported yet)
 * @param nowUs        the board's current time ({@link LiveSession#boardNowUs()}) when this was computed
 */
public record Waiting(int cpu, long lastReportUs, long nowUs) {

    public long waitedUs() {
        return nowUs - lastReportUs;
    }

    /** For example {@code CPU 0 waiting 1.2 s}. */
    public String label() {
        return String.format(Locale.ROOT, "CPU %d waiting %.1f s", cpu, waitedUs() / 1e6);
    }
}
