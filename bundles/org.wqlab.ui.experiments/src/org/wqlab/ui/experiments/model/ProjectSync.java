package org.wqlab.ui.experiments.model;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;

/**
 * Brings a wqlab project's resource tree in line with its folder after a run (or the CLI) wrote files beside
 * Eclipse: one coalesced refresh per project, so the Project Explorer shows new experiments without polling.
 */
final class ProjectSync {
    private static final Map<IProject, WorkspaceJob> JOBS = new ConcurrentHashMap<>();

    private ProjectSync() {
    }

    static void schedule(IProject project) {
        JOBS.computeIfAbsent(project, p -> {
            WorkspaceJob job = new WorkspaceJob("Refreshing " + p.getName()) {
                @Override
                public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
                    if (p.isAccessible()) {
                        p.refreshLocal(IResource.DEPTH_INFINITE, monitor);
                    }
                    return Status.OK_STATUS;
                }
            };
            job.setSystem(true);
            job.setRule(p);
            return job;
        }).schedule(ExperimentCatalog.COALESCE_MS * 2);
    }
}
