package org.wqlab.report;

/**
 * One experiment's line in a comparison. Delays in microseconds; {@code worstAfterDisconnectUs} is the worst delay
 * reported after the experiment's USB disconnects, or -1 when it has none (or none was reported after one).
 *
 * @param cachedKb page cache ({@code Cached}) before the disconnect, from the run record, or -1 when unknown
 */
public record ComparisonRow(String id, String name, String date, String board, String kernel, String config,
        long cachedKb, long count, long worstUs, long p99Us, long worstAfterDisconnectUs, String status) {
}
