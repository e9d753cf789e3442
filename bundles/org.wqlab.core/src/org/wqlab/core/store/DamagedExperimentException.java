package org.wqlab.core.store;

import java.nio.file.Path;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.InputException;

/** An experiment whose kernel log is missing, empty or not what its run or import left: its figures would lie. */
public final class DamagedExperimentException extends InputException {
    private static final long serialVersionUID = 1L;

    private final transient ExperimentFolder folder;
    private final transient ExperimentMetadata metadata;

    /** @param sentence the whole sentence, already naming the file (see {@link KernelLogCheck#damage}) */
    public DamagedExperimentException(ExperimentFolder folder, ExperimentMetadata metadata, String sentence) {
        super(sentence);
        this.folder = folder;
        this.metadata = metadata;
    }

    @Override
    public Path file() {
        return folder.kernelLog();
    }

    public ExperimentFolder folder() {
        return folder;
    }

    /** The experiment's metadata, which did load. */
    public ExperimentMetadata metadata() {
        return metadata;
    }
}
