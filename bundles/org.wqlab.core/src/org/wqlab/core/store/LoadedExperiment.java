package org.wqlab.core.store;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.samples.LogContent;

/** An experiment read back from its folder: its metadata and what its raw log was parsed into. */
public record LoadedExperiment(ExperimentFolder folder, ExperimentMetadata metadata, LogContent content) {
}
