package org.wqlab.ui.experiments.editor;

import java.nio.file.Path;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;

/** An experiment folder opened in the experiment editor; equal inputs (same folder) share one editor. */
public final class ExperimentEditorInput implements IEditorInput {
    private final Path dir;
    private final String name;

    public ExperimentEditorInput(Path dir, String name) {
        this.dir = dir.toAbsolutePath().normalize();
        this.name = name;
    }

    public Path dir() {
        return dir;
    }

    @Override
    public boolean exists() {
        return java.nio.file.Files.isDirectory(dir);
    }

    @Override
    public ImageDescriptor getImageDescriptor() {
        return org.eclipse.jface.resource.ResourceLocator
                .imageDescriptorFromBundle("org.wqlab.ui.experiments", "icons/experiment16.png")
                .orElse(ImageDescriptor.getMissingImageDescriptor());
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public IPersistableElement getPersistable() {
        return null;
    }

    @Override
    public String getToolTipText() {
        return dir.toString();
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExperimentEditorInput other && other.dir.equals(dir);
    }

    @Override
    public int hashCode() {
        return dir.hashCode();
    }
}
