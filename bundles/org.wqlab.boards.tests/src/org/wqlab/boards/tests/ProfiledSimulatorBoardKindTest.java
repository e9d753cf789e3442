package org.wqlab.boards.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardProperty;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.BoardStore;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.boards.simulator.ProfiledSimulatorBoardKind;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.target.BoardConnection;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretKind;
import org.wqlab.target.TransportException;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.vboard.VirtualBoard;

/** Simulated boards the user adds, each on a kernel profile of its own, two of them running at once. */
class ProfiledSimulatorBoardKindTest {

    private static final String A = "kernel A";
    private static final String B = "kernel B";
    private static final HostKeyPrompt MUST_NOT_ASK = key -> {
        throw new AssertionError("asked about " + key);
    };
    /**
     * What tells the default and the tailored kernel apart on the board (both report 5.4.72): the time dropping the
     * page cache takes, cached pages x the profile's per-page invalidation cost, after a read filled the cache.
     */
    private static final String DROP_CACHES = "uname -r; dd if=/run/media/sda1/sample.txt of=/dev/null bs=1M count=64;"
            + " grep Cached: /proc/meminfo; cat /proc/uptime; echo 3 > /proc/sys/vm/drop_caches; cat /proc/uptime";

    @TempDir
    Path dir;

    private final BoardRegistryTest.MemorySecrets secrets = new BoardRegistryTest.MemorySecrets();

    private Path knownHosts() {
        return dir.resolve("config/known_hosts");
    }

    private ProfiledSimulatorBoardKind kind() {
        return new ProfiledSimulatorBoardKind(dir.resolve("config/simulators"), knownHosts());
    }

    private BoardRegistry open(Path file, ProfiledSimulatorBoardKind kind) throws BoardStoreException {
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), knownHosts(), List.of(),
                null);
        JschBoardConnector connector = new JschBoardConnector(env, secrets);
        return BoardRegistry.open(new BoardStore(file), () -> connector, () -> secrets,
                new BuiltInSimulator(dir.resolve("sim-state"), knownHosts()),
                new VirtualBoardHost(new VirtualBoard(dir.resolve("cache/vboard")), knownHosts()),
                () -> List.of(kind));
    }

    /** As the Boards view's Add does: the name only, then the kind's field values. */
    private static void add(BoardRegistry registry, String name, String profile) throws BoardStoreException {
        registry.add(new BoardEntry(BoardProfile.of(name, "127.0.0.1", 0, ""), ProfiledSimulatorBoardKind.KIND,
                Optional.empty(), ""));
        registry.setFieldValues(name, Map.of("profile", profile));
    }

    @Test
    void twoBoardsRunTheirOwnKernelsAtTheSameTime() throws Exception {
        ProfiledSimulatorBoardKind kind = kind();
        try (BoardRegistry registry = open(dir.resolve("boards.json"), kind)) {
            assertTrue(registry.kinds().stream().filter(BoardKindProvider::userAddable).toList().contains(kind));
            add(registry, A, "rcar-h3-default");
            add(registry, B, "rcar-h3-tailored");

            ExecutorService pool = Executors.newFixedThreadPool(2);
            List<BoardConnection> connections = new ArrayList<>();
            try {
                CyclicBarrier together = new CyclicBarrier(2);
                List<Future<BoardConnection>> opened = pool.invokeAll(List.<Callable<BoardConnection>>of(
                        () -> open(registry, A, together), () -> open(registry, B, together)));
                AssertionError failed = null;
                for (Future<BoardConnection> f : opened) {
                    try {
                        connections.add(f.get());
                    } catch (ExecutionException e) {
                        failed = new AssertionError(e.getCause().getMessage() + "; " + knownHosts() + " holds:\n"
                                + Files.readString(knownHosts(), StandardCharsets.UTF_8), e.getCause());
                    }
                }
                if (failed != null) {
                    throw failed;
                }
                List<Future<ExecResult>> ran = pool.invokeAll(connections.stream()
                        .map(c -> (Callable<ExecResult>) () -> c.run(Command.script(DROP_CACHES),
                                Duration.ofSeconds(60)))
                        .toList());
                assertOwnKernel(connections.get(0), ran.get(0).get(), "rcar-h3-default", "rcar-h3-tailored");
                assertOwnKernel(connections.get(1), ran.get(1).get(), "rcar-h3-tailored", "rcar-h3-default");
                assertTrue(connections.get(0).isOpen() && connections.get(1).isOpen(), "both at once");
                assertNotEquals(connections.get(0).profile().port(), connections.get(1).profile().port());
            } finally {
                connections.forEach(BoardConnection::close);
                pool.shutdownNow();
            }
            assertTrue(secrets.get(A, SecretKind.PASSWORD).isPresent() && secrets.get(B, SecretKind.PASSWORD)
                    .isPresent(), "each board's generated password");
            List<String> lines = Files.readAllLines(knownHosts(), StandardCharsets.UTF_8);
            List<String> trusted = lines.stream().filter(l -> l.contains(" wqlab-simulator-kernel_")).toList();
            assertEquals(2, trusted.size(), "one trusted key per board, neither start dropping the other's: " + lines);
            assertNotEquals(trusted.get(0), trusted.get(1), lines.toString());
            assertEquals("127.0.0.1 (simulated, rcar-h3-tailored)", kind.hostText(registry.entry(B).orElseThrow()));
            assertEquals(1.0, registry.speedOf(A));
        }
    }

    private static BoardConnection open(BoardRegistry registry, String name, CyclicBarrier together)
            throws Exception {
        together.await();
        return registry.openConnection(name, MUST_NOT_ASK);
    }

    private static void assertOwnKernel(BoardConnection c, ExecResult r, String own, String other) {
        String out = r.stdoutText();
        String why = c.profile().name() + ": exit " + r.exitCode() + ", stdout:\n" + out + "stderr:\n"
                + new String(r.stderr(), StandardCharsets.UTF_8);
        assertEquals(0, r.exitCode(), why);
        assertEquals(HostKeyPolicy.REFUSE_UNKNOWN, c.profile().hostKeyPolicy(), "the host key is checked, not taken");
        String[] lines = out.split("\n");
        assertEquals(Profiles.builtIn(own).kernelRelease(), lines[0].strip(), why);
        long pages = Long.parseLong(lines[1].replaceAll("\\D", "")) * 1024 / Profiles.builtIn(own).pageSize();
        assertTrue(pages > 0, why);
        double took = Double.parseDouble(lines[3].split(" ")[0]) - Double.parseDouble(lines[2].split(" ")[0]);
        double ownSeconds = seconds(pages, Profiles.builtIn(own));
        double otherSeconds = seconds(pages, Profiles.builtIn(other));
        assertTrue(took >= ownSeconds - 0.011, why + "drop_caches took " + took + " s, own kernel " + ownSeconds);
        assertTrue(Math.abs(took - ownSeconds) < Math.abs(took - otherSeconds), why + "drop_caches took " + took
                + " s: " + own + " takes " + ownSeconds + " s, " + other + " " + otherSeconds + " s");
    }

    private static double seconds(long pages, SimulatedBoardProfile p) {
        return pages * p.invalidateNsPerPage() / 1e9;
    }

    @Test
    void theKernelProfileIsSavedWithTheBoard() throws Exception {
        Path file = dir.resolve("boards.json");
        try (BoardRegistry registry = open(file, kind())) {
            add(registry, A, "rcar-h3-default");
            add(registry, B, "rcar-h3-tailored");
            registry.add(new BoardEntry(BoardProfile.of("unset", "127.0.0.1", 0, ""),
                    ProfiledSimulatorBoardKind.KIND, Optional.empty(), ""));
        }
        String json = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(json.contains("\"kind\": \"simulator\"") && json.contains("\"profile\": \"rcar-h3-tailored\""),
                json);
        ProfiledSimulatorBoardKind kind = kind();
        try (BoardRegistry again = open(file, kind)) {
            assertEquals(Map.of("profile", "rcar-h3-default"), kind.fieldValues(again.entry(A).orElseThrow()));
            assertEquals(Map.of("profile", "rcar-h3-tailored"), kind.fieldValues(again.entry(B).orElseThrow()));
            assertEquals(Map.of("profile", "rcar-h3-default"), kind.fieldValues(again.entry("unset").orElseThrow()),
                    "a board with no profile set runs the default one");
            assertEquals(List.of(new BoardProperty("Kernel profile", "rcar-h3-tailored")),
                    kind.properties(again.entry(B).orElseThrow()));
            assertEquals(Profiles.BUILT_IN, kind.fields().get(0).choices().stream().map(BoardField.Choice::value)
                    .toList());
        }
    }

    @Test
    void aProfileNoBuiltInKernelHasIsRefusedNamingTheField() throws Exception {
        Path file = dir.resolve("boards.json");
        try (BoardRegistry registry = open(file, kind())) {
            add(registry, A, "rcar-h3-default");
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> registry.setFieldValues(A, Map.of("profile", "rcar-h3-nope")));
            assertTrue(bad.getMessage().startsWith("field profile:") && bad.getMessage().contains("rcar-h3-nope"),
                    bad.getMessage());
        }
        String json = Files.readString(file, StandardCharsets.UTF_8);
        Files.writeString(file, json.replace("\"rcar-h3-default\"", "\"rcar-h3-nope\""), StandardCharsets.UTF_8);
        try (BoardRegistry again = open(file, kind())) {
            TransportException e = assertThrows(TransportException.class, () -> again.openConnection(A, MUST_NOT_ASK));
            assertTrue(e.getMessage().contains("'" + A + "'") && e.getMessage().contains("field profile"),
                    e.getMessage());
            IOException c = assertThrows(IOException.class, () -> again.connect(A, MUST_NOT_ASK));
            assertTrue(c.getMessage().contains("'" + A + "'") && c.getMessage().contains("field profile"),
                    c.getMessage());
            BoardStatus.Failed failed = assertInstanceOf(BoardStatus.Failed.class, again.status(A));
            assertTrue(failed.message().contains("field profile"), failed.message());
        }
    }
}
