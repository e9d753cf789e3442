package org.wqlab.core.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.ImportSource;
import org.wqlab.core.model.InputException;

/**
 * One experiment on disk: {@code experiment.json} and the raw streams ({@code kernel.log}); an imported one keeps the
 * file it was imported from in {@code source/} when its kernel log is not that file itself.
 */
public record ExperimentFolder(Path dir) {

    public static final String METADATA = "experiment.json";
    public static final String KERNEL_LOG = "kernel.log";
    /** The folder holding an import's source file, byte for byte. */
    public static final String SOURCE = "source";

    public Path metadataFile() {
        return dir.resolve(METADATA);
    }

    public Path kernelLog() {
        return dir.resolve(KERNEL_LOG);
    }

    /**
     * Where the experiment keeps the file it was imported from ({@link ExperimentMetadata#source()}), when that is a
     * file of this folder: a recorded path leading outside it is none.
     */
    public Optional<Path> sourceFile(ImportSource source) {
        if (source == null || source.file() == null || source.file().isEmpty()) {
            return Optional.empty();
        }
        Path base = dir.toAbsolutePath().normalize();
        Path file = base.resolve(source.file()).normalize();
        return file.startsWith(base) && !file.equals(base) ? Optional.of(file) : Optional.empty();
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
