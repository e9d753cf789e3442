package org.wqlab.ui.sequence;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.filesystem.EFS;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.ide.FileStoreEditorInput;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceJson;

/**
 * File > Open Default Sequence: the sequence org.wqlab.sequence ships ({@code SequenceJson.defaultSequence()}),
 * copied once to {@code <experiments folder>/sequences/default.wqseq} so it can be edited and saved; later opens
 * open that copy.
 */
public final class OpenDefaultSequenceHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchWindow window = HandlerUtil.getActiveWorkbenchWindowChecked(event);
        try {
            return open(window.getActivePage(), ExperimentsLocation.defaultSequenceCopy());
        } catch (IOException | SequenceException | PartInitException e) {
            MessageDialog.openError(window.getShell(), "Open Default Sequence", e.getMessage());
            return null;
        }
    }

    /** Copies the default sequence to {@code file} unless it exists, and opens it. */
    public static IEditorPart open(IWorkbenchPage page, Path file)
            throws IOException, SequenceException, PartInitException {
        return openCopy(page, file, SequenceJson.defaultSequence());
    }

    /** Copies a shipped sequence to {@code file} unless it exists, and opens it. */
    static IEditorPart openCopy(IWorkbenchPage page, Path file, Sequence shipped)
            throws IOException, PartInitException {
        if (!Files.exists(file)) {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, shipped.text(), StandardCharsets.UTF_8);
        }
        return openFile(page, file);
    }

    /** Opens any {@code .wqseq} file (in the workspace or not) in the sequence editor. */
    public static IEditorPart openFile(IWorkbenchPage page, Path file) throws PartInitException {
        return page.openEditor(new FileStoreEditorInput(EFS.getLocalFileSystem().getStore(file.toUri())),
                SequenceEditor.ID);
    }
}
