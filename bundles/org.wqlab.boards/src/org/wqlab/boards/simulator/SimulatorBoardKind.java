package org.wqlab.boards.simulator;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.WqlabConfigDir;

/**
 * The built-in simulated board: started in-process before a connect (its generated password put in the secret store),
 * stopped when the registry closes; runs at the simulator's speed. {@code --board sim} is a simulated board of the
 * run's own (org.wqlab.cli); this one is named by its saved name.
 */
public final class SimulatorBoardKind extends SimulatedBoardKinds {

    private final BuiltInSimulator simulator;

    /** For Declarative Services: the simulator's state in wqlab's configuration folder (outside the workspace). */
    public SimulatorBoardKind() {
        this(new BuiltInSimulator(WqlabConfigDir.get().resolve("built-in-simulator"), WqlabConfigDir.knownHosts()));
    }

    public SimulatorBoardKind(BuiltInSimulator simulator) {
        this.simulator = simulator;
    }

    public BuiltInSimulator simulator() {
        return simulator;
    }

    @Override
    public BoardKind kind() {
        return BoardKind.BUILT_IN_SIMULATOR;
    }

    @Override
    public String displayName() {
        return "built-in simulated board";
    }

    @Override
    public boolean fallbackBoard() {
        return true;
    }

    @Override
    public Optional<String> dialogMessage() {
        return Optional.of("The built-in simulated board starts on 127.0.0.1 when connected; only its name can"
                + " change.");
    }

    @Override
    public String hostText(BoardEntry entry) {
        return "127.0.0.1 (built-in simulator)";
    }

    @Override
    public double speed(BoardEntry entry) {
        return simulator.speed();
    }

    @Override
    public void setSpeed(double boardTimePerWallTime) {
        simulator.setSpeed(boardTimePerWallTime);
    }

    @Override
    public List<BoardEntry> initialBoards() {
        return List.of(new BoardEntry(BuiltInSimulator.profile(), kind(), Optional.empty(), ""));
    }

    @Override
    public BoardProfile start(BoardEntry entry, Context context) throws IOException {
        BoardProfile profile = entry.profile();
        SimSshServer.Login login = simulator.start();
        keepPassword(context, profile.name(), login);
        return new BoardProfile(profile.name(), login.host(), login.port(), login.user(), profile.auth(), null, null,
                profile.hostKeyPolicy(), profile.connectTimeout(), profile.keepAliveInterval());
    }

    @Override
    public Optional<Path> offeredModule(BoardEntry entry) throws IOException {
        return Optional.of(simulator.installedModuleCopy());
    }

    @Override
    public void close() {
        simulator.close();
    }
}
