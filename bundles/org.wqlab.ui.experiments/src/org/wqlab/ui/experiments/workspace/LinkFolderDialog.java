package org.wqlab.ui.experiments.workspace;

import java.nio.file.Path;

import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Shell;
import org.wqlab.ui.experiments.model.ExperimentProjects;

/**
 * Links an existing experiments folder (what {@code wqlab run --workspace DIR} or {@code wqlab import} filled) as a
 * wqlab project: the experiments stay where they are and appear in the Experiments view and Project Explorer.
 */
public final class LinkFolderDialog {

    private LinkFolderDialog() {
    }

    public static void openAndLink(Shell shell) {
        DirectoryDialog d = new DirectoryDialog(shell);
        d.setText("Link Experiments Folder");
        d.setMessage("A folder of experiments (one sub-folder each, as the wqlab command line writes them)");
        String chosen = d.open();
        if (chosen != null) {
            link(Path.of(chosen));
        }
    }

    /** Links in a Job; errors go to the Job's status (shown by the workbench). */
    public static void link(Path folder) {
        WorkspaceJob job = new WorkspaceJob("Linking experiments folder " + folder) {
            @Override
            public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
                ExperimentProjects.link(folder, null, monitor);
                return Status.OK_STATUS;
            }
        };
        job.setRule(ResourcesPlugin.getWorkspace().getRoot());
        job.setUser(true);
        job.schedule();
    }
}
