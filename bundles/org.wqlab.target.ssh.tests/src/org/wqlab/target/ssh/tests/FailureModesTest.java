package org.wqlab.target.ssh.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.Command;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.OutputSink;
import org.wqlab.target.RemoteStream;
import org.wqlab.target.TransportException;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;

/** Silent network loss, a board that accepts TCP but never speaks SSH, and the SSH agent. */
class FailureModesTest {

    private static final Duration T = Duration.ofSeconds(60);
    @RegisterExtension
    static final KeyLoginServer SERVER = new KeyLoginServer();

    /** The board freezes (cable pulled, kernel hung): no FIN, no RST. Keep-alives notice; the stream ends Dropped. */
    @Test
    void frozenBoardIsDetectedByKeepAlive() throws Exception {
        TestSshd frozen = TestSshd.start();
        try {
            Client other = new Client().trusting(frozen);
            frozen.authorize(Path.of(SERVER.key() + ".pub"));
            BoardConnection board = other.connector.connect(
                    other.profile("frozen", frozen, TestUsers.DASH, AuthMethod.PUBLIC_KEY, SERVER.key())
                            .withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(1)), HostKeyPrompt.REFUSE);
            CountDownLatch output = new CountDownLatch(1);
            RemoteStream stream = board.stream(Command.shellScript("while :; do echo tick; sleep 0.2; done"),
                    (b, off, len) -> output.countDown(), OutputSink.DISCARD);
            assertTrue(output.await(60, TimeUnit.SECONDS));
            List<Long> sessionProcesses = frozen.sessionProcesses();
            for (long pid : sessionProcesses) {
                Tools.run(List.of("kill", "-STOP", Long.toString(pid)));
            }
            try {
                var e = assertThrows(TransportException.Dropped.class, () -> stream.awaitEnd(Duration.ofMinutes(2)));
                assertTrue(e.getMessage().startsWith("board 'frozen': connection dropped"), e.getMessage());
                assertFalse(board.isOpen());
            } finally {
                for (long pid : sessionProcesses) {
                    Tools.run(List.of("kill", "-CONT", Long.toString(pid)));
                }
                board.close();
            }
        } finally {
            frozen.close();
        }
    }

    @Test
    void silentPortTimesOutNamingTheBoard() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            BoardProfile profile = new BoardProfile("silent", "127.0.0.1", silent.getLocalPort(), "root",
                    AuthMethod.PUBLIC_KEY, SERVER.key(), null, HostKeyPolicy.REFUSE_UNKNOWN, Duration.ofSeconds(2),
                    null);
            var e = assertThrows(TransportException.TimedOut.class,
                    () -> SERVER.client().connector.connect(profile, HostKeyPrompt.REFUSE));
            assertEquals("board 'silent': timed out: connecting to 127.0.0.1:" + silent.getLocalPort(), e.getMessage());
        }
    }

    @Test
    void agentKeysAreUsed() throws Exception {
        Path socket = TestDirs.newDir("agent").resolve("agent.sock");
        Process agent = new ProcessBuilder("ssh-agent", "-D", "-a", socket.toString()).redirectErrorStream(true)
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.exists(socket) && System.nanoTime() < deadline) {
                agent.waitFor(10, TimeUnit.MILLISECONDS);
            }
            assertTrue(Files.exists(socket), "ssh-agent did not start");
            Path agentKey = SERVER.client().newKey("ecdsa", "");
            SERVER.sshd().authorize(Path.of(agentKey + ".pub"));
            ProcessBuilder add = new ProcessBuilder("ssh-add", agentKey.toString()).redirectErrorStream(true);
            add.environment().put("SSH_AUTH_SOCK", socket.toString());
            Process adding = add.start();
            assertTrue(adding.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, adding.exitValue(), new String(adding.getInputStream().readAllBytes()));
            SshEnvironment env = SERVER.client().environment;
            JschBoardConnector withAgent = new JschBoardConnector(new SshEnvironment(env.sshConfig(),
                    env.userKnownHosts(), env.wqlabKnownHosts(), List.of(), socket), SERVER.client().secrets);
            try (BoardConnection board = withAgent.connect(
                    SERVER.client().profile("agent board", SERVER.sshd(), TestUsers.ASH, AuthMethod.AGENT, null),
                    HostKeyPrompt.REFUSE)) {
                assertEquals(TestUsers.ASH + "\n", board.run(Command.of("id").word("-un"), T).stdoutText());
            }
            assertTrue(Files.readString(SERVER.sshd().log).contains("Accepted publickey for " + TestUsers.ASH
                    + " from 127.0.0.1 port"), "not logged in by key");
        } finally {
            agent.destroy();
            agent.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
