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

/** File > Open Sequence...: a {@code .wqseq} file anywhere on disk, in the sequence editor. */
public final class OpenSequenceFileHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchWindow window = HandlerUtil.getActiveWorkbenchWindowChecked(event);
        FileDialog dialog = new FileDialog(window.getShell(), SWT.OPEN);
        dialog.setText("Open Sequence");
        dialog.setFilterExtensions(new String[] { "*.wqseq", "*" });
        dialog.setFilterPath(ExperimentsLocation.root().resolve("sequences").toString());
        String chosen = dialog.open();
        if (chosen == null) {
            return null;
        }
        try {
            return OpenDefaultSequenceHandler.openFile(window.getActivePage(), Path.of(chosen));
        } catch (PartInitException e) {
            MessageDialog.openError(window.getShell(), "Open Sequence", e.getMessage());
            return null;
        }
    }
}
