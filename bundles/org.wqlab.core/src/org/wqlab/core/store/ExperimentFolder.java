package org.wqlab.core.store;

import java.io.IOException;
import java.nio.file.Path;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.InputException;

/** One experiment on disk: {@code experiment.json} and the raw streams ({@code kernel.log}). */
public record ExperimentFolder(Path dir) {

    public static final String METADATA = "experiment.json";
    public static final String KERNEL_LOG = "kernel.log";

    public Path metadataFile() {
        return dir.resolve(METADATA);
    }

    public Path kernelLog() {
        return dir.resolve(KERNEL_LOG);
    }

    public String id() {
        return dir.getFileName().toString();
    }

    /** The metadata; "running" only while the run's lock is held, otherwise the run is gone: interrupted. */
    public ExperimentMetadata readMetadata() throws InputException {
        ExperimentMetadata m = MetadataJson.read(metadataFile());
        if (m.status() == ExperimentStatus.RUNNING && !RunLock.isHeld(dir)) {
            String holder = RunLock.holder(dir);
            return m.withStatus(ExperimentStatus.INTERRUPTED).withNotes("interrupted: the process that ran it"
                    + (holder.isEmpty() ? "" : " (" + holder + ")") + " ended before the run finished");
        }
        return m;
    }

    public void writeMetadata(ExperimentMetadata metadata) throws IOException {
        MetadataJson.write(metadataFile(), metadata);
    }

    public RawLogAppender openKernelLog() throws IOException {
        return new RawLogAppender(kernelLog());
    }
}
