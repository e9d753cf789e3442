package org.wqlab.live;

import java.util.List;

/**
 * The stats strip's figures.
 *
 * @param count       samples received
 * @param lastUs      the newest sample's delay (meaningless when count is 0)
 * @param maxUs       the largest delay (meaningless when count is 0)
 * @param p99Us       approximate 99th percentile: the upper edge of the {@link LogHistogram} bin that holds it, capped
 *                    at {@code maxUs}; at most one bin width (about 12 %) above the exact value
 * @param lateRuns    samples later than the threshold (every classic {@code DELAY:} report is one)
 * @param thresholdUs the module's threshold from its start line, or -1 when not known yet
 * @param untimed     samples without a timestamp (placed at the newest known board time)
 * @param reordered   samples whose time went backwards on their CPU (placed at that CPU's newest time)
 */
public record LiveStats(long count, int lastUs, int maxUs, long p99Us, long lateRuns, long thresholdUs,
        List<DisconnectWorst> afterDisconnects, long untimed, long reordered) {
}
