package org.wqlab.sequence.run;

import java.util.List;

import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentFolder;

/** The end of a run: where it is recorded, its status and a one-line summary (the failure's cause when failed). */
public record RunResult(ExperimentFolder folder, ExperimentStatus status, String summary, List<StepRecord> steps,
        List<String> cleanup) {

    public RunResult {
        steps = List.copyOf(steps);
        cleanup = List.copyOf(cleanup);
    }
}
