package org.wqlab.core.store;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.InputException;

/**
 * What a user changes on a recorded experiment: its display name, its notes, or its existence. The folder name
 * (the experiment's id) never changes, so references to an experiment stay valid after a rename. Metadata is
 * rewritten atomically; the raw streams are never touched except by {@link #delete}.
 */
public final class ExperimentChanges {

    private ExperimentChanges() {
    }

    /** Sets the display name; a blank name is refused (it would leave the experiment unnamed in every list). */
    public static ExperimentMetadata rename(ExperimentFolder folder, String newName) throws InputException, IOException {
        String name = newName == null ? "" : newName.strip();
        if (name.isEmpty()) {
            throw new InputException(folder.metadataFile(), 0, "name: an experiment needs a non-blank name");
        }
        ExperimentMetadata m = folder.readMetadata();
        ExperimentMetadata renamed = m.withName(name);
        folder.writeMetadata(renamed);
        return renamed;
    }

    /** Replaces the notes (free text, kept in the experiment's metadata file). */
    public static ExperimentMetadata writeNotes(ExperimentFolder folder, String notes) throws InputException, IOException {
        ExperimentMetadata updated = folder.readMetadata().withNotes(notes);
        folder.writeMetadata(updated);
        return updated;
    }

    /**
     * Deletes the experiment folder and everything in it. Refuses a folder that is not an experiment (no metadata
     * file and no kernel log), so a wrong path cannot wipe an unrelated tree.
     */
    public static void delete(ExperimentFolder folder) throws IOException {
        Path dir = folder.dir();
        if (!Files.isDirectory(dir)) {
            return;
        }
        if (!Files.exists(folder.metadataFile()) && !Files.exists(folder.kernelLog())) {
            throw new IOException(dir + ": not an experiment folder (no " + ExperimentFolder.METADATA + " or "
                    + ExperimentFolder.KERNEL_LOG + "), not deleted");
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
