package org.wqlab.ui.lava;

import java.util.Arrays;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.handlers.HandlerUtil;
import org.wqlab.boards.Boards;
import org.wqlab.lava.LavaClient;
import org.wqlab.lava.LavaException;
import org.wqlab.lava.LavaServer;
import org.wqlab.lava.LavaServers;
import org.wqlab.ui.WorkbenchServices;

/**
 * Add LAVA Server: the dialog, then in a Job the server asked who the token belongs to (so a wrong URL or token is
 * said at once, naming the server), the server kept with its token in secure storage, and the Boards view's list
 * looked at again so that the server's device types show.
 */
public final class AddLavaServerHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Shell shell = HandlerUtil.getActiveShellChecked(event);
        AddLavaServerDialog dialog = new AddLavaServerDialog(shell);
        if (dialog.open() != Window.OK || dialog.server().isEmpty()) {
            return null;
        }
        add(dialog.server().get(), dialog.token(), shell.getDisplay());
        return null;
    }

    /** Checks and keeps the server off the UI thread; clears the token afterwards. */
    static Job add(LavaServer server, char[] token, Display display) {
        Job job = Job.create("Adding " + server, monitor -> {
            try {
                String user = new LavaClient(server, token).whoami();
                LavaServers.installed().put(server, token);
                WorkbenchServices.get(Boards.class).registry().refreshKinds();
                return Status.info("added " + server + " (its token is user '" + user + "'s)");
            } catch (LavaException e) {
                display.asyncExec(() -> MessageDialog.openError(display.getActiveShell(), "Add LAVA Server",
                        e.getMessage()));
                return Status.warning(e.getMessage());
            } catch (Exception e) {
                return Status.error("cannot add " + server + ": " + e.getMessage(), e);
            } finally {
                Arrays.fill(token, '\0');
            }
        });
        job.schedule();
        return job;
    }
}
