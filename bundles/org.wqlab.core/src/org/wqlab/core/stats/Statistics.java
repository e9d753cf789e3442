package org.wqlab.core.stats;

import java.util.List;

/**
 * Delay statistics of one log or experiment, in microseconds. Percentiles use the nearest-rank method. Values of
 * an empty sample set are 0 and {@code count} is 0.
 *
 * @param lateRunsOnly true when the log holds only reports above the threshold (the classic module, or
 *                     report_all=0): the distribution is then of late runs, not of all runs
 * @param thresholdUs  the threshold from the module's start line, or the default used
 */
public record Statistics(long count, long minUs, long maxUs, double meanUs, long p50Us, long p90Us, long p99Us,
        long p999Us, boolean lateRunsOnly, long thresholdUs, boolean thresholdFromLog, List<HistogramBin> histogram,
        long lostReports, List<DisconnectImpact> disconnects) {

    public Statistics {
        histogram = List.copyOf(histogram);
        disconnects = List.copyOf(disconnects);
    }
}
