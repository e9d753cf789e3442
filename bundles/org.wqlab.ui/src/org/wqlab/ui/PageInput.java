package org.wqlab.ui;

import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IPersistableElement;

/**
 * The input of a page the workbench shows in the editor area that is no file (First Steps, the user guide): one
 * instance per page, so opening it again brings the open one forward; not saved with the workbench's layout.
 */
public final class PageInput implements IEditorInput {
    public static final PageInput FIRST_STEPS = new PageInput("First Steps", "First steps with wqlab");
    public static final PageInput USER_GUIDE = new PageInput("wqlab User Guide", "How to use wqlab");

    private final String name;
    private final String toolTip;

    private PageInput(String name, String toolTip) {
        this.name = name;
        this.toolTip = toolTip;
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
        return name;
    }

    @Override
    public IPersistableElement getPersistable() {
        return null;
    }

    @Override
    public String getToolTipText() {
        return toolTip;
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        return null;
    }
}
