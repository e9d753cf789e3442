package org.wqlab.ui.experiments.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.wqlab.core.store.Workspace;

/**
 * wqlab projects in the Eclipse workspace: each holds one campaign's experiments as folders, in the format the
 * CLI writes ({@link Workspace}), marked by the {@link #NATURE_ID wqlab nature}.
 */
public final class ExperimentProjects {
    public static final String NATURE_ID = "org.wqlab.ui.experiments.nature";
    /** The project runs go into when the user has not chosen one. */
    public static final String DEFAULT_PROJECT = "experiments";

    private ExperimentProjects() {
    }

    /** The open wqlab projects, by name. */
    public static List<IProject> projects() {
        List<IProject> out = new ArrayList<>();
        for (IProject p : ResourcesPlugin.getWorkspace().getRoot().getProjects()) {
            if (isExperimentProject(p)) {
                out.add(p);
            }
        }
        return out;
    }

    public static boolean isExperimentProject(IProject p) {
        try {
            return p.isOpen() && p.hasNature(NATURE_ID);
        } catch (CoreException e) {
            return false;
        }
    }

    /** The experiment store of a project (its folder on disk). */
    public static Workspace workspaceOf(IProject project) {
        return new Workspace(project.getLocation().toPath());
    }

    /** The default wqlab project, created (with the nature) inside the Eclipse workspace when missing. */
    public static IProject defaultProject(IProgressMonitor monitor) throws CoreException {
        IProject p = ResourcesPlugin.getWorkspace().getRoot().getProject(DEFAULT_PROJECT);
        if (!p.exists()) {
            IProjectDescription d = ResourcesPlugin.getWorkspace().newProjectDescription(DEFAULT_PROJECT);
            d.setNatureIds(new String[] { NATURE_ID });
            p.create(d, monitor);
        }
        if (!p.isOpen()) {
            p.open(monitor);
        }
        addNature(p, monitor);
        return p;
    }

    /**
     * Links an existing experiments folder (e.g. one the CLI filled with {@code wqlab run --workspace DIR}) as a
     * wqlab project: the files stay where they are, the project's location is the folder.
     */
    public static IProject link(Path folder, String projectName, IProgressMonitor monitor) throws CoreException {
        Path dir = folder.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new CoreException(Status.error(dir + ": not a folder"));
        }
        IWorkspace ws = ResourcesPlugin.getWorkspace();
        IWorkspaceRoot root = ws.getRoot();
        String name = projectName == null || projectName.isBlank() ? dir.getFileName().toString() : projectName.strip();
        IProject p = root.getProject(name);
        if (p.exists()) {
            throw new CoreException(Status.error("a project named '" + name + "' already exists"));
        }
        IProjectDescription d = ws.newProjectDescription(name);
        IPath location = IPath.fromPath(dir);
        if (!location.equals(root.getLocation().append(name))) {
            d.setLocation(location);
        }
        d.setNatureIds(new String[] { NATURE_ID });
        p.create(d, monitor);
        p.open(monitor);
        return p;
    }

    private static void addNature(IProject p, IProgressMonitor monitor) throws CoreException {
        if (p.hasNature(NATURE_ID)) {
            return;
        }
        IProjectDescription d = p.getDescription();
        String[] natures = Arrays.copyOf(d.getNatureIds(), d.getNatureIds().length + 1);
        natures[natures.length - 1] = NATURE_ID;
        d.setNatureIds(natures);
        p.setDescription(d, monitor);
    }
}
