package org.wqlab.analysis.experiments;

import java.nio.file.Path;
import java.util.Optional;

import org.wqlab.analysis.regression.RegressionFigures;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.limits.Outcome;

/**
 * One line of the Experiments view: what identifies and ranks a recorded experiment.
 *
 * @param worstUs       largest delay reported, or {@link #UNKNOWN} when the log holds no report or did not load
 * @param problem       why the experiment could not be read ("" when it loaded)
 * @param damage        why its kernel log is not what its run or import left, a sentence naming the file ("" when
 *                      intact); its metadata still shows, its figures do not
 * @param outcome       the run's outcome against the limits it recorded, or null when it recorded none
 * @param limitsProblem why its {@code limits.json} could not be read ("" when it could, or there is none)
 * @param figures       what a regression check compares, or null when the experiment did not load
 * @param baseline      the change against the baseline of its board, or null when its board has none
 */
public record ExperimentSummary(Path dir, String id, String name, String created, String board, String kernel,
        String config, long count, long worstUs, ExperimentStatus status, String notes, String problem,
        String damage, Outcome outcome, String limitsProblem, RegressionFigures figures, BaselineChange baseline) {

    public static final long UNKNOWN = -1;

    /** The status word of a damaged experiment (not a stored status: the log is checked each time it is read). */
    public static final String DAMAGED = "damaged";

    public ExperimentSummary(Path dir, String id, String name, String created, String board, String kernel,
            String config, long count, long worstUs, ExperimentStatus status, String notes, String problem,
            String damage) {
        this(dir, id, name, created, board, kernel, config, count, worstUs, status, notes, problem, damage, null, "",
                null, null);
    }

    public ExperimentSummary(Path dir, String id, String name, String created, String board, String kernel,
            String config, long count, long worstUs, ExperimentStatus status, String notes, String problem) {
        this(dir, id, name, created, board, kernel, config, count, worstUs, status, notes, problem, "");
    }

    public boolean damaged() {
        return !damage.isEmpty();
    }

    public boolean loaded() {
        return problem.isEmpty();
    }

    public Optional<Outcome> judged() {
        return Optional.ofNullable(outcome);
    }

    public ExperimentSummary withBaseline(BaselineChange change) {
        return new ExperimentSummary(dir, id, name, created, board, kernel, config, count, worstUs, status, notes,
                problem, damage, outcome, limitsProblem, figures, change);
    }
}
