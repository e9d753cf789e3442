package org.wqlab.analysis.regression;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** One experiment checked against the baseline: each figure's change, and whether any regressed. */
public record RunRegression(String label, Path experiment, List<MetricChange> changes) {

    public RunRegression {
        changes = List.copyOf(changes);
    }

    public boolean regressed() {
        return changes.stream().anyMatch(MetricChange::regressed);
    }

    /** One line: "LABEL regressed: worst delay ... (+195 %)" or "LABEL: no regression (...)". */
    public String summary() {
        List<MetricChange> worse = changes.stream().filter(MetricChange::regressed).toList();
        if (worse.isEmpty()) {
            return label + ": no regression (" + changes.stream().map(MetricChange::text)
                    .collect(Collectors.joining("; ")) + ")";
        }
        return label + " regressed: " + worse.stream().map(MetricChange::text).collect(Collectors.joining("; "));
    }
}
