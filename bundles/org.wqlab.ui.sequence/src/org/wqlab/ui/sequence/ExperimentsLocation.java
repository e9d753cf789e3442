package org.wqlab.ui.sequence;

import java.nio.file.Path;

import org.eclipse.core.runtime.Platform;
import org.eclipse.osgi.service.datalocation.Location;
import org.wqlab.core.store.Workspace;

/**
 * Where runs are recorded and the default sequence is copied to: the same folder {@code wqlab run} uses
 * ({@code -Dwqlab.workspace}, else {@code $WQLAB_WORKSPACE}), else the folder of the Experiments view's default project,
 * {@code experiments} in the workbench's workspace ({@code ~/wqlab-workspace/experiments} by default, like the CLI).
 */
public final class ExperimentsLocation {

    private ExperimentsLocation() {
    }

    public static Path root() {
        if (System.getProperty("wqlab.workspace") == null && System.getenv("WQLAB_WORKSPACE") == null) {
            Location data = Platform.getInstanceLocation();
            if (data != null && data.isSet()) {
                // the Experiments view's default project: <workspace>/experiments
                return Path.of(data.getURL().getPath()).resolve("experiments");
            }
        }
        return Workspace.defaultRoot();
    }

    public static Workspace workspace() {
        return new Workspace(root());
    }

    /** The editable copy of the shipped default sequence. */
    public static Path defaultSequenceCopy() {
        return root().resolve("sequences").resolve("default.wqseq");
    }

    /** The editable copy of a shipped sequence ({@code report-procedure.wqseq}, {@code soak-20-pulls.wqseq}). */
    public static Path shippedCopy(String fileName) {
        return root().resolve("sequences").resolve(fileName);
    }
}
