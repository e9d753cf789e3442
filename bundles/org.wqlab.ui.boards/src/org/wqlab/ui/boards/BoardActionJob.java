package org.wqlab.ui.boards;

import java.io.IOException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardRegistry;

/**
 * Runs one of a board kind's actions (Build VM, Stop VM...) on one board as a user Job: each progress line is the
 * Progress view's sub-task, a failure is the Job's error status with the action's message, cancelling the Job asks the
 * action to stop. Jobs of one action belong to the family of its id, so the view runs one at a time.
 */
final class BoardActionJob extends Job {
    private static final String PLUGIN = "org.wqlab.ui.boards";

    private final BoardRegistry registry;
    private final String board;
    private final BoardAction action;

    BoardActionJob(BoardRegistry registry, String board, BoardAction action) {
        super(action.jobName(registry.entry(board).orElseThrow()));
        this.registry = registry;
        this.board = board;
        this.action = action;
        setUser(true);
    }

    /** Whether a run of this action is scheduled or running. */
    static boolean running(BoardAction action) {
        return Job.getJobManager().find(action.id()).length > 0;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        monitor.beginTask(getName(), IProgressMonitor.UNKNOWN);
        try {
            registry.runAction(board, action, new BoardAction.Context() {
                @Override
                public void progress(String line) {
                    monitor.subTask(line);
                }

                @Override
                public boolean cancelled() {
                    return monitor.isCanceled();
                }
            });
            return Status.OK_STATUS;
        } catch (IOException | RuntimeException e) {
            return new Status(IStatus.ERROR, PLUGIN, action.label() + " on board '" + board + "': " + e.getMessage(),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.CANCEL_STATUS;
        } finally {
            monitor.done();
        }
    }

    @Override
    public boolean belongsTo(Object family) {
        return action.id().equals(family);
    }
}
