package org.wqlab.ui;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** A command handler that opens one of wqlab's editor-area pages (Help > First Steps, Help > wqlab User Guide). */
public abstract class PageOpener extends AbstractHandler {
    private final PageInput input;
    private final String editorId;

    protected PageOpener(PageInput input, String editorId) {
        this.input = input;
        this.editorId = editorId;
    }

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        try {
            return page == null ? null : page.openEditor(input, editorId);
        } catch (PartInitException e) {
            throw new ExecutionException("cannot open " + input.getName(), e);
        }
    }
}
