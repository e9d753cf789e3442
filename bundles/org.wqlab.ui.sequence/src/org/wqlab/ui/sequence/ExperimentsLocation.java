package org.wqlab.ui.sequence;

import java.nio.file.Path;

import org.wqlab.core.store.Workspace;

/**
 * Where runs are recorded and the default sequence is copied to: the same folder {@code wqlab run} uses
 * ({@code $WQLAB_WORKSPACE}, else {@code ~/wqlab-workspace}); the system property {@code wqlab.workspace} comes first.
 */
public final class ExperimentsLocation {

    private ExperimentsLocation() {
    }

    public static Path root() {
        String w = System.getProperty("wqlab.workspace");
        if (w == null || w.isEmpty()) {
            w = System.getenv("WQLAB_WORKSPACE");
        }
        if (w == null || w.isEmpty()) {
            return Path.of(System.getProperty("user.home"), "wqlab-workspace");
        }
        return Path.of(w);
    }

    public static Workspace workspace() {
        return new Workspace(root());
    }

    /** The editable copy of the shipped default sequence. */
    public static Path defaultSequenceCopy() {
        return root().resolve("sequences").resolve("default.wqseq");
    }
}
