package org.wqlab.analysis.regression;

import java.nio.file.Path;
import java.util.List;

/**
 * Experiments checked against one baseline.
 *
 * @param baselineExperiments the experiments the baseline's figures are the median of (one for a single baseline)
 */
public record RegressionReport(RegressionFigures baseline, List<Path> baselineExperiments, double tolerance,
        List<RunRegression> runs) {

    public RegressionReport {
        baselineExperiments = List.copyOf(baselineExperiments);
        runs = List.copyOf(runs);
    }

    public boolean regressed() {
        return runs.stream().anyMatch(RunRegression::regressed);
    }
}
