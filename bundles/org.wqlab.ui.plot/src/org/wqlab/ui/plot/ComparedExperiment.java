package org.wqlab.ui.plot;

import org.wqlab.live.ExperimentSeries;

/**
 * One experiment of a {@link ComparisonSeries}: its samples, the name the legend gives it, and its t = 0.
 *
 * @param name         as the comparison names it (the experiment's name and what differs), never a folder id
 * @param zeroUs       its t = 0 in its own board time (its first USB disconnect), or
 *                     {@link org.wqlab.core.model.LogEntry#NO_TIME} when it has no timed sample: then it is not drawn
 * @param lateRunsOnly its log holds only the reports above the threshold: drawn as stems, not joined
 */
public record ComparedExperiment(String name, ExperimentSeries series, long zeroUs, boolean lateRunsOnly) {
}
