package org.wqlab.ui.experiments.compare;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;

/** Two or more experiment folders compared in one editor; the same set (in the same order) shares an editor. */
public final class CompareEditorInput implements IEditorInput {
    private final List<Path> dirs;

    public CompareEditorInput(List<Path> dirs) {
        if (dirs.size() < 2) {
            throw new IllegalArgumentException("a comparison needs two or more experiments, got " + dirs.size());
        }
        this.dirs = dirs.stream().map(d -> d.toAbsolutePath().normalize()).toList();
    }

    public List<Path> dirs() {
        return dirs;
    }

    @Override
    public boolean exists() {
        return false;
    }

    @Override
    public ImageDescriptor getImageDescriptor() {
        return org.eclipse.jface.resource.ResourceLocator
                .imageDescriptorFromBundle("org.wqlab.ui.experiments", "icons/compare16.png")
                .orElse(ImageDescriptor.getMissingImageDescriptor());
    }

    @Override
    public String getName() {
        return "Compare " + dirs.size() + " experiments";
    }

    @Override
    public IPersistableElement getPersistable() {
        return null;
    }

    @Override
    public String getToolTipText() {
        return String.join("\n", dirs.stream().map(Path::toString).toList());
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CompareEditorInput other && other.dirs.equals(dirs);
    }

    @Override
    public int hashCode() {
        return dirs.hashCode();
    }
}
