package org.wqlab.ui.experiments.workspace;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.handlers.HandlerUtil;

/** File > Link Experiments Folder... */
public final class LinkFolderHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        LinkFolderDialog.openAndLink(HandlerUtil.getActiveShellChecked(event));
        return null;
    }
}
