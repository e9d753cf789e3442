package org.wqlab.ui.sequence;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.filesystem.EFS;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
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

    /**
     * Opens any {@code .wqseq} file (in the workspace or not) in the sequence editor. A file the workspace holds (the
     * copies live in the Experiments project) is refreshed first: written here or by another program, the workspace
     * would still know the old file, and the editor's first save would ask whether to overwrite a file "changed on the
     * file system".
     */
    public static IEditorPart openFile(IWorkbenchPage page, Path file) throws PartInitException {
        refreshInWorkspace(file);
        return page.openEditor(new FileStoreEditorInput(EFS.getLocalFileSystem().getStore(file.toUri())),
                SequenceEditor.ID);
    }

    static void refreshInWorkspace(Path file) {
        IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
        for (IFile f : root.findFilesForLocationURI(file.toAbsolutePath().toUri())) {
            IResource known = f;
            while (!known.getParent().exists() && known.getParent().getType() != IResource.ROOT) {
                known = known.getParent(); // a folder made outside the workspace: refresh from its top
            }
            try {
                known.refreshLocal(known == f ? IResource.DEPTH_ZERO : IResource.DEPTH_INFINITE, null);
            } catch (CoreException e) {
                // a project that is closed or gone: the editor reads the file from disk all the same
            }
        }
    }
}
