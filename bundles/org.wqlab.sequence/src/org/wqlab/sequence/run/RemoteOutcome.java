package org.wqlab.sequence.run;

import java.util.Objects;

import org.wqlab.core.model.ExperimentStatus;

/** How a remote execution ended: the experiment's status and one sentence saying why. */
public record RemoteOutcome(ExperimentStatus status, String summary) {
    public RemoteOutcome {
        Objects.requireNonNull(status, "status");
        summary = summary == null ? "" : summary;
    }
}
