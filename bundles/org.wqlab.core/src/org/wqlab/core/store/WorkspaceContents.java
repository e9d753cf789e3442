package org.wqlab.core.store;

import java.util.List;

/** The experiments of a workspace that loaded, and the problems of those that did not. */
public record WorkspaceContents(List<LoadedExperiment> experiments, List<LoadProblem> problems) {

    public WorkspaceContents {
        experiments = List.copyOf(experiments);
        problems = List.copyOf(problems);
    }
}
