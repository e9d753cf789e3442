package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.sim.server.SimulatedBoardServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.target.TransportException;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A fourth board kind from this test bundle alone, installed as an OSGi service: {@code wqlab run --board bench:NAME}
 * finds it through the kinds' one lookup, and the run goes through the kind's own start and connect.
 */
class BoardKindRunTest {

    /** Claims {@code bench:NAME}; starts a simulated board of its own and connects to it itself. */
    private static final class BenchKind implements BoardKindProvider {
        private final Path stateDir;
        private final List<String> started = new ArrayList<>();
        private int connects;
        private SimulatedBoardServer server;

        BenchKind(Path stateDir) {
            this.stateDir = stateDir;
        }

        @Override
        public BoardKind kind() {
            return new BoardKind("test-cli-bench");
        }

        @Override
        public String displayName() {
            return "command-line test bench";
        }

        @Override
        public String defaultUsbDriver() {
            return "sim-pull";
        }

        @Override
        public double speed(BoardEntry entry) {
            return 10;
        }

        @Override
        public Optional<BoardEntry> resolve(String boardArg, List<BoardEntry> saved) {
            return boardArg.startsWith("bench:") ? Optional.of(new BoardEntry(BoardProfile.of(boardArg.substring(6),
                    "bench", 0, ""), kind(), Optional.empty(), "")) : Optional.empty();
        }

        @Override
        public synchronized BoardProfile start(BoardEntry entry, Context context) throws IOException {
            if (server == null) {
                server = SimulatedBoardServer.start(Profiles.builtIn(Profiles.DEFAULT), 10, stateDir);
            }
            started.add(entry.name());
            SimSshServer.Login login = server.login();
            try {
                context.secrets().put(entry.name(), SecretKind.PASSWORD, login.password().toCharArray());
            } catch (SecretStore.SecretStoreException e) {
                throw new IOException(e.getMessage(), e);
            }
            return new BoardProfile(entry.name(), login.host(), login.port(), login.user(), AuthMethod.PASSWORD, null,
                    null, HostKeyPolicy.ASK, null, null);
        }

        @Override
        public BoardConnection connect(BoardEntry entry, BoardProfile profile, HostKeyPrompt prompt, Context context)
                throws TransportException {
            String fingerprint;
            synchronized (this) {
                connects++;
                fingerprint = server.login().hostKeyFingerprint();
            }
            return context.ssh().connect(profile, key -> key.fingerprint().equals(fingerprint));
        }

        @Override
        public synchronized void close() {
            if (server != null) {
                server.close();
                server = null;
            }
        }
    }

    @Test
    void runBoardResolvesAKindFromATestBundleAndRunsThroughItsStartAndConnect(@TempDir Path dir) throws Exception {
        BenchKind bench = new BenchKind(dir.resolve("bench-state"));
        ServiceRegistration<BoardKindProvider> registration = FrameworkUtil.getBundle(BoardKindProvider.class)
                .getBundleContext().registerService(BoardKindProvider.class, bench, null);
        try {
            Path ws = dir.resolve("ws");
            CliRun run = CliRun.of("run", "--board", "bench:x", "--workspace", ws.toString(), "--var",
                    "size.mib=1024", "--json");
            assertEquals(0, run.code(), run.out() + run.err());
            JsonObject summary = JsonParser.parseString(run.out()).getAsJsonObject();
            assertEquals("completed", summary.get("status").getAsString());
            Path experiment = Path.of(summary.get("experiment").getAsString());
            String log = Files.readString(experiment.resolve("kernel.log"));
            assertTrue(log.contains("usb 2-1: USB disconnect, device number"), "the kind's USB driver did not pull"
                    + " the bench board's stick: " + log);
            assertTrue(log.contains("latency_mon: start cpu="), log);
            synchronized (bench) {
                assertTrue(!bench.started.isEmpty() && bench.started.stream().allMatch("x"::equals),
                        bench.started.toString());
                assertTrue(bench.connects >= 1, "the kind's connect was not used");
                assertEquals(bench.started.size(), bench.connects, "a connect without the kind's start");
            }
        } finally {
            registration.unregister();
            bench.close();
        }
    }

    @Test
    void everyBoardFormIsAnsweredByTheKindThatClaimsIt(@TempDir Path dir) throws Exception {
        String ws = dir.resolve("ws").toString();
        CliRun profile = CliRun.of("run", "--board", "sim:no-such-profile", "--workspace", ws);
        assertEquals(Cli.BAD_INPUT, profile.code(), profile.out() + profile.err());
        assertTrue(profile.err().contains("--board sim:no-such-profile: no-such-profile: no such board profile file"
                + " (built-in profiles: [rcar-h3-default"), profile.err());

        CliRun port = CliRun.of("run", "--board", "root@127.0.0.1:x", "--workspace", ws);
        assertEquals(Cli.BAD_INPUT, port.code(), port.out() + port.err());
        assertTrue(port.err().contains("--board root@127.0.0.1:x: bad port 'x'"), port.err());

        CliRun unknown = CliRun.of("run", "--board", "no such board", "--workspace", ws);
        assertEquals(Cli.BAD_INPUT, unknown.code(), unknown.out() + unknown.err());
        assertTrue(unknown.err().contains("--board no such board: no board of that name in ")
                && unknown.err().contains("boards.json"), unknown.err());
        assertFalse(Files.exists(dir.resolve("ws")) && Files.list(dir.resolve("ws")).findAny().isPresent(),
                "an experiment was recorded for a board that does not exist");
    }
}
