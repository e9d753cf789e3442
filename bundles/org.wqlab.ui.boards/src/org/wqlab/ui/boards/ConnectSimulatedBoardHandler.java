package org.wqlab.ui.boards;

import org.wqlab.ui.WorkbenchServices;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.Boards;

/**
 * Connect Simulated Board: connects the built-in simulated board (the registry's fallback board: the user may have
 * renamed it) as the Boards view's Connect does, and shows the Boards view.
 */
public final class ConnectSimulatedBoardHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchWindow window = HandlerUtil.getActiveWorkbenchWindowChecked(event);
        try {
            BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
            String name = registry.fallbackBoard()
                    .orElseThrow(() -> new ExecutionException("the board list has no simulated board"));
            window.getActivePage().showView(BoardsPart.VIEW_ID);
            BoardStatus status = registry.status(name);
            if (!(status instanceof BoardStatus.Connected) && !(status instanceof BoardStatus.Connecting)) {
                new ConnectJob(registry, name, window.getShell().getDisplay()).schedule();
            }
            return name;
        } catch (BoardStoreException | PartInitException e) {
            MessageDialog.openError(window.getShell(), "Connect Simulated Board", e.getMessage());
            return null;
        }
    }
}
