package org.wqlab.ui.lava;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.handlers.HandlerUtil;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.Boards;
import org.wqlab.lava.LavaClient;
import org.wqlab.lava.LavaImport;
import org.wqlab.lava.LavaServers;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.boards.BoardRow;
import org.wqlab.ui.sequence.ExperimentsLocation;

/**
 * Import Last LAVA Jobs: the newest finished jobs of the LAVA device types selected in the Boards view, each an
 * experiment of the Experiments view (its kernel log from the job's log), in a Job whose result names each job it
 * could not import and why.
 */
public final class ImportLavaJobsHandler extends AbstractHandler {

    /** How many of a device type's newest jobs are looked at. */
    static final int LAST = 10;
    private static final String LAVA_KIND = "lava";

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Shell shell = HandlerUtil.getActiveShellChecked(event);
        List<BoardEntry> boards = new ArrayList<>();
        if (HandlerUtil.getCurrentSelection(event) instanceof IStructuredSelection selection) {
            try {
                var registry = WorkbenchServices.get(Boards.class).registry();
                for (Object o : selection.toList()) {
                    if (o instanceof BoardRow row) {
                        registry.entry(row.name()).filter(e -> e.kind().id().equals(LAVA_KIND)).ifPresent(boards::add);
                    }
                }
            } catch (org.wqlab.boards.BoardStoreException e) {
                MessageDialog.openError(shell, "Import Last LAVA Jobs", e.getMessage());
                return null;
            }
        }
        if (boards.isEmpty()) {
            MessageDialog.openInformation(shell, "Import Last LAVA Jobs", "Select a LAVA device type (lava:TYPE) in"
                    + " the Boards view: its last " + LAST + " finished jobs become experiments.");
            return null;
        }
        importJobs(boards);
        return null;
    }

    static Job importJobs(List<BoardEntry> boards) {
        Job job = Job.create("Importing the last LAVA jobs", monitor -> {
            SubMonitor progress = SubMonitor.convert(monitor, boards.size() * LAST);
            List<String> imported = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            for (BoardEntry board : boards) {
                String type = board.settings().get("lava.deviceType");
                try {
                    LavaServers servers = LavaServers.installed();
                    LavaClient client = servers.client(servers.choose(board.settings().get("lava.server")));
                    for (LavaClient.Job j : client.jobs(type, LAST)) {
                        if (monitor.isCanceled()) {
                            return Status.CANCEL_STATUS;
                        }
                        progress.subTask("LAVA job " + j.id());
                        if (j.finished()) {
                            try {
                                LavaImport.importJob(client, j.id(), ExperimentsLocation.workspace());
                                imported.add("job " + j.id());
                            } catch (Exception e) {
                                problems.add("job " + j.id() + ": " + e.getMessage());
                            }
                        }
                        progress.worked(1);
                    }
                } catch (Exception e) {
                    problems.add(board.name() + ": " + e.getMessage());
                }
            }
            String said = "imported " + imported.size() + " LAVA job" + (imported.size() == 1 ? "" : "s")
                    + (imported.isEmpty() ? "" : " (" + String.join(", ", imported) + ")");
            // the Progress view and the Error Log say what was left out; a job LAVA could not even start has no log
            return problems.isEmpty() ? Status.info(said)
                    : Status.warning(said + "; not imported: " + String.join("; ", problems));
        });
        job.setUser(true);
        job.schedule();
        return job;
    }
}
