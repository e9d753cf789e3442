package org.wqlab.ui.sequence;

import org.eclipse.ui.IActionBars;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.part.MultiPageEditorActionBarContributor;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.texteditor.ITextEditorActionConstants;

/**
 * Edit > Undo/Redo (and the text actions) for the page in front: on the Source page the text editor's actions; on
 * the Steps page undo/redo of the same document's undo context, so form edits undo like typing does.
 */
public final class SequenceEditorContributor extends MultiPageEditorActionBarContributor {

    private static final String[] TEXT_ACTIONS = { ITextEditorActionConstants.UNDO, ITextEditorActionConstants.REDO,
            ITextEditorActionConstants.CUT, ITextEditorActionConstants.COPY, ITextEditorActionConstants.PASTE,
            ITextEditorActionConstants.DELETE, ITextEditorActionConstants.SELECT_ALL, ITextEditorActionConstants.FIND };

    private SequenceEditor editor;

    @Override
    public void setActiveEditor(IEditorPart part) {
        editor = part instanceof SequenceEditor e ? e : null;
        super.setActiveEditor(part);
    }

    @Override
    public void setActivePage(IEditorPart page) {
        IActionBars bars = getActionBars();
        if (bars == null) {
            return;
        }
        if (page instanceof ITextEditor text) {
            for (String id : TEXT_ACTIONS) {
                bars.setGlobalActionHandler(id, text.getAction(id));
            }
        } else {
            for (String id : TEXT_ACTIONS) {
                bars.setGlobalActionHandler(id, null);
            }
            if (editor != null && editor.undoContext() != null) {
                bars.setGlobalActionHandler(ActionFactory.UNDO.getId(), editor.undoAction());
                bars.setGlobalActionHandler(ActionFactory.REDO.getId(), editor.redoAction());
            }
        }
        bars.updateActionBars();
    }
}
