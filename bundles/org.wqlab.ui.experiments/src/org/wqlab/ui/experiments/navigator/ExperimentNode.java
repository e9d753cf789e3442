package org.wqlab.ui.experiments.navigator;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.IAdaptable;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.ui.experiments.model.ExperimentProjects;

/** An experiment folder of a wqlab project as the Project Explorer shows it; it adapts to its folder. */
public record ExperimentNode(IFolder folder) implements IAdaptable {

    /** True for a folder directly inside a wqlab project that holds an experiment's metadata or kernel log. */
    public static boolean isExperiment(Object o) {
        if (!(o instanceof IFolder f) || !(f.getParent() instanceof IProject p)
                || !ExperimentProjects.isExperimentProject(p) || f.getLocation() == null) {
            return false;
        }
        Path dir = f.getLocation().toPath();
        return Files.exists(dir.resolve(ExperimentFolder.METADATA)) || Files.exists(dir.resolve(ExperimentFolder.KERNEL_LOG));
    }

    public Path dir() {
        return folder.getLocation().toPath();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter.isInstance(folder) && (adapter == IResource.class || adapter == IFolder.class
                || adapter == org.eclipse.core.resources.IContainer.class)) {
            return (T) folder;
        }
        return null;
    }
}
