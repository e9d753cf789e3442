package org.wqlab.ui.boards;

import java.util.ArrayDeque;
import java.util.Deque;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VboardException;
import org.wqlab.vboard.VirtualBoard;

/**
 * Runs releng/virtual-board/build.sh for the virtual board's architecture (Debian packages, initramfs, the stick) as a
 * Job: each line of its output is the Progress view's sub-task; a failure keeps the last lines in the Job's status.
 * A second build with the same inputs does nothing, so it is cheap to run again. Cancelling ends build.sh at its next
 * line of output.
 */
final class BuildVirtualBoardJob extends Job {
    static final Object FAMILY = BuildVirtualBoardJob.class;
    static final int STICK_MIB = 1024;
    private static final String PLUGIN = "org.wqlab.ui.boards";
    private static final int KEPT_LINES = 20;

    private final BoardRegistry registry;
    private final VboardArch arch;
    private volatile int exitCode = -1;

    BuildVirtualBoardJob(BoardRegistry registry, VboardArch arch) {
        super("Building the " + arch.id() + " QEMU virtual board (" + VirtualBoard.BUILD_SCRIPT + ")");
        this.registry = registry;
        this.arch = arch;
        setUser(true);
    }

    /** build.sh's exit code, -1 while it runs or when it could not start. */
    int exitCode() {
        return exitCode;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        monitor.beginTask(getName(), IProgressMonitor.UNKNOWN);
        Deque<String> last = new ArrayDeque<>();
        try {
            VirtualBoard board = registry.virtualBoard().board();
            exitCode = board.build(VirtualBoard.findRepoRoot(), arch, STICK_MIB, line -> {
                monitor.subTask(line);
                synchronized (last) {
                    last.addLast(line);
                    if (last.size() > KEPT_LINES) {
                        last.removeFirst();
                    }
                }
            }, monitor::isCanceled);
            if (exitCode != 0) {
                return new Status(IStatus.ERROR, PLUGIN, VirtualBoard.BUILD_SCRIPT + " exited with " + exitCode
                        + "; its last lines:\n" + String.join("\n", last));
            }
            return Status.OK_STATUS;
        } catch (VboardException e) {
            return new Status(IStatus.ERROR, PLUGIN, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Status.CANCEL_STATUS;
        } finally {
            registry.refreshVirtualBoard();
            monitor.done();
        }
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }
}
