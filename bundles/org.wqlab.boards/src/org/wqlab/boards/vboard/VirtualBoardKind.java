package org.wqlab.boards.vboard;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardProperty;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.WqlabConfigDir;
import org.wqlab.vboard.QemuUsbDriver;
import org.wqlab.vboard.RunningBoard;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VboardException;
import org.wqlab.vboard.VirtualBoard;

/**
 * The QEMU virtual board: booted before a connect unless it runs (its boot's lines as the board's status), stopped
 * when the registry closes if booted here; pulls its stick with QMP device_del; offers the latency-mon build.sh made;
 * claims {@code vboard} as the saved virtual board (of the running VM's architecture when one runs).
 */
public final class VirtualBoardKind implements BoardKindProvider {

    public static final String BOARD_ARG = "vboard";

    private final VirtualBoardHost host;
    private final List<BoardAction> actions;

    /** For Declarative Services: the VM in its cache ({@code ${WQLAB_CACHE:-~/.cache/wqlab}/vboard}). */
    public VirtualBoardKind() {
        this(new VirtualBoardHost(VirtualBoard.atDefaultLocation(), WqlabConfigDir.knownHosts()));
    }

    public VirtualBoardKind(VirtualBoardHost host) {
        this.host = host;
        this.actions = List.of(new BuildVirtualBoard(host), new StopVirtualBoard(host));
    }

    public VirtualBoardHost host() {
        return host;
    }

    /** The VM behind the registry's virtual board kind. */
    public static VirtualBoardHost hostOf(BoardRegistry registry) {
        return registry.kind(BoardKind.VIRTUAL_BOARD).map(k -> ((VirtualBoardKind) k).host).orElseThrow(
                () -> new IllegalStateException("the registry has no QEMU virtual board kind"));
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
    public List<BoardField> fields() {
        return VirtualBoardFields.fields();
    }

    @Override
    public Map<String, String> fieldValues(BoardEntry entry) {
        return VirtualBoardFields.values(entry);
    }

    @Override
    public BoardEntry withFieldValues(BoardEntry entry, Map<String, String> values) {
        return VirtualBoardFields.apply(entry, values);
    }

    @Override
    public List<BoardAction> actions() {
        return actions;
    }

    @Override
    public List<BoardProperty> properties(BoardEntry entry) {
        return List.of(new BoardProperty("Architecture", entry.arch().id()),
                new BoardProperty("xHCI IRQ CPU", entry.irqCpu() + " (from the next boot)"),
                new BoardProperty("VM", vmText(host.state())));
    }

    private static String vmText(VirtualBoardHost.State state) {
        if (state instanceof VirtualBoardHost.State.Running r) {
            return "running: pid " + r.board().pid() + ", ssh " + RunningBoard.HOST + ":" + r.board().sshPort()
                    + ", QMP " + r.board().qmpSocket() + ", serial log " + r.board().serialLog();
        }
        return state instanceof VirtualBoardHost.State.NotBuilt ? "not built" : "stopped";
    }

    /** Looks at the VM again: running (any architecture), else built or not for the saved board's architecture. */
    @Override
    public void refresh(List<BoardEntry> boards) {
        boards.stream().findFirst().ifPresent(e -> host.refresh(e.arch()));
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
        // a VM 'wqlab vboard start' booted is used whatever architecture the saved board names
        Optional<VboardArch> running = host.board().running().map(RunningBoard::arch);
        return saved.stream().filter(e -> e.kind().equals(kind())).findFirst()
                .map(e -> running.map(arch -> e.withVirtualBoard(arch, e.irqCpu())).orElse(e));
    }

    @Override
    public void close() {
        host.close();
    }
}
