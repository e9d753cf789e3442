package org.wqlab.ui.firststeps;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** Help > First Steps: the First Steps page in the editor area. */
public final class OpenFirstStepsHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchPage page = HandlerUtil.getActiveWorkbenchWindowChecked(event).getActivePage();
        try {
            return page == null ? null : page.openEditor(FirstStepsInput.INSTANCE, FirstStepsEditor.ID);
        } catch (PartInitException e) {
            throw new ExecutionException("cannot open First Steps", e);
        }
    }
}
