package org.wqlab.core.store;

import java.io.IOException;
import java.nio.file.Path;

import org.wqlab.core.model.ExperimentMetadata;
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

    public ExperimentMetadata readMetadata() throws InputException {
        return MetadataJson.read(metadataFile());
    }

    public void writeMetadata(ExperimentMetadata metadata) throws IOException {
        MetadataJson.write(metadataFile(), metadata);
    }

    public RawLogAppender openKernelLog() throws IOException {
        return new RawLogAppender(kernelLog());
    }
}
