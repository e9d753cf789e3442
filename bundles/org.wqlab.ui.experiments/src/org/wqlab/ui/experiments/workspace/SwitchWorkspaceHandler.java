package org.wqlab.ui.experiments.workspace;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Platform;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.HandlerUtil;

/** File > Switch Workspace...: choose a folder, then the workbench restarts on it (exit code 24). */
public final class SwitchWorkspaceHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Shell shell = HandlerUtil.getActiveShellChecked(event);
        DirectoryDialog d = new DirectoryDialog(shell);
        d.setText("Switch Workspace");
        d.setMessage("The workbench restarts on the chosen workspace folder (its wqlab projects and layout).");
        if (Platform.getInstanceLocation() != null && Platform.getInstanceLocation().getURL() != null) {
            d.setFilterPath(Platform.getInstanceLocation().getURL().getPath());
        }
        String chosen = d.open();
        if (chosen == null) {
            return null;
        }
        try {
            RelaunchRequest.publish(Path.of(chosen));
        } catch (IOException e) {
            MessageDialog.openError(shell, "Switch Workspace", "Cannot hand the new workspace to the launcher: "
                    + e.getMessage());
            return null;
        }
        PlatformUI.getWorkbench().restart();
        return null;
    }
}
