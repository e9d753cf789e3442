package org.wqlab.target.ssh.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.Command;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.OutputSink;
import org.wqlab.target.RemoteStream;

/**
 * The transport against Debian 12's dropbear (2022.83), which ends a whole session when a channel's process exits
 * while another channel of that session is being opened: each channel runs on a session of its own, idle sessions
 * are reused, and short commands run from several threads beside a stream never lose the connection.
 */
class DropbearSessionsTest {

    private static final Duration T = Duration.ofSeconds(60);
    private static final int THREADS = 3;
    private static final int COMMANDS_EACH = 60;

    @Test
    void shortCommandsFromSeveralThreadsBesideAStreamRunEachOnASessionOfItsOwn() throws Exception {
        try (TestDropbear dropbear = TestDropbear.start()) {
            Client client = new Client();
            Files.writeString(client.userKnownHosts, dropbear.hostKeyLine() + "\n", StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            String board = "dropbear board";
            client.storePassword(board, TestUsers.password());
            BoardProfile profile = new BoardProfile(board, "127.0.0.1", dropbear.port, TestUsers.DASH,
                    AuthMethod.PASSWORD, null, null, HostKeyPolicy.REFUSE_UNKNOWN, null, null);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try (BoardConnection connection = client.connector.connect(profile, HostKeyPrompt.REFUSE)) {
                AtomicLong ticks = new AtomicLong();
                RemoteStream stream = connection.stream(
                        Command.shellScript("while :; do echo tick; sleep 0.05; done"),
                        (bytes, offset, length) -> ticks.addAndGet(length), OutputSink.DISCARD);
                List<Future<List<String>>> outputs = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    outputs.add(pool.submit(() -> {
                        List<String> seen = new ArrayList<>();
                        for (int n = 0; n < COMMANDS_EACH; n++) {
                            seen.add(connection.run(Command.of("echo").arg(thread + "-" + n), T).stdoutText());
                        }
                        return seen;
                    }));
                }
                for (int t = 0; t < THREADS; t++) {
                    List<String> seen = outputs.get(t).get();
                    for (int n = 0; n < COMMANDS_EACH; n++) {
                        assertEquals(t + "-" + n + "\n", seen.get(n));
                    }
                }
                assertTrue(stream.isRunning(), "the stream beside the commands still runs");
                assertTrue(ticks.get() > 0, "the stream's output arrived");
                stream.cancel();
                assertTrue(connection.isOpen());
            } finally {
                pool.shutdownNow();
            }
            String log = Files.readString(dropbear.log);
            assertFalse(log.contains("Failed assertion"), log);
            // the first session, the stream's, and at most one for each thread: sessions are reused
            long sessions = dropbear.loggedInConnections();
            assertTrue(sessions >= 3 && sessions <= 2 + THREADS,
                    "logged-in connections: " + sessions + " (expected 3 to " + (2 + THREADS) + ")\n" + log);
        }
    }
}
