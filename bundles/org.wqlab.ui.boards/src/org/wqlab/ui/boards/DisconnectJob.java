package org.wqlab.ui.boards;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.wqlab.boards.BoardRegistry;

/** Closes a board's connection off the UI thread (closing waits for the SSH session to end). */
final class DisconnectJob extends Job {
    private final BoardRegistry registry;
    private final String board;

    DisconnectJob(BoardRegistry registry, String board) {
        super("Disconnecting from board '" + board + "'");
        this.registry = registry;
        this.board = board;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        registry.disconnect(board);
        return Status.OK_STATUS;
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == ConnectJob.FAMILY;
    }
}
