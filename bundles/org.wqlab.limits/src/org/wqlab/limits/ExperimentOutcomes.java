package org.wqlab.limits;

import java.util.Optional;

import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.store.LoadedExperiment;

/**
 * The one entry point for an experiment's outcome: judged from its data, the limits its run recorded
 * ({@code limits.json}, the effective limits when it started) and the board facts in its metadata, so a saved
 * experiment judges as its run did.
 */
public final class ExperimentOutcomes {

    private ExperimentOutcomes() {
    }

    /** The experiment's outcome; empty when it has no {@code limits.json}. */
    public static Optional<Outcome> judge(LoadedExperiment experiment) throws InputException {
        return assess(experiment).map(Assessment::outcome);
    }

    /** The outcome with its limits and measurements; empty when the experiment has no {@code limits.json}. */
    public static Optional<Assessment> assess(LoadedExperiment experiment) throws InputException {
        return assess(experiment, experiment.statistics());
    }

    /**
     * As {@link #assess(LoadedExperiment)} with statistics already computed at the default threshold (the threshold
     * changes only recovery times, which no limit bounds).
     */
    public static Optional<Assessment> assess(LoadedExperiment experiment, Statistics statistics)
            throws InputException {
        Optional<Limits> limits = LimitsJson.read(experiment.folder().dir());
        if (limits.isEmpty()) {
            return Optional.empty();
        }
        Measurements m = Measurements.of(experiment.content(), statistics);
        return Optional.of(new Assessment(limits.get(), m,
                LimitJudge.judge(m, limits.get(), experiment.metadata().boardFacts())));
    }
}
