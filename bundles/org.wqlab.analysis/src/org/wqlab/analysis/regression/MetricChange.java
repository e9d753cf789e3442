package org.wqlab.analysis.regression;

import java.util.Locale;

/**
 * One figure of an experiment against the baseline's.
 *
 * @param metric    the figure's name in JSON and JUnit ({@code worstAfterDisconnectUs}, {@code p99Us}, ...)
 * @param unit      how {@code baseline} and {@code value} are counted: "us", "ms/MiB" or "count"
 * @param regressed whether the value is worse than the baseline beyond the tolerance and the noise floor
 */
public record MetricChange(String metric, String description, String unit, double baseline, double value,
        boolean regressed) {

    /** The change as a fraction of the baseline (0.25 for 25 % worse); infinite from a zero baseline. */
    public double change() {
        if (baseline == 0) {
            return value == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return value / baseline - 1;
    }

    /** "worst delay after the disconnect 6782 ms vs 2301 ms baseline (+195 %)". */
    public String text() {
        return description + " " + format(value) + " vs " + format(baseline) + " baseline (" + percent() + ")";
    }

    public String percent() {
        double c = change();
        if (Double.isInfinite(c)) {
            return "from none";
        }
        return String.format(Locale.ROOT, "%+.0f %%", c * 100);
    }

    private String format(double v) {
        return switch (unit) {
            case "us" -> trim(v / 1000.0) + " ms";
            case "ms/MiB" -> trim(v) + " ms per cached MiB";
            default -> Long.toString(Math.round(v));
        };
    }

    /** A figure with three significant digits at most: 6782, 2.30, 0.251. */
    public static String trim(double v) {
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    }
}
