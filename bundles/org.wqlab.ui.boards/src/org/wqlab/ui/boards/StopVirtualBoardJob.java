package org.wqlab.ui.boards;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.wqlab.boards.BoardRegistry;

/** Disconnects the QEMU virtual board and stops its VM (QMP quit; up to 15 s, then a signal) off the UI thread. */
final class StopVirtualBoardJob extends Job {
    static final Object FAMILY = StopVirtualBoardJob.class;
    private static final String PLUGIN = "org.wqlab.ui.boards";

    private final BoardRegistry registry;
    private final String board;

    StopVirtualBoardJob(BoardRegistry registry, String board) {
        super("Stopping the QEMU virtual board '" + board + "'");
        this.registry = registry;
        this.board = board;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        monitor.beginTask(getName(), IProgressMonitor.UNKNOWN);
        try {
            registry.stopVirtualBoard(board, monitor::subTask);
            return Status.OK_STATUS;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Status(IStatus.WARNING, PLUGIN, "interrupted while stopping the virtual board");
        } finally {
            monitor.done();
        }
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }
}
