package org.wqlab.ui.experiments;

import java.util.stream.Collectors;

import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.analysis.regression.MetricChange;
import org.wqlab.limits.Outcome;
import org.wqlab.limits.Outcome.Status;

/** How the Experiments view and the experiment editor put an outcome against limits into words. */
public final class LimitsText {

    private LimitsText() {
    }

    /** {@code pass}, {@code warn}, {@code fail}, {@code not judged}; {@code unreadable}; "" without limits. */
    public static String word(ExperimentSummary s) {
        if (!s.limitsProblem().isEmpty()) {
            return "unreadable";
        }
        return s.judged().map(o -> o.overall().word()).orElse("");
    }

    /** For sorting: fail, then warn, then not judged, then pass, then none. */
    static int severity(ExperimentSummary s) {
        if (!s.limitsProblem().isEmpty()) {
            return 5;
        }
        return s.judged().map(o -> switch (o.overall()) {
            case FAIL -> 4;
            case WARN -> 3;
            case NOT_JUDGED -> 2;
            case PASS -> 1;
        }).orElse(0);
    }

    /** The worst delay's change against the baseline, for sorting; below any change when there is none. */
    static double baselineChange(ExperimentSummary s) {
        return s.baseline() == null ? Double.NEGATIVE_INFINITY
                : s.baseline().isBaseline() ? 0 : s.baseline().worstDelay().map(MetricChange::change)
                        .orElse(Double.NEGATIVE_INFINITY);
    }

    /** Each limit's outcome on a line: "worst.after.disconnect.ms fail: 6782 ms above the hard limit 1000 ms". */
    public static String details(Outcome outcome) {
        return outcome.limits().stream().map(l -> l.name().fileName() + " " + l.status().word() + ": " + l.reason())
                .collect(Collectors.joining("\n"));
    }

    /** Why the limits column says what it says: the problem, or each limit's outcome. */
    static String toolTip(ExperimentSummary s) {
        if (!s.limitsProblem().isEmpty()) {
            return s.limitsProblem();
        }
        return s.judged().map(LimitsText::details).orElse("This run recorded no limits");
    }

    /** The status as a colour key shared by the view and the editor. */
    public static Status status(ExperimentSummary s) {
        return s.judged().map(Outcome::overall).orElse(null);
    }
}
