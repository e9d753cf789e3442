package org.wqlab.boards.simulator;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardProperty;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.WqlabConfigDir;

/**
 * Simulated boards the user adds, each on its own in-process simulator of the kernel profile chosen for it (kernel A
 * beside kernel B): started before a connect (its generated password put in the secret store), stopped when the
 * registry closes. A board's simulator keeps its state folder and known-hosts line by the board's name.
 */
public final class ProfiledSimulatorBoardKind extends SimulatedBoardKinds {

    public static final BoardKind KIND = new BoardKind("simulator");

    private final Path stateRoot;
    private final Path knownHostsFile;
    private final Path twins;
    private final Map<String, BuiltInSimulator> simulators = new HashMap<>();
    private double speed = BuiltInSimulator.defaultSpeed();

    /** For Declarative Services: the simulators' state in wqlab's configuration folder (outside the workspace). */
    public ProfiledSimulatorBoardKind() {
        this(WqlabConfigDir.get().resolve("simulators"), WqlabConfigDir.knownHosts());
    }

    /**
     * @param stateRoot holds a folder per board (host key, uploaded files)
     * @param knownHostsFile wqlab's own known-hosts file, the one the SSH transport checks host keys against
     */
    public ProfiledSimulatorBoardKind(Path stateRoot, Path knownHostsFile) {
        this(stateRoot, knownHostsFile, stateRoot.resolveSibling(TWINS));
    }

    /** @param twins the folder whose profile files (calibrated twins) the dialog offers beside the built-in ones */
    public ProfiledSimulatorBoardKind(Path stateRoot, Path knownHostsFile, Path twins) {
        this.stateRoot = stateRoot;
        this.knownHostsFile = knownHostsFile;
        this.twins = twins;
    }

    /** The twins folder's name beside the simulators' state ({@code ~/.config/wqlab/twins} by default). */
    public static final String TWINS = "twins";

    public Path twinsFolder() {
        return twins;
    }

    @Override
    public BoardKind kind() {
        return KIND;
    }

    @Override
    public String displayName() {
        return "simulated board";
    }

    @Override
    public boolean userAddable() {
        return true;
    }

    @Override
    public Optional<String> dialogMessage() {
        return Optional.of("A simulated R-Car board, or a simulated twin of a board calibrated from its runs: it"
                + " starts on 127.0.0.1 when connected, running the chosen simulated kernel.");
    }

    @Override
    public String hostText(BoardEntry entry) {
        return "127.0.0.1 (simulated, " + ProfileField.value(entry) + ")";
    }

    @Override
    public List<BoardField> fields() {
        return ProfileField.fields(twins);
    }

    @Override
    public Map<String, String> fieldValues(BoardEntry entry) {
        return Map.of(ProfileField.ID, ProfileField.value(entry));
    }

    @Override
    public BoardEntry withFieldValues(BoardEntry entry, Map<String, String> values) {
        return ProfileField.apply(entry, values);
    }

    @Override
    public List<BoardProperty> properties(BoardEntry entry) {
        return List.of(new BoardProperty("Kernel profile", ProfileField.value(entry)));
    }

    @Override
    public double speed(BoardEntry entry) {
        return simulator(entry, false).speed();
    }

    @Override
    public synchronized void setSpeed(double boardTimePerWallTime) {
        if (!(boardTimePerWallTime > 0)) {
            throw new IllegalArgumentException("simulator speed must be positive, was " + boardTimePerWallTime);
        }
        speed = boardTimePerWallTime;
        simulators.values().forEach(s -> s.setSpeed(boardTimePerWallTime));
    }

    @Override
    public BoardProfile start(BoardEntry entry, Context context) throws IOException {
        requireBuiltInProfile(entry);
        BoardProfile profile = entry.profile();
        SimSshServer.Login login = simulator(entry, true).start();
        keepPassword(context, profile.name(), login);
        // the kind fills the whole profile in: the dialog saved only the board's name
        return new BoardProfile(profile.name(), login.host(), login.port(), login.user(), AuthMethod.PASSWORD, null,
                null, HostKeyPolicy.REFUSE_UNKNOWN, profile.connectTimeout(), profile.keepAliveInterval());
    }

    @Override
    public Optional<Path> offeredModule(BoardEntry entry) throws IOException {
        requireBuiltInProfile(entry);
        return Optional.of(simulator(entry, false).installedModuleCopy());
    }

    @Override
    public void close() {
        List<BuiltInSimulator> running;
        synchronized (this) {
            running = new ArrayList<>(simulators.values());
            simulators.clear();
        }
        // outside the lock: a simulator that is starting closes once its start returns
        running.forEach(BuiltInSimulator::close);
    }

    /** @throws IOException naming the board and the field when the boards file holds no profile it can load */
    private static void requireBuiltInProfile(BoardEntry entry) throws IOException {
        try {
            ProfileField.check(ProfileField.value(entry));
        } catch (IllegalArgumentException e) {
            throw new IOException("board '" + entry.name() + "': " + e.getMessage(), e);
        }
    }

    /**
     * The board's simulator, created on first use. One of a profile the user changed since is replaced when it does
     * not run, or when it is to start: the board then restarts on the chosen kernel.
     */
    private synchronized BuiltInSimulator simulator(BoardEntry entry, boolean toStart) {
        String profile = ProfileField.value(entry);
        BuiltInSimulator s = simulators.get(entry.name());
        if (s != null && !s.profileName().equals(profile) && (toStart || !s.isRunning())) {
            s.close();
            s = null;
        }
        if (s == null) {
            String dir = fileSafe(entry.name());
            s = new BuiltInSimulator(stateRoot.resolve(dir), knownHostsFile, profile, "wqlab-simulator-" + dir);
            s.setSpeed(speed);
            simulators.put(entry.name(), s);
        }
        return s;
    }

    /** The board's name as a folder name and a known-hosts comment. */
    static String fileSafe(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        // two names that differ only where characters were replaced would share a folder and a known-hosts line
        return safe.equals(name) && !safe.matches("\\.*") ? safe : safe + "-" + Integer.toHexString(name.hashCode());
    }
}
