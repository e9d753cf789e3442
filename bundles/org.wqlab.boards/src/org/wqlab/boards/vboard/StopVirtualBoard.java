package org.wqlab.boards.vboard;

import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.VirtualBoardHost;

/** Stop VM: disconnects the virtual board and stops its VM (QMP quit; up to 15 s, then a signal), whoever booted it. */
final class StopVirtualBoard implements BoardAction {
    static final String ID = "org.wqlab.boards.vboard.stop";

    private final VirtualBoardHost host;

    StopVirtualBoard(VirtualBoardHost host) {
        this.host = host;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String label() {
        return "Stop VM";
    }

    @Override
    public String description() {
        return "Disconnect the QEMU virtual board and stop its VM";
    }

    @Override
    public String jobName(BoardEntry board) {
        return "Stopping the QEMU virtual board '" + board.name() + "'";
    }

    @Override
    public boolean enabled(BoardEntry board, BoardStatus status) {
        return host.state() instanceof VirtualBoardHost.State.Running || status instanceof BoardStatus.Starting;
    }

    @Override
    public boolean endsConnection() {
        return true;
    }

    @Override
    public void run(BoardEntry board, Context context) throws InterruptedException {
        host.stop(context::progress);
    }
}
