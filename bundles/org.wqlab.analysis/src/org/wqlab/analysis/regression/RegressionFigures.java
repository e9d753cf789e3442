package org.wqlab.analysis.regression;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

import org.wqlab.analysis.experiments.RunRecord;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.Statistics;

/**
 * The figures a regression check compares, of one experiment or the median of several. Delays in microseconds,
 * -1 where the experiment has none (no report after a disconnect, no cached size recorded).
 *
 * @param worstAfterDisconnectUs the worst delay reported after the disconnects, else the worst of the whole run
 * @param copiedCachedKb          the stick's share of the page cache before the pull (Cached before the pull minus
 *                                Cached before the copy), from the run record
 */
public record RegressionFigures(String label, long worstAfterDisconnectUs, long p99Us, long lostReports,
        long copiedCachedKb) {

    /** The figures of the experiment in {@code dir} (its run record gives the cached size). */
    public static RegressionFigures of(String label, Statistics s, Path dir) {
        long worst = s.disconnects().stream().map(DisconnectImpact::worstDelayUs).filter(w -> w != null)
                .mapToLong(Integer::longValue).max().orElse(s.count() == 0 ? -1 : s.maxUs());
        return new RegressionFigures(label, worst, s.count() == 0 ? -1 : s.p99Us(), s.lostReports(),
                RunRecord.copiedCachedKb(dir));
    }

    /** Each figure the median of the known ones (an even count takes the mean of the middle two). */
    public static RegressionFigures median(String label, List<RegressionFigures> all) {
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no experiments to take the median of");
        }
        return new RegressionFigures(label, median(all, RegressionFigures::worstAfterDisconnectUs),
                median(all, RegressionFigures::p99Us), median(all, RegressionFigures::lostReports),
                median(all, RegressionFigures::copiedCachedKb));
    }

    private static long median(List<RegressionFigures> all, ToLongFunction<RegressionFigures> figure) {
        long[] known = all.stream().mapToLong(figure).filter(v -> v >= 0).sorted().toArray();
        if (known.length == 0) {
            return -1;
        }
        int mid = known.length / 2;
        return known.length % 2 == 1 ? known[mid] : Math.round((known[mid - 1] + known[mid]) / 2.0);
    }

    public boolean hasCachedSize() {
        return copiedCachedKb > 0;
    }

    /** The worst delay after the disconnect per MiB of the stick's share of the page cache, in ms. */
    public double msPerCachedMib() {
        return worstAfterDisconnectUs / 1000.0 / (copiedCachedKb / 1024.0);
    }

    @Override
    public String toString() {
        return label + Arrays.toString(new long[] {worstAfterDisconnectUs, p99Us, lostReports, copiedCachedKb});
    }
}
