package org.wqlab.ui.boards;

import java.io.InterruptedIOException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.wqlab.boards.BoardRegistry;

/**
 * Connects to one board (and probes its facts) off the UI thread, shown in the Progress view. Cancelling closes the
 * connection in progress; a failure ends as the board's "error" status, shown in the view, not as an error dialog.
 */
final class ConnectJob extends Job {
    static final Object FAMILY = ConnectJob.class;
    private static final String PLUGIN = "org.wqlab.ui.boards";

    private final BoardRegistry registry;
    private final String board;
    private final Display display;

    ConnectJob(BoardRegistry registry, String board, Display display) {
        super("Connecting to board '" + board + "'");
        this.registry = registry;
        this.board = board;
        this.display = display;
        setUser(false);
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        monitor.beginTask(getName(), IProgressMonitor.UNKNOWN);
        try {
            monitor.subTask("SSH login and board facts");
            registry.connect(board, new UiHostKeyPrompt(display, monitor));
            return Status.OK_STATUS;
        } catch (InterruptedIOException e) {
            return Status.CANCEL_STATUS;
        } catch (Exception e) {
            if (monitor.isCanceled()) {
                return Status.CANCEL_STATUS;
            }
            // the status column and the Properties view show the message; the Progress view keeps it too
            return new Status(IStatus.WARNING, PLUGIN, e.getMessage());
        } finally {
            monitor.done();
        }
    }

    String board() {
        return board;
    }

    @Override
    protected void canceling() {
        registry.cancelConnect(board);
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }
}
