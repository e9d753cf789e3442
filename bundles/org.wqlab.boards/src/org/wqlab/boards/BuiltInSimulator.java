package org.wqlab.boards;

import java.io.IOException;
import java.nio.file.Path;

import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.sim.server.SimulatedBoardServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;

/**
 * A simulated board of a built-in kernel profile (the built-in board's: rcar-h3-default), started in-process on
 * 127.0.0.1 (a free port) when first connected. Its host key is generated in the simulator's state folder and recorded
 * as trusted in wqlab's own known-hosts file, so the SSH transport accepts it without asking; the line carries the
 * simulator's own tag, and is replaced at each start because the port changes.
 */
public final class BuiltInSimulator implements AutoCloseable {

    public static final String BOARD_NAME = "Simulated R-Car H3 (built-in)";
    static final String KNOWN_HOSTS_TAG = "wqlab-built-in-simulator";

    private final Path stateDir;
    private final Path knownHostsFile;
    private final String profileName;
    private final String knownHostsTag;
    private SimulatedBoardServer server;
    private double speed = defaultSpeed();

    /**
     * The built-in board's simulator: profile {@link Profiles#DEFAULT}.
     *
     * @param stateDir the simulator's state (host key, its generated password, uploaded files); outside the workspace
     * @param knownHostsFile wqlab's own known-hosts file, the one the SSH transport records accepted keys in
     */
    public BuiltInSimulator(Path stateDir, Path knownHostsFile) {
        this(stateDir, knownHostsFile, Profiles.DEFAULT, KNOWN_HOSTS_TAG);
    }

    /**
     * @param profileName one of {@link Profiles#BUILT_IN} or a profile file (a calibrated twin); another name fails
     *        at {@link #start}
     * @param knownHostsTag marks this simulator's known-hosts line; each simulator needs its own
     */
    public BuiltInSimulator(Path stateDir, Path knownHostsFile, String profileName, String knownHostsTag) {
        this.stateDir = stateDir;
        this.knownHostsFile = knownHostsFile;
        this.profileName = profileName;
        this.knownHostsTag = knownHostsTag;
    }

    /** Board time per wall time a simulator starts with: the system property {@code wqlab.sim.speed}, else 1. */
    public static double defaultSpeed() {
        return Double.parseDouble(System.getProperty("wqlab.sim.speed", "1"));
    }

    public String profileName() {
        return profileName;
    }

    /** The profile the registry holds on first start; the port is filled in when the simulator runs. */
    public static BoardProfile profile() {
        return new BoardProfile(BOARD_NAME, SimSshServer.HOST, 0, SimSshServer.USER, AuthMethod.PASSWORD, null, null,
                HostKeyPolicy.REFUSE_UNKNOWN, null, null);
    }

    public Path knownHostsFile() {
        return knownHostsFile;
    }

    /** Board time per wall time; 1 unless the system property {@code wqlab.sim.speed} or {@link #setSpeed} says. */
    public synchronized double speed() {
        return speed;
    }

    /** Takes effect at the next start. */
    public synchronized void setSpeed(double newSpeed) {
        if (!(newSpeed > 0)) {
            throw new IllegalArgumentException("simulator speed must be positive, was " + newSpeed);
        }
        this.speed = newSpeed;
    }

    /**
     * A local copy of the latency-mon the simulated board has installed (in its state folder), for a view that deploys
     * a module file: loaded on the board, it is what the board's own modprobe would load.
     */
    public Path installedModuleCopy() throws IOException {
        Path file = stateDir.resolve("latency-mon.ko");
        java.nio.file.Files.createDirectories(stateDir);
        Path part = stateDir.resolve("latency-mon.ko.part");
        java.nio.file.Files.write(part, Board.installedModule(Profiles.byNameOrFile(profileName)));
        java.nio.file.Files.move(part, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    /** Starts the simulator unless it runs; records its host key as trusted. */
    public synchronized SimSshServer.Login start() throws IOException {
        if (server != null) {
            return server.login();
        }
        SimulatedBoardServer started = SimulatedBoardServer.start(Profiles.byNameOrFile(profileName), speed, stateDir);
        try {
            TaggedKnownHost.trust(knownHostsFile, knownHostsTag, started.login().host(), started.login().port(),
                    started.publicHostKey());
        } catch (IOException | RuntimeException e) {
            started.close();
            throw e;
        }
        server = started;
        return started.login();
    }

    public synchronized boolean isRunning() {
        return server != null;
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            server.close();
            server = null;
        }
    }
}
