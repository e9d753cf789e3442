package org.wqlab.ui;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.EditorPart;

/** An editor-area page that only shows (nothing to save); wqlab's keys are active while it is. */
public abstract class ReadOnlyPage extends EditorPart {

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        setSite(site);
        setInput(input);
        setPartName(input.getName());
    }

    @Override
    public final void createPartControl(org.eclipse.swt.widgets.Composite parent) {
        WqlabContext.activateIn(getSite());
        createPage(parent);
    }

    protected abstract void createPage(org.eclipse.swt.widgets.Composite parent);

    @Override
    public void doSave(IProgressMonitor monitor) {
    }

    @Override
    public void doSaveAs() {
    }

    @Override
    public boolean isDirty() {
        return false;
    }

    @Override
    public boolean isSaveAsAllowed() {
        return false;
    }
}
