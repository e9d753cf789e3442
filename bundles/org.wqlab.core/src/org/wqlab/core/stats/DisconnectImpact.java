package org.wqlab.core.stats;

/**
 * What one USB disconnect did. The window runs from the disconnect to the next disconnect or 60 s, whichever comes
 * first (by line order when the log has no timestamps).
 *
 * @param worstDelayUs  the largest delay reported in the window, or null when none was reported
 * @param worstLine     the line of that report, or 0
 * @param recoveryUs    time from the disconnect to the first report under the threshold after the worst one; when
 *                      the log holds late runs only, to the last late report in the window; never negative: null when
 *                      unknown, and {@code recoveryBasis} says why ({@link #BASIS_TIME_JUMP} when the log's clock
 *                      went backwards between the disconnect and that report)
 * @param windowEndUs   never before {@code timestampUs}
 */
public record DisconnectImpact(long line, long timestampUs, String device, long windowEndUs, Integer worstDelayUs,
        long worstLine, Long recoveryUs, String recoveryBasis) {

    public static final String BASIS_UNDER_THRESHOLD = "first-report-under-threshold";
    public static final String BASIS_LAST_LATE = "last-late-report";
    public static final String BASIS_NONE = "none";
    public static final String BASIS_TIME_JUMP = "unknown: the log's clock went backwards after the disconnect";
}
