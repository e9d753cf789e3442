package org.wqlab.analysis.experiments;

import java.util.Optional;

import org.wqlab.analysis.regression.MetricChange;
import org.wqlab.analysis.regression.RunRegression;

/**
 * An experiment against the baseline of its board: the baseline itself, or the regression check's answer.
 *
 * @param regression null for the baseline itself
 */
public record BaselineChange(String baselineName, RunRegression regression) {

    public static BaselineChange self(String name) {
        return new BaselineChange(name, null);
    }

    public boolean isBaseline() {
        return regression == null;
    }

    public boolean regressed() {
        return regression != null && regression.regressed();
    }

    /** The worst delay's change, the figure a reader looks at first. */
    public Optional<MetricChange> worstDelay() {
        return regression == null ? Optional.empty()
                : regression.changes().stream().filter(c -> c.metric().startsWith("worst")).findFirst();
    }

    /** "baseline", "+195 % worst, regressed", "-66 % worst", or what else regressed. */
    public String text() {
        if (isBaseline()) {
            return "baseline";
        }
        String worst = worstDelay().map(c -> c.percent() + " worst" + (c.unit().equals("ms/MiB") ? " per cached MiB"
                : "")).orElse("no worst delay");
        if (!regression.regressed()) {
            return worst;
        }
        boolean worstRegressed = worstDelay().map(MetricChange::regressed).orElse(false);
        return worstRegressed ? worst + ", regressed"
                : worst + "; regressed: " + String.join(", ", regression.changes().stream()
                        .filter(MetricChange::regressed).map(MetricChange::description).toList());
    }

    /** The whole check in words, a figure a line, for a tooltip. */
    public String explanation() {
        if (isBaseline()) {
            return "The baseline of its board: the board's other runs are compared with it";
        }
        StringBuilder out = new StringBuilder("Against the baseline, ").append(baselineName).append(':');
        for (MetricChange c : regression.changes()) {
            out.append('\n').append(c.regressed() ? "regressed: " : "").append(c.text());
        }
        return out.toString();
    }
}
