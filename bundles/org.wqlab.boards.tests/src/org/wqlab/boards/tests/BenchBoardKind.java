package org.wqlab.boards.tests;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.TransportException;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;

/**
 * A board kind that only this test bundle knows: claims {@code bench:NAME}, starts a simulated board of its own and
 * connects with its own SSH transport (host key checked against the one the board reports), not the registry's.
 */
final class BenchBoardKind implements BoardKindProvider {

    static final BoardKind KIND = new BoardKind("test-bench");
    static final String USB_DRIVER = "sim-pull";

    private final Path stateDir;
    private final List<String> started = new ArrayList<>();
    private Board board;
    private SimSshServer server;

    BenchBoardKind(Path stateDir) {
        this.stateDir = stateDir;
    }

    synchronized boolean running() {
        return server != null;
    }

    synchronized List<String> started() {
        return List.copyOf(started);
    }

    @Override
    public BoardKind kind() {
        return KIND;
    }

    @Override
    public String displayName() {
        return "test bench";
    }

    @Override
    public String defaultUsbDriver() {
        return USB_DRIVER;
    }

    @Override
    public double speed(BoardEntry entry) {
        return 2.5;
    }

    @Override
    public synchronized BoardProfile start(BoardEntry entry, Context context) throws IOException {
        if (server == null) {
            context.progress("powering the bench");
            board = Board.realTime(Profiles.builtIn(Profiles.DEFAULT), 1);
            server = SimSshServer.start(board, stateDir, 0, List.of());
        }
        started.add(entry.name());
        SimSshServer.Login login = server.login();
        return new BoardProfile(entry.name(), login.host(), login.port(), login.user(), AuthMethod.PASSWORD, null,
                null, HostKeyPolicy.ASK, null, null);
    }

    @Override
    public BoardConnection connect(BoardEntry entry, BoardProfile started, HostKeyPrompt prompt, Context context)
            throws TransportException {
        SimSshServer.Login login = server.login();
        SshEnvironment env = new SshEnvironment(stateDir.resolve("no-ssh-config"), List.of(),
                stateDir.resolve("known_hosts"), List.of(), null);
        BoardRegistryTest.MemorySecrets secret = new BoardRegistryTest.MemorySecrets();
        secret.put(started.name(), org.wqlab.target.SecretKind.PASSWORD, login.password().toCharArray());
        return new JschBoardConnector(env, secret).connect(started,
                key -> key.fingerprint().equals(login.hostKeyFingerprint()));
    }

    @Override
    public Optional<BoardEntry> resolve(String boardArg, List<BoardEntry> saved) {
        if (!boardArg.startsWith("bench:")) {
            return Optional.empty();
        }
        String name = boardArg.substring("bench:".length());
        if (name.isBlank()) {
            throw new IllegalArgumentException("expected bench:NAME");
        }
        return Optional.of(new BoardEntry(BoardProfile.of(name, "bench", 0, ""), KIND, Optional.empty(), ""));
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            try {
                server.close();
            } catch (IOException e) {
                // stopping anyway
            }
            board.close();
            server = null;
        }
    }
}
