package org.wqlab.boards.vboard;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.vboard.VboardException;
import org.wqlab.vboard.VirtualBoard;

/**
 * Build VM: runs releng/virtual-board/build.sh for the board's architecture (Debian packages, initramfs, the stick),
 * each line of its output as progress; a failure keeps build.sh's last lines in its message. A second build with the
 * same inputs does nothing, so it is cheap to run again. Cancelling ends build.sh at its next line of output.
 */
final class BuildVirtualBoard implements BoardAction {
    static final String ID = "org.wqlab.boards.vboard.build";
    static final int STICK_MIB = 1024;
    private static final int KEPT_LINES = 20;

    private final VirtualBoardHost host;

    BuildVirtualBoard(VirtualBoardHost host) {
        this.host = host;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String label() {
        return "Build VM";
    }

    @Override
    public String description() {
        return "Build the QEMU virtual board from Debian packages (" + VirtualBoard.BUILD_SCRIPT
                + "; a rebuild with the same inputs does nothing)";
    }

    @Override
    public String jobName(BoardEntry board) {
        return "Building the " + VirtualBoardFields.arch(board).id() + " QEMU virtual board ("
                + VirtualBoard.BUILD_SCRIPT + ")";
    }

    @Override
    public boolean enabled(BoardEntry board, BoardStatus status) {
        return !(host.state() instanceof VirtualBoardHost.State.Running) && !(status instanceof BoardStatus.Starting);
    }

    @Override
    public void run(BoardEntry board, Context context) throws IOException, InterruptedException {
        Deque<String> last = new ArrayDeque<>();
        int exitCode;
        try {
            exitCode = host.board().build(VirtualBoard.findRepoRoot(), VirtualBoardFields.arch(board), STICK_MIB,
                    line -> {
                        context.progress(line);
                        synchronized (last) {
                            last.addLast(line);
                            if (last.size() > KEPT_LINES) {
                                last.removeFirst();
                            }
                        }
                    }, context::cancelled);
        } catch (VboardException e) {
            throw new IOException(e.getMessage(), e);
        }
        if (context.cancelled()) {
            throw new InterruptedException(VirtualBoard.BUILD_SCRIPT + " was cancelled");
        }
        if (exitCode != 0) {
            synchronized (last) {
                throw new IOException(VirtualBoard.BUILD_SCRIPT + " exited with " + exitCode + "; its last lines:\n"
                        + String.join("\n", last));
            }
        }
    }
}
