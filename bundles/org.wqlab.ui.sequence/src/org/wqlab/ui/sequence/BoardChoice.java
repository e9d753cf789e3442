package org.wqlab.ui.sequence;

import java.util.Optional;

import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IWorkbenchWindow;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.ui.boards.BoardRow;
import org.wqlab.ui.boards.FactRow;

/** The board a run goes to: the one selected in the Boards view, else the built-in simulated board. */
final class BoardChoice {

    private BoardChoice() {
    }

    /** The board selected in the Boards view (a board row or one of its facts), if any. Call on the UI thread. */
    static Optional<String> selected(IWorkbenchWindow window) {
        if (window == null) {
            return Optional.empty();
        }
        ISelection s = window.getSelectionService().getSelection(StepsPage.BOARDS_VIEW);
        if (s instanceof IStructuredSelection ss && !ss.isEmpty()) {
            Object o = ss.getFirstElement();
            if (o instanceof BoardRow r) {
                return Optional.of(r.name());
            }
            if (o instanceof FactRow f) {
                return Optional.of(f.boardName());
            }
        }
        return Optional.empty();
    }

    static String describe(IWorkbenchWindow window) {
        return selected(window).map(n -> n + " (selected in the Boards view)")
                .orElse(BuiltInSimulator.BOARD_NAME + " (no board selected in the Boards view)");
    }

    /** The registry's built-in simulated board, the board used when none is chosen (the user may have renamed it). */
    static String builtIn(BoardRegistry registry) {
        return registry.fallbackBoard().orElseThrow(() -> new IllegalStateException("the board list has no built-in simulated board"));
    }
}
