package org.wqlab.ui.experiments.model;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectNature;

/** Marks a project as a wqlab experiments project; it needs no builder. */
public final class ExperimentNature implements IProjectNature {
    private IProject project;

    @Override
    public void configure() {
        // nothing to set up: the experiments are plain folders
    }

    @Override
    public void deconfigure() {
        // nothing to remove
    }

    @Override
    public IProject getProject() {
        return project;
    }

    @Override
    public void setProject(IProject project) {
        this.project = project;
    }
}
