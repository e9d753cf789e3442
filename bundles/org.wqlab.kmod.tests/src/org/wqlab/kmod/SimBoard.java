package org.wqlab.kmod;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.wqlab.sim.Board;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.InMemorySecretStore;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The simulated board served over real SSH on 127.0.0.1, reached through the JSch connector like any board. Its
 * profile is a built-in one with the kernel identity replaced, written as a JSON file and loaded the way a user's
 * profile is.
 */
final class SimBoard implements AutoCloseable {

    final Board board;
    final SimSshServer server;
    final BoardConnection connection;
    final Path fsRoot;
    final List<String> offeredFingerprints = new java.util.concurrent.CopyOnWriteArrayList<>();

    private SimBoard(Board board, SimSshServer server, BoardConnection connection, Path fsRoot) {
        this.board = board;
        this.server = server;
        this.connection = connection;
        this.fsRoot = fsRoot;
    }

    /** {@code rcar-h3-default} with {@code vermagic}, and the release its first word names. */
    static SimulatedBoardProfile profileWithVermagic(Path dir, String vermagic) throws IOException {
        JsonObject json;
        try (InputStream in = Profiles.class.getResourceAsStream("/profiles/rcar-h3-default.json")) {
            json = JsonParser.parseReader(new InputStreamReader(in, StandardCharsets.UTF_8)).getAsJsonObject();
        }
        json.addProperty("name", "rcar-h3-ci-kernel");
        json.addProperty("vermagic", vermagic);
        json.addProperty("kernelRelease", vermagic.strip().split("\\s+")[0]);
        Path file = dir.resolve("profile-" + Integer.toHexString(vermagic.hashCode()) + ".json");
        Files.writeString(file, json.toString(), StandardCharsets.UTF_8);
        return Profiles.load(file);
    }

    static SimBoard start(Path dir, SimulatedBoardProfile profile, double speed) throws Exception {
        Board board = Board.realTime(profile, speed);
        Path state = dir.resolve("state");
        SimSshServer server = SimSshServer.start(board, state, 0, List.of());
        SimSshServer.Login login = server.login();
        SshEnvironment environment = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(),
                dir.resolve("known_hosts"), List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(environment, InMemorySecretStore.withPassword(login.password()));
        List<String> offered = new java.util.concurrent.CopyOnWriteArrayList<>();
        org.wqlab.target.BoardProfile target = org.wqlab.target.BoardProfile
                .of("sim", login.host(), login.port(), login.user()).withAuth(AuthMethod.PASSWORD, null)
                .withHostKeyPolicy(HostKeyPolicy.ASK);
        // accepted only when it is the key the simulator printed, as a user compares the fingerprint
        BoardConnection connection = connector.connect(target, key -> {
            offered.add(key.fingerprint());
            return key.fingerprint().equals(login.hostKeyFingerprint());
        });
        SimBoard sim = new SimBoard(board, server, connection, state.resolve("fs"));
        sim.offeredFingerprints.addAll(offered);
        return sim;
    }

    /** The board folder's files as the SFTP server stores them. */
    List<String> filesIn(String remoteDir) throws IOException {
        Path dir = fsRoot.resolve(remoteDir.replaceFirst("^/", ""));
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Override
    public void close() throws IOException {
        connection.close();
        server.close();
        board.close();
    }
}
