package org.wqlab.ui.boards;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.HandlerEvent;
import org.wqlab.boards.BoardAction;

/**
 * The handler of a board kind's action: acts on the shown Boards view's selection and is enabled exactly when the
 * action can run on a selected board, telling the workbench whenever that may have changed.
 */
final class KindActionHandler extends AbstractHandler {
    private final BoardAction action;
    private final Runnable changed = () -> fireHandlerChanged(new HandlerEvent(this, true, false));

    KindActionHandler(BoardAction action) {
        this.action = action;
        ShownBoardsView.addListener(changed);
    }

    @Override
    public boolean isEnabled() {
        return ShownBoardsView.current().map(view -> view.canRun(action)).orElse(false);
    }

    @Override
    public Object execute(ExecutionEvent event) {
        ShownBoardsView.current().filter(view -> view.canRun(action)).ifPresent(view -> view.run(action));
        return null;
    }

    @Override
    public void dispose() {
        ShownBoardsView.removeListener(changed);
        super.dispose();
    }
}
