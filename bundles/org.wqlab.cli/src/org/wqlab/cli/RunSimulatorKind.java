package org.wqlab.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.sim.server.SimulatedBoardServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.InMemorySecretStore;
import org.wqlab.target.TransportException;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.usb.UsbDriverIds;

/**
 * The simulated board of one {@code wqlab run}: claims {@code sim[:PROFILE]} (a built-in profile's name or a profile
 * file), starts the board in-process on 127.0.0.1 with its state in a folder of the temporary directory that
 * {@link #close} deletes, records its ground truth when asked, and connects with a known-hosts file and password of
 * its own, the host key checked against the one the board reports: nothing of the user's SSH files, secure storage
 * or saved boards is touched. Each {@code sim} form resolved is a board of its own (a run on several boards at once
 * starts one each). RunVerb installs it as a board kind for the length of a run.
 */
final class RunSimulatorKind implements BoardKindProvider {

    static final BoardKind KIND = new BoardKind("simulated-run");
    private static final String FORM = "sim";
    private static final String PROFILE = "profile";

    private final Path tempDir;
    private final Function<String, Path> groundTruthFile;
    private double speed = 1;
    /** The boards {@link #resolve} gave, by their (unique) name: each its own server, state and ground truth. */
    private final Map<String, Instance> boards = new LinkedHashMap<>();

    /** One simulated board of the run; started on its first connect. */
    private static final class Instance {
        SimRunState state;
        Writer groundTruth;
        SimulatedBoardServer server;
    }

    /**
     * @param groundTruthFile where a board (by its name) writes what it executed (JSON lines), null for nowhere
     */
    RunSimulatorKind(Path tempDir, Function<String, Path> groundTruthFile) {
        this.tempDir = tempDir;
        this.groundTruthFile = groundTruthFile;
    }

    @Override
    public BoardKind kind() {
        return KIND;
    }

    @Override
    public String displayName() {
        return "simulated board of this run";
    }

    @Override
    public String defaultUsbDriver() {
        return UsbDriverIds.SIM_PULL;
    }

    @Override
    public boolean usbDriverSelectable() {
        return false;
    }

    @Override
    public boolean profileEditable() {
        return false;
    }

    @Override
    public String hostText(BoardEntry entry) {
        return "127.0.0.1 (simulated for one run)";
    }

    @Override
    public synchronized double speed(BoardEntry entry) {
        return speed;
    }

    @Override
    public synchronized void setSpeed(double boardTimePerWallTime) {
        speed = boardTimePerWallTime;
    }

    @Override
    public Optional<BoardEntry> resolve(String boardArg, List<BoardEntry> saved) {
        if (!boardArg.equals(FORM) && !boardArg.startsWith(FORM + ":")) {
            return Optional.empty();
        }
        String name = boardArg.equals(FORM) ? Profiles.DEFAULT : boardArg.substring(FORM.length() + 1);
        SimulatedBoardProfile profile = profile(name);
        String boardName = uniqueName("Simulated " + profile.name());
        return Optional.of(new BoardEntry(BoardProfile.of(boardName, "127.0.0.1", 0, ""), KIND,
                Optional.empty(), "").withSettings(Map.of(PROFILE, name)));
    }

    /** Each {@code sim} form starts a board of its own: the second of a profile is "Simulated NAME (2)". */
    private synchronized String uniqueName(String base) {
        String name = base;
        for (int n = 2; boards.containsKey(name); n++) {
            name = base + " (" + n + ")";
        }
        boards.put(name, new Instance());
        return name;
    }

    @Override
    public synchronized BoardProfile start(BoardEntry entry, Context context) throws IOException {
        Instance board = instance(entry);
        if (board.server == null) {
            SimulatedBoardProfile profile = profile(entry.settings().getOrDefault(PROFILE, Profiles.DEFAULT));
            board.state = SimRunState.create(tempDir);
            Path truthFile = groundTruthFile == null ? null : groundTruthFile.apply(entry.name());
            if (truthFile != null) {
                board.groundTruth = Files.newBufferedWriter(truthFile, StandardCharsets.UTF_8);
            }
            Writer truth = board.groundTruth;
            board.server = SimulatedBoardServer.start(profile, speed, board.state.dir(), b -> {
                if (truth != null) {
                    b.driver().run(() -> b.kernel().groundTruth().writeTo(truth));
                }
            });
            SimSshServer.Login login = board.server.login();
            context.progress("simulated board " + profile.name() + " on " + login.host() + ":" + login.port()
                    + " at " + speed + "x board time");
        }
        SimSshServer.Login login = board.server.login();
        return new BoardProfile(entry.name(), login.host(), login.port(), login.user(), AuthMethod.PASSWORD, null,
                null, HostKeyPolicy.ASK, null, null);
    }

    private Instance instance(BoardEntry entry) throws IOException {
        Instance board = boards.get(entry.name());
        if (board == null) {
            throw new IOException("board '" + entry.name() + "' is not one of this run's simulated boards");
        }
        return board;
    }

    @Override
    public BoardConnection connect(BoardEntry entry, BoardProfile started, HostKeyPrompt prompt, Context context)
            throws TransportException {
        SimSshServer.Login login;
        Path dir;
        synchronized (this) {
            Instance board = boards.get(entry.name());
            if (board == null || board.server == null) {
                throw new TransportException.RemoteIo(entry.name(), "the simulated board is not started", null);
            }
            login = board.server.login();
            dir = board.state.dir();
        }
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), dir.resolve("known_hosts"),
                List.of(), null);
        return new JschBoardConnector(env, InMemorySecretStore.withPassword(login.password())).connect(started,
                key -> key.fingerprint().equals(login.hostKeyFingerprint()));
    }

    /** Stops every board, closes its ground truth and deletes its state folder, in that order. */
    @Override
    public synchronized void close() {
        boards.values().forEach(RunSimulatorKind::close);
        boards.clear();
    }

    private static void close(Instance board) {
        if (board.server != null) {
            board.server.close();
            board.server = null;
        }
        try {
            if (board.groundTruth != null) {
                board.groundTruth.close();
            }
            if (board.state != null) {
                board.state.close();
            }
        } catch (IOException e) {
            // the next run's SimRunState sweeps a folder left behind
        } finally {
            board.groundTruth = null;
            board.state = null;
        }
    }

    private static SimulatedBoardProfile profile(String nameOrFile) {
        try {
            return Profiles.byNameOrFile(nameOrFile);
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
