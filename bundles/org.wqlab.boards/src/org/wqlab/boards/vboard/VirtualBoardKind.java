package org.wqlab.boards.vboard;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.target.BoardProfile;
import org.wqlab.vboard.QemuUsbDriver;
import org.wqlab.vboard.RunningBoard;
import org.wqlab.vboard.VboardException;

/**
 * The QEMU virtual board: booted before a connect unless it runs (its boot's lines as the board's status), stopped
 * when the registry closes if booted here; pulls its stick with QMP device_del; offers the latency-mon build.sh made;
 * claims {@code vboard} as the saved virtual board.
 */
public final class VirtualBoardKind implements BoardKindProvider {

    public static final String BOARD_ARG = "vboard";

    private final VirtualBoardHost host;

    public VirtualBoardKind(VirtualBoardHost host) {
        this.host = host;
    }

    public VirtualBoardHost host() {
        return host;
    }

    @Override
    public BoardKind kind() {
        return BoardKind.VIRTUAL_BOARD;
    }

    @Override
    public String displayName() {
        return "QEMU virtual board";
    }

    @Override
    public String defaultUsbDriver() {
        return QemuUsbDriver.ID;
    }

    @Override
    public String defaultUsbDriverLabel() {
        return "QMP device_del of the emulated stick (the virtual board's own)";
    }

    @Override
    public boolean profileEditable() {
        return false;
    }

    @Override
    public Optional<String> dialogMessage() {
        return Optional.of("The QEMU virtual board boots on 127.0.0.1 (a free port) when connected and is reached as"
                + " root with the key its build made; its host key is checked against the build's.");
    }

    @Override
    public String hostText(BoardEntry e) {
        VirtualBoardHost.State state = host.state();
        if (state instanceof VirtualBoardHost.State.Running r) {
            RunningBoard b = r.board();
            return RunningBoard.HOST + ":" + b.sshPort() + " (QEMU " + b.arch().id() + " VM, Debian "
                    + b.kernelRelease() + ", xHCI interrupt on CPU " + b.irqCpu()
                    + (r.startedHere() ? "" : ", started outside the workbench") + ")";
        }
        if (state instanceof VirtualBoardHost.State.NotBuilt) {
            return "QEMU " + e.arch().id() + " VM: not built yet (Build VM)";
        }
        return "QEMU " + e.arch().id() + " VM: stopped (Connect boots it)";
    }

    @Override
    public Optional<String> disconnectedText(BoardEntry entry) {
        // the Host column, which says more, is off screen in the perspective's narrow left column
        VirtualBoardHost.State vm = host.state();
        return Optional.of(vm instanceof VirtualBoardHost.State.Running ? "VM running"
                : vm instanceof VirtualBoardHost.State.NotBuilt ? "VM not built" : "VM stopped");
    }

    @Override
    public List<BoardEntry> initialBoards() {
        return List.of(initialBoard());
    }

    public static BoardEntry initialBoard() {
        return new BoardEntry(VirtualBoardHost.profile(), BoardKind.VIRTUAL_BOARD, Optional.empty(), "");
    }

    @Override
    public BoardProfile start(BoardEntry entry, Context context) throws IOException, InterruptedException {
        context.progress("booting the " + entry.arch().id() + " VM");
        try {
            return host.start(entry.profile(), entry.arch(), entry.irqCpu(), context::progress, context::cancelled);
        } catch (VboardException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public Optional<Path> offeredModule(BoardEntry entry) {
        return host.builtModule();
    }

    @Override
    public Optional<BoardEntry> resolve(String boardArg, List<BoardEntry> saved) {
        if (!boardArg.equals(BOARD_ARG)) {
            return Optional.empty();
        }
        return saved.stream().filter(e -> e.kind().equals(kind())).findFirst();
    }

    @Override
    public void close() {
        host.close();
    }
}
