package org.wqlab.ui.boards;

import java.io.InterruptedIOException;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.target.BoardProfile;
import org.wqlab.ui.ErrorReports;

/**
 * Connects to one board (and probes its facts) off the UI thread, shown in the Progress view. Cancelling closes the
 * connection in progress. A failure is the board's "error" status in the view, an error dialog with the board's
 * address, and an entry in the Error Log.
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
            String reason = e.getMessage() == null ? e.toString() : e.getMessage();
            ErrorReports.report("Connect", ErrorReports.status(PLUGIN,
                    "Could not connect to board '" + board + "': " + reason, details(), e));
            return Status.OK_STATUS; // reported once, in the dialog and the Error Log, not again as the Job's
        } finally {
            monitor.done();
        }
    }

    private List<String> details() {
        return registry.entry(board).map(entry -> {
            BoardProfile p = entry.profile();
            return List.of("board: " + board + " (" + entry.kind().id() + ")",
                    "address: " + (p.user().isEmpty() ? "" : p.user() + "@") + p.host()
                            + (p.port() == 0 ? "" : ":" + p.port()),
                    "authentication: " + p.auth().name().toLowerCase(Locale.ROOT));
        }).orElse(List.of("board: " + board));
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
