package org.wqlab.ui.sequence;

import org.eclipse.core.commands.operations.IUndoContext;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.ITextViewerExtension6;
import org.eclipse.jface.text.IUndoManagerExtension;
import org.eclipse.ui.editors.text.TextEditor;

/**
 * The Source page: a text editor on the file (workspace file or any file through its file store). Its document is
 * the editor's one source of truth; the form writes its edits into it, so one undo history holds both.
 */
public final class SourcePage extends TextEditor {

    public IDocument document() {
        return getDocumentProvider().getDocument(getEditorInput());
    }

    /** The undo context of the document's undo manager in the workbench operation history. */
    public IUndoContext undoContext() {
        ITextViewer viewer = getSourceViewer();
        if (viewer instanceof ITextViewerExtension6 e6 && e6.getUndoManager() instanceof IUndoManagerExtension u) {
            return u.getUndoContext();
        }
        return null;
    }

    public ITextViewer viewer() {
        return getSourceViewer();
    }
}
