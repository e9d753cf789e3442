package org.wqlab.ui.firststeps;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;

/** The input of the First Steps page: there is one, and it is not saved with the workbench's layout. */
public final class FirstStepsInput implements IEditorInput {
    public static final FirstStepsInput INSTANCE = new FirstStepsInput();

    private FirstStepsInput() {
    }

    @Override
    public boolean exists() {
        return false;
    }

    @Override
    public ImageDescriptor getImageDescriptor() {
        return null;
    }

    @Override
    public String getName() {
        return "First Steps";
    }

    @Override
    public IPersistableElement getPersistable() {
        return null;
    }

    @Override
    public String getToolTipText() {
        return "First steps with wqlab";
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return null;
    }
}
