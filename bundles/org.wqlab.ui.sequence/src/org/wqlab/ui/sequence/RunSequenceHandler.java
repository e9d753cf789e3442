package org.wqlab.ui.sequence;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.commands.IElementUpdater;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.menus.UIElement;
import org.eclipse.ui.services.IServiceScopes;

/**
 * Run Sequence (Ctrl+F11 in wqlab's parts, Run menu, main toolbar, context menus): runs the selected or active
 * sequence on the board selected in the Boards view. The toolbar button's tooltip names that board.
 */
public final class RunSequenceHandler extends AbstractHandler implements IElementUpdater {

    private final Set<IWorkbenchWindow> watched = ConcurrentHashMap.newKeySet();

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchWindow window = HandlerUtil.getActiveWorkbenchWindowChecked(event);
        boolean fromEditor = HandlerUtil.getActivePart(event) instanceof SequenceEditor;
        return SequenceLauncher.target(window, HandlerUtil.getCurrentSelection(event), fromEditor)
                .map(editor -> SequenceLauncher.run(editor, window, null)).orElse(null);
    }

    @Override
    public void updateElement(UIElement element, @SuppressWarnings("rawtypes") Map parameters) {
        if (parameters.get(IServiceScopes.WINDOW_SCOPE) instanceof IWorkbenchWindow window) {
            element.setTooltip("Run the sequence on " + BoardChoice.describe(window) + " (Ctrl+F11)");
            watchBoardSelection(window);
        }
    }

    /** The tooltip follows the Boards view's selection. */
    private void watchBoardSelection(IWorkbenchWindow window) {
        if (watched.add(window)) {
            ISelectionListener refresh = (part, selection) -> {
                ICommandService commands = window.getService(ICommandService.class);
                if (commands != null) {
                    commands.refreshElements(RunCommands.RUN, null);
                }
            };
            window.getSelectionService().addPostSelectionListener(StepsPage.BOARDS_VIEW, refresh);
        }
    }
}
