package org.wqlab.ui.sequence;

import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;

/** Run Sequence File: opens the file its path parameter names (or one the user chooses) and runs it. */
public final class RunFileHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchWindow window = HandlerUtil.getActiveWorkbenchWindowChecked(event);
        if (window.getActivePage() == null) {
            return null;
        }
        String given = event.getParameter(RunCommands.RUN_FILE_PATH);
        Path file = given == null || given.isBlank() ? choose(window) : Path.of(given);
        if (file == null) {
            return null;
        }
        try {
            if (OpenDefaultSequenceHandler.openFile(window.getActivePage(), file) instanceof SequenceEditor e) {
                SequenceLauncher.run(e, window, null);
            }
        } catch (PartInitException ex) {
            MessageDialog.openError(window.getShell(), "Run Sequence File", file + ": " + ex.getMessage());
        }
        return null;
    }

    private static Path choose(IWorkbenchWindow window) {
        FileDialog d = new FileDialog(window.getShell(), SWT.OPEN);
        d.setFilterExtensions(new String[] { "*.wqseq", "*" });
        String f = d.open();
        return f == null ? null : Path.of(f);
    }
}
