package org.wqlab.analysis.regression;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges an experiment's figures against a baseline's: a figure regresses when it is worse than the baseline's by
 * more than the tolerance and by more than the noise floor (1 ms for delays: the kernel log's resolution on many
 * boards; one report for lost reports). When the cached sizes differ by more than 10 %, the worst delay after the
 * disconnect is compared per cached MiB, since a bigger page cache makes a longer stall on the same kernel.
 */
public final class RegressionCheck {

    public static final double DEFAULT_TOLERANCE = 0.10;
    /** Cached sizes within this ratio count as the same size (as the comparison's explanation counts them). */
    static final double SAME_SIZE = 1.10;
    static final long DELAY_NOISE_FLOOR_US = 1000;

    private final double tolerance;

    public RegressionCheck(double tolerance) {
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be a fraction >= 0, got " + tolerance);
        }
        this.tolerance = tolerance;
    }

    public double tolerance() {
        return tolerance;
    }

    public RunRegression check(RegressionFigures baseline, RegressionFigures run, Path experiment) {
        List<MetricChange> changes = new ArrayList<>();
        worstAfterDisconnect(baseline, run).ifPresent(changes::add);
        if (baseline.p99Us() >= 0 && run.p99Us() >= 0) {
            changes.add(delay("p99Us", "p99 delay", baseline.p99Us(), run.p99Us()));
        }
        if (baseline.lostReports() >= 0 && run.lostReports() >= 0) {
            double base = baseline.lostReports();
            double value = run.lostReports();
            changes.add(new MetricChange("lostReports", "lost reports", "count", base, value,
                    value - base >= 1 && value > base * (1 + tolerance)));
        }
        return new RunRegression(run.label(), experiment, changes);
    }

    private java.util.Optional<MetricChange> worstAfterDisconnect(RegressionFigures baseline, RegressionFigures run) {
        if (baseline.worstAfterDisconnectUs() < 0 || run.worstAfterDisconnectUs() < 0) {
            return java.util.Optional.empty();
        }
        if (sizesDiffer(baseline, run)) {
            double base = baseline.msPerCachedMib();
            double value = run.msPerCachedMib();
            // the noise floor in ms, spread over the run's own cached size
            double floor = DELAY_NOISE_FLOOR_US / 1000.0 / (run.copiedCachedKb() / 1024.0);
            return java.util.Optional.of(new MetricChange("worstAfterDisconnectMsPerCachedMib",
                    "worst delay after the disconnect", "ms/MiB", base, value, worse(base, value, floor)));
        }
        return java.util.Optional.of(delay("worstAfterDisconnectUs", "worst delay after the disconnect",
                baseline.worstAfterDisconnectUs(), run.worstAfterDisconnectUs()));
    }

    private MetricChange delay(String metric, String description, long baseUs, long valueUs) {
        return new MetricChange(metric, description, "us", baseUs, valueUs,
                worse(baseUs, valueUs, DELAY_NOISE_FLOOR_US));
    }

    private boolean worse(double base, double value, double floor) {
        return value - base > floor && value > base * (1 + tolerance);
    }

    static boolean sizesDiffer(RegressionFigures a, RegressionFigures b) {
        if (!a.hasCachedSize() || !b.hasCachedSize()) {
            return false;
        }
        double ratio = Math.max(a.copiedCachedKb(), b.copiedCachedKb())
                / (double) Math.min(a.copiedCachedKb(), b.copiedCachedKb());
        return ratio > SAME_SIZE;
    }
}
