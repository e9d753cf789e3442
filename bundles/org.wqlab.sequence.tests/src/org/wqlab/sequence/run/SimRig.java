package org.wqlab.sequence.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.InMemorySecretStore;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.usb.UsbDriverIds;

/**
 * The simulated board over real SSH on 127.0.0.1, reached through a loopback TCP relay that can drop every open
 * connection at once (the session killed from the board's side, the board left running).
 */
final class SimRig implements AutoCloseable {

    final Board board;
    final SimSshServer server;
    final Relay relay;
    final BoardAccess access;

    SimRig(Path dir, double speed) throws IOException {
        board = Board.realTime(Profiles.builtIn(Profiles.DEFAULT), speed);
        server = SimSshServer.start(board, dir.resolve("state"), 0, List.of());
        SimSshServer.Login login = server.login();
        relay = new Relay(login.port());
        access = access(dir, speed, relay.port());
    }

    /** The same board (same profile name), reached without the relay: for a run after {@code relay.close()}. */
    BoardAccess directAccess(Path dir, double speed) {
        return access(dir, speed, server.login().port());
    }

    private BoardAccess access(Path dir, double speed, int port) {
        SimSshServer.Login login = server.login();
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), dir.resolve("known_hosts"),
                List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(env, InMemorySecretStore.withPassword(login.password()));
        BoardProfile profile = new BoardProfile("sim", "127.0.0.1", port, login.user(), AuthMethod.PASSWORD,
                null, null, HostKeyPolicy.ASK, null, null);
        return new BoardAccess(() -> connector.connect(profile,
                key -> key.fingerprint().equals(login.hostKeyFingerprint())), speed, UsbDriverIds.SIM_PULL,
                (message, countdown) -> false);
    }

    /** The board's module list, read from the board itself (not over SSH). */
    String procModules() {
        return new String(board.read("/proc/modules").orElseThrow(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        relay.close();
        server.close();
        board.close();
    }

    static final class Relay implements AutoCloseable {
        private final ServerSocket listener;
        private final List<Socket> open = new CopyOnWriteArrayList<>();

        Relay(int targetPort) throws IOException {
            listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread.ofPlatform().daemon().name("relay-accept").start(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket client = listener.accept();
                        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                        open.add(client);
                        open.add(upstream);
                        pump(client, upstream);
                        pump(upstream, client);
                    } catch (IOException e) {
                        // closed
                    }
                }
            });
        }

        int port() {
            return listener.getLocalPort();
        }

        private void pump(Socket from, Socket to) {
            Thread.ofPlatform().daemon().name("relay-pump").start(() -> {
                byte[] b = new byte[16384];
                try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                    int n;
                    while ((n = in.read(b)) > 0) {
                        out.write(b, 0, n);
                    }
                } catch (IOException e) {
                    // dropped
                } finally {
                    closeQuietly(from);
                    closeQuietly(to);
                }
            });
        }

        /** Closes every relayed connection; new connections are still accepted. */
        void dropAll() {
            for (Socket s : open) {
                closeQuietly(s);
            }
            open.clear();
        }

        private static void closeQuietly(Socket s) {
            try {
                s.close();
            } catch (IOException e) {
                // already closed
            }
        }

        @Override
        public void close() throws IOException {
            listener.close();
            dropAll();
        }
    }
}
