package org.wqlab.ui.sequence;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.dialogs.MessageDialogWithToggle;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.wqlab.sequence.SequenceException;

/**
 * What Run starts, wherever it is chosen (Run menu, main toolbar, Ctrl+F11, context menus, the editor's header): the
 * sequence to run, saved first when its editor has changes, on the board chosen.
 */
public final class SequenceLauncher {

    private SequenceLauncher() {
    }

    /**
     * The sequence editor Run applies to, opening one when needed: a {@code .wqseq} file selected in the active part,
     * else the active sequence editor, else the sequence run last, else the default sequence.
     */
    static Optional<SequenceEditor> target(IWorkbenchWindow window, ISelection selection, boolean fromEditorPart) {
        IWorkbenchPage page = window.getActivePage();
        if (page == null) {
            return Optional.empty();
        }
        try {
            if (!fromEditorPart) {
                Optional<Path> selected = selectedSequenceFile(selection);
                if (selected.isPresent()) {
                    return asSequenceEditor(OpenDefaultSequenceHandler.openFile(page, selected.get()));
                }
            }
            if (page.getActiveEditor() instanceof SequenceEditor editor) {
                return Optional.of(editor);
            }
            if (!RunHistory.files().isEmpty()) {
                return asSequenceEditor(OpenDefaultSequenceHandler.openFile(page, RunHistory.files().get(0)));
            }
            return asSequenceEditor(OpenDefaultSequenceHandler.open(page, ExperimentsLocation.defaultSequenceCopy()));
        } catch (PartInitException | IOException | SequenceException e) {
            MessageDialog.openError(window.getShell(), "Run Sequence", e.getMessage());
            return Optional.empty();
        }
    }

    /** A {@code .wqseq} file in a structured selection (a workspace file, as the Project Explorer selects it). */
    static Optional<Path> selectedSequenceFile(ISelection selection) {
        if (selection instanceof IStructuredSelection s && s.size() == 1) {
            IFile file = Adapters.adapt(s.getFirstElement(), IFile.class);
            if (file != null && "wqseq".equals(file.getFileExtension()) && file.getLocation() != null) {
                return Optional.of(file.getLocation().toFile().toPath());
            }
        }
        return Optional.empty();
    }

    /**
     * Runs the editor's sequence on {@code board} (null: the board selected in the Boards view, else the built-in
     * simulated board), after saving its changes if the user agrees. It may run on several boards at once, a board
     * one sequence at a time (see SequenceRunJob#start). Call on the UI thread.
     */
    public static SequenceRunJob run(SequenceEditor editor, IWorkbenchWindow window, String board) {
        if (editor.isDirty() && !saved(editor, window)) {
            return null;
        }
        SequenceRunJob job = SequenceRunJob.start(editor, window, board);
        if (job != null) {
            Path file = Path.of(editor.sourceName());
            if (file.isAbsolute()) {
                RunHistory.add(file);
            }
        }
        return job;
    }

    private static boolean saved(SequenceEditor editor, IWorkbenchWindow window) {
        if (!RunHistory.alwaysSave()) {
            MessageDialogWithToggle dialog = MessageDialogWithToggle.open(MessageDialog.QUESTION, window.getShell(),
                    "Save and Run", "'" + editor.getTitle() + "' has unsaved changes. Save them and run?",
                    "Always save before a run", false, null, null, 0);
            if (dialog.getReturnCode() != IDialogConstants.YES_ID) {
                return false;
            }
            if (dialog.getToggleState()) {
                RunHistory.setAlwaysSave(true);
            }
        }
        editor.doSave(new NullProgressMonitor());
        return !editor.isDirty();
    }

    private static Optional<SequenceEditor> asSequenceEditor(IEditorPart part) {
        return part instanceof SequenceEditor e ? Optional.of(e) : Optional.empty();
    }
}
