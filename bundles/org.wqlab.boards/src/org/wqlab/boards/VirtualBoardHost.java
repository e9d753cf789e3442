package org.wqlab.boards;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.vboard.RunningBoard;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VboardException;
import org.wqlab.vboard.VirtualBoard;

/**
 * The QEMU virtual board as a board of the registry. Connecting boots it unless it already runs (from an earlier
 * connect or {@code wqlab vboard start}: one VM per cache), records its host key as trusted on one tagged line of
 * wqlab's known-hosts file once it matches the fingerprint build.sh recorded, and logs in as root with build.sh's
 * key. A VM this host booted is stopped when the registry closes; one started elsewhere is left running.
 */
public final class VirtualBoardHost implements AutoCloseable {

    public static final String BOARD_NAME = "QEMU virtual board";
    static final String KNOWN_HOSTS_TAG = "wqlab-virtual-board";

    /** The VM as last looked at; {@link #refresh} looks again (file checks, off the UI thread). */
    public sealed interface State {
        VboardArch arch();

        /** build.sh has not made this architecture's board or the stick yet. */
        record NotBuilt(VboardArch arch) implements State {
        }

        record Stopped(VboardArch arch) implements State {
        }

        /** @param startedHere whether this host booted it (and so stops it when the registry closes) */
        record Running(RunningBoard board, boolean startedHere) implements State {
            @Override
            public VboardArch arch() {
                return board.arch();
            }
        }
    }

    private final VirtualBoard board;
    private final Path knownHostsFile;
    private volatile State state;
    private volatile Optional<Path> builtModule = Optional.empty();
    private long bootedPid = -1;

    /**
     * @param knownHostsFile wqlab's own known-hosts file, the one the SSH transport records accepted keys in
     */
    public VirtualBoardHost(VirtualBoard board, Path knownHostsFile) {
        this.board = board;
        this.knownHostsFile = knownHostsFile;
        this.state = new State.Stopped(VboardArch.X86_64);
    }

    /** The profile the registry holds on first start; port and key are filled in when the VM runs. */
    public static BoardProfile profile() {
        return new BoardProfile(BOARD_NAME, RunningBoard.HOST, 0, RunningBoard.USER, AuthMethod.PUBLIC_KEY, null,
                null, HostKeyPolicy.REFUSE_UNKNOWN, null, null);
    }

    public VirtualBoard board() {
        return board;
    }

    public State state() {
        return state;
    }

    /** The latency-mon .ko build.sh made for the last architecture looked at, to deploy like on any board. */
    public Optional<Path> builtModule() {
        return builtModule;
    }

    /** Looks at the VM again: running (any architecture), else built or not for {@code arch}. */
    public synchronized State refresh(VboardArch arch) {
        Optional<RunningBoard> running = board.running();
        State now = running.isPresent() ? new State.Running(running.get(), running.get().pid() == bootedPid)
                : idle(arch);
        state = now;
        try {
            builtModule = now instanceof State.NotBuilt ? Optional.empty() : board.image(now.arch()).module();
        } catch (VboardException e) {
            builtModule = Optional.empty(); // no or a broken build: connecting it says what is wrong
        }
        return now;
    }

    /**
     * Boots the VM unless one of {@code arch} runs, trusts its host key and gives the profile to connect with.
     *
     * @param irqCpu the CPU the guest steers the xHCI interrupt to at boot (a running VM keeps its own)
     * @param progress a line every few seconds of the boot
     * @param cancelled polled during the boot; true stops the VM and ends with InterruptedException
     */
    public synchronized BoardProfile start(BoardProfile saved, VboardArch arch, int irqCpu, Consumer<String> progress,
            BooleanSupplier cancelled) throws VboardException, InterruptedException, IOException {
        RunningBoard running = board.running().orElse(null);
        if (running != null && running.arch() != arch) {
            throw new VboardException("a " + running.arch().id() + " virtual board is already running (pid "
                    + running.pid() + "); this board is " + arch.id() + ": stop it first");
        }
        if (running == null) {
            if (!board.isBuilt(arch)) {
                state = new State.NotBuilt(arch);
                throw new VboardException("the " + arch.id() + " virtual board is not built yet in " + board.home()
                        + ": use Build in the Boards view or run 'wqlab vboard build --arch " + arch.id() + "'");
            }
            VirtualBoard.StartOptions d = VirtualBoard.StartOptions.DEFAULT;
            running = board.start(arch, new VirtualBoard.StartOptions(d.cpus(), d.memoryMib(), irqCpu,
                    d.bootTimeout()), progress, cancelled);
            bootedPid = running.pid();
        } else if (running.irqCpu() != irqCpu) {
            progress.accept("the running VM (pid " + running.pid() + ") has its xHCI interrupt on CPU "
                    + running.irqCpu() + ", not " + irqCpu + ": stop it to boot with CPU " + irqCpu);
        }
        state = new State.Running(running, running.pid() == bootedPid);
        TaggedKnownHost.trust(knownHostsFile, KNOWN_HOSTS_TAG, RunningBoard.HOST, running.sshPort(),
                VirtualBoard.hostPublicKey(running));
        return new BoardProfile(saved.name(), RunningBoard.HOST, running.sshPort(), RunningBoard.USER,
                AuthMethod.PUBLIC_KEY, running.key(), null, HostKeyPolicy.REFUSE_UNKNOWN, saved.connectTimeout(),
                saved.keepAliveInterval());
    }

    /** Stops the VM (whoever started it). @return false when none was running */
    public synchronized boolean stop(Consumer<String> progress) throws InterruptedException {
        boolean stopped = board.stop(progress);
        bootedPid = -1;
        state = idle(state.arch());
        return stopped;
    }

    /** No VM runs: stopped when build.sh made this architecture's board, else not built. */
    private State idle(VboardArch arch) {
        return board.isBuilt(arch) ? new State.Stopped(arch) : new State.NotBuilt(arch);
    }

    /** Stops the VM if this host booted it. */
    @Override
    public synchronized void close() {
        if (bootedPid < 0) {
            return;
        }
        Optional<RunningBoard> running = board.running();
        if (running.isPresent() && running.get().pid() == bootedPid) {
            try {
                stop(line -> {
                });
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        bootedPid = -1;
    }
}
