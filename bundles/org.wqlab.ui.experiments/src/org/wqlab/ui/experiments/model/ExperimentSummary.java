package org.wqlab.ui.experiments.model;

import java.nio.file.Path;

import org.wqlab.core.model.ExperimentStatus;

/**
 * One line of the Experiments view: what identifies and ranks a recorded experiment.
 *
 * @param worstUs largest delay reported, or {@link #UNKNOWN} when the log holds no report or did not load
 * @param problem why the experiment could not be read ("" when it loaded)
 */
public record ExperimentSummary(Path dir, String id, String name, String created, String board, String kernel,
        String config, long count, long worstUs, ExperimentStatus status, String notes, String problem) {

    public static final long UNKNOWN = -1;

    public boolean loaded() {
        return problem.isEmpty();
    }
}
