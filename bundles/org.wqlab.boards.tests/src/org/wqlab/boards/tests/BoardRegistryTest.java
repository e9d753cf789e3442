package org.wqlab.boards.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.BoardStore;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.boards.vboard.VirtualBoardKind;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretKind;
import org.wqlab.target.SecretStore;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;
import org.wqlab.vboard.QemuUsbDriver;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VirtualBoard;

class BoardRegistryTest {

    @TempDir
    Path dir;

    private final MemorySecrets secrets = new MemorySecrets();

    private BoardRegistry open(Path file, Path knownHosts) throws BoardStoreException {
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), knownHosts, List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(env, secrets);
        return BoardRegistry.open(new BoardStore(file), () -> connector, () -> secrets,
                new BuiltInSimulator(dir.resolve("sim-state"), knownHosts),
                new VirtualBoardHost(new VirtualBoard(dir.resolve("cache/vboard")), knownHosts));
    }

    @Test
    void firstStartHoldsTheBuiltInBoardAndProfilesSurviveARestart() throws Exception {
        Path file = dir.resolve("ws/boards.json");
        try (BoardRegistry registry = open(file, dir.resolve("kh"))) {
            assertEquals(List.of(BuiltInSimulator.BOARD_NAME, VirtualBoardHost.BOARD_NAME),
                    registry.entries().stream().map(BoardEntry::name).toList());
            assertTrue(registry.entries().get(0).builtInSimulator());
            assertEquals(BoardKind.VIRTUAL_BOARD, registry.entries().get(1).kind());
            registry.add(new BoardProfile("lab h3", "10.0.0.7", 2222, "root", AuthMethod.PUBLIC_KEY,
                    Path.of("/home/me/.ssh/id_ed25519"), "jump.lab", HostKeyPolicy.ASK, null, null));
            registry.duplicate("lab h3");
            assertThrows(IllegalArgumentException.class, () -> registry.add(BoardProfile.of("lab h3", "x", 0, "")));
        }
        try (BoardRegistry again = open(file, dir.resolve("kh"))) {
            List<String> names = again.entries().stream().map(BoardEntry::name).toList();
            assertEquals(List.of(BuiltInSimulator.BOARD_NAME, VirtualBoardHost.BOARD_NAME, "lab h3", "lab h3 (copy)"),
                    names);
            BoardProfile lab = again.entry("lab h3").orElseThrow().profile();
            assertEquals(2222, lab.port());
            assertEquals(Path.of("/home/me/.ssh/id_ed25519"), lab.keyFile());
            assertEquals("jump.lab", lab.jumpHost());
            assertEquals(HostKeyPolicy.ASK, lab.hostKeyPolicy());
            again.remove("lab h3 (copy)");
        }
        try (BoardRegistry third = open(file, dir.resolve("kh"))) {
            assertEquals(3, third.entries().size());
        }
    }

    @Test
    void aVersionOneFileGetsTheVirtualBoardOnceAfterTheSimulatorAndKeepsItsBoards() throws Exception {
        Path file = dir.resolve("boards.json");
        Files.writeString(file, """
                {"version": 1, "boards": [
                  {"name": "my sim", "host": "127.0.0.1", "builtInSimulator": true},
                  {"name": "lab", "host": "10.0.0.7", "port": 22, "user": "root", "usbDriver": "uhubctl"}]}
                """, StandardCharsets.UTF_8);
        try (BoardRegistry registry = open(file, dir.resolve("kh"))) {
            assertEquals(List.of("my sim", VirtualBoardHost.BOARD_NAME, "lab"),
                    registry.entries().stream().map(BoardEntry::name).toList());
            assertEquals(List.of(BoardKind.BUILT_IN_SIMULATOR, BoardKind.VIRTUAL_BOARD, BoardKind.SSH),
                    registry.entries().stream().map(BoardEntry::kind).toList());
            assertEquals("uhubctl", registry.entry("lab").orElseThrow().usbDriver());
            String json = Files.readString(file, StandardCharsets.UTF_8);
            assertTrue(json.contains("\"version\": 3"), json);
            assertTrue(json.contains("\"kind\": \"qemu-virtual-board\""), json);
            assertTrue(json.contains("\"arch\": \"x86_64\""), json);
            registry.remove(VirtualBoardHost.BOARD_NAME);
        }
        try (BoardRegistry again = open(file, dir.resolve("kh"))) {
            assertEquals(List.of("my sim", "lab"), again.entries().stream().map(BoardEntry::name).toList(),
                    "a virtual board the user removed came back");
        }
    }

    @Test
    void aBoardsLimitsAreReadBackAndABadOneNamesTheBoardAndTheLimit() throws Exception {
        Path file = dir.resolve("boards.json");
        Files.writeString(file, """
                {"version": 3, "boards": [
                  {"name": "lab", "host": "10.0.0.7", "port": 22, "user": "root",
                   "limits": {"worst.after.disconnect.ms": {"soft": 500, "hard": 2500}}}]}
                """, StandardCharsets.UTF_8);
        try (BoardRegistry registry = open(file, dir.resolve("kh"))) {
            org.wqlab.limits.Limit worst = registry.entry("lab").orElseThrow().limits()
                    .get(org.wqlab.limits.LimitName.WORST_AFTER_DISCONNECT).orElseThrow();
            assertEquals(500.0, worst.soft());
            assertEquals(2500.0, worst.hard());
            Path copy = dir.resolve("copy.json");
            BoardStore store = new BoardStore(copy);
            store.save(registry.entries());
            assertEquals(registry.entry("lab").orElseThrow().limits(), store.load().orElseThrow().boards().stream()
                    .filter(b -> b.name().equals("lab")).findFirst().orElseThrow().limits(), "written and read back");
        }
        Files.writeString(file, """
                {"version": 3, "boards": [{"name": "lab", "host": "h", "limits": {"worst.ms": {"hard": 1}}}]}
                """);
        BoardStoreException e = assertThrows(BoardStoreException.class, () -> open(file, dir.resolve("kh")));
        assertTrue(e.getMessage().contains("boards[0].limits") && e.getMessage().contains("board 'lab'")
                && e.getMessage().contains("worst.ms"), e.getMessage());
    }

    @Test
    void theVirtualBoardsArchitectureIsSavedAndABadKindNamesItsField() throws Exception {
        Path file = dir.resolve("boards.json");
        try (BoardRegistry registry = open(file, dir.resolve("kh"))) {
            registry.setFieldValues(VirtualBoardHost.BOARD_NAME, Map.of("arch", "arm64", "irqCpu", "1"));
            IllegalArgumentException cpu = assertThrows(IllegalArgumentException.class,
                    () -> registry.setFieldValues(VirtualBoardHost.BOARD_NAME, Map.of("arch", "arm64", "irqCpu", "2")));
            assertTrue(cpu.getMessage().contains("irqCpu"), cpu.getMessage());
            assertInstanceOf(VirtualBoardHost.State.NotBuilt.class, VirtualBoardKind.hostOf(registry).state());
            assertEquals(VboardArch.ARM64, VirtualBoardKind.hostOf(registry).state().arch());
        }
        try (BoardRegistry again = open(file, dir.resolve("kh"))) {
            assertEquals(VboardArch.ARM64, again.entry(VirtualBoardHost.BOARD_NAME).orElseThrow().arch());
            assertEquals(1, again.entry(VirtualBoardHost.BOARD_NAME).orElseThrow().irqCpu());
        }
        Files.writeString(file, "{\"version\":2,\"boards\":[{\"name\":\"a\",\"host\":\"h\",\"kind\":\" \"}]}");
        BoardStoreException e = assertThrows(BoardStoreException.class, () -> open(file, dir.resolve("kh")));
        assertTrue(e.getMessage().contains("boards[0].kind") && e.getMessage().contains("qemu-virtual-board"),
                e.getMessage());
        Files.writeString(file, "{\"version\":2,\"boards\":[{\"name\":\"a\",\"host\":\"h\",\"arch\":\"mips\"}]}");
        e = assertThrows(BoardStoreException.class, () -> open(file, dir.resolve("kh")));
        assertTrue(e.getMessage().contains("boards[0].arch") && e.getMessage().contains("mips"), e.getMessage());
        Files.writeString(file, "{\"version\":2,\"boards\":[{\"name\":\"a\",\"host\":\"h\",\"irqCpu\":7}]}");
        e = assertThrows(BoardStoreException.class, () -> open(file, dir.resolve("kh")));
        assertTrue(e.getMessage().contains("boards[0].irqCpu") && e.getMessage().contains("was 7"), e.getMessage());
    }

    @Test
    void renamingABoardMovesItsStoredSecrets() throws Exception {
        try (BoardRegistry registry = open(dir.resolve("b.json"), dir.resolve("kh"))) {
            registry.add(BoardProfile.of("lab", "10.0.0.7", 22, "root"));
            registry.putSecret("lab", SecretKind.PASSWORD, "s3cret".toCharArray());
            registry.update("lab", BoardProfile.of("lab h3", "10.0.0.7", 22, "root"));
            assertEquals("s3cret", new String(secrets.get("lab h3", SecretKind.PASSWORD).orElseThrow()));
            assertTrue(secrets.get("lab", SecretKind.PASSWORD).isEmpty(), "the old name keeps the password");
            assertTrue(secrets.get("lab h3", SecretKind.KEY_PASSPHRASE).isEmpty());
        }
    }

    @Test
    void theBoardsUsbDriverIsItsKindsOwnUnlessOneIsSet() throws Exception {
        try (BoardRegistry registry = open(dir.resolve("b.json"), dir.resolve("kh"))) {
            registry.add(BoardProfile.of("lab", "10.0.0.7", 22, "root"));
            assertEquals(UsbDriverIds.SIM_PULL, registry.usbDriverOf(BuiltInSimulator.BOARD_NAME));
            assertEquals(QemuUsbDriver.ID, registry.usbDriverOf(VirtualBoardHost.BOARD_NAME));
            assertEquals(UsbDriverIds.MANUAL, registry.usbDriverOf("lab"));
            registry.setUsbDriver(VirtualBoardHost.BOARD_NAME, UsbDriverIds.SYSFS_REMOVE);
            assertEquals(UsbDriverIds.SYSFS_REMOVE, registry.usbDriverOf(VirtualBoardHost.BOARD_NAME));
            assertTrue(UsbDrivers.installed().byId(QemuUsbDriver.ID).isPresent(),
                    "the virtual board's driver is not registered");
        }
    }

    @Test
    void connectingAVirtualBoardThatIsNotBuiltFailsNamingTheBuild() throws Exception {
        try (BoardRegistry registry = open(dir.resolve("b.json"), dir.resolve("kh"))) {
            List<String> seen = new ArrayList<>();
            registry.addListener(() -> seen.add(registry.status(VirtualBoardHost.BOARD_NAME).label()));
            assertThrows(java.io.IOException.class, () -> registry.connect(VirtualBoardHost.BOARD_NAME,
                    HostKeyPrompt.REFUSE));
            BoardStatus.Failed failed = assertInstanceOf(BoardStatus.Failed.class,
                    registry.status(VirtualBoardHost.BOARD_NAME));
            assertTrue(failed.message().contains("not built") && failed.message().contains("wqlab vboard build")
                    && failed.message().contains(dir.resolve("cache/vboard").toString()), failed.message());
            assertTrue(seen.contains("starting"), seen.toString());
            assertInstanceOf(VirtualBoardHost.State.NotBuilt.class, VirtualBoardKind.hostOf(registry).state());
            assertFalse(Files.exists(dir.resolve("kh")), "a host key was trusted for a board that never ran");
        }
    }

    @Test
    void badFileNamesFileAndFieldAndIsLeftUntouched() throws Exception {
        Path file = dir.resolve("boards.json");
        String bad = "{\"version\":1,\"boards\":[{\"name\":\"a\",\"host\":\"h\",\"port\":70000}]}";
        Files.writeString(file, bad, StandardCharsets.UTF_8);
        BoardStoreException e = assertThrows(BoardStoreException.class, () -> open(file, dir.resolve("kh")));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("boards[0].port"), e.getMessage());
        assertEquals(bad, Files.readString(file, StandardCharsets.UTF_8));

        Files.writeString(file, "{\"boards\":[{\"name\":\"a\",\"host\":\"h\",\"auth\":\"TELEPATHY\"}]}");
        e = assertThrows(BoardStoreException.class, () -> open(file, dir.resolve("kh")));
        assertTrue(e.getMessage().contains("boards[0].auth"), e.getMessage());

        Files.writeString(file, "{\"boards\":[ {\"name\":");
        e = assertThrows(BoardStoreException.class, () -> open(file, dir.resolve("kh")));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }

    @Test
    void connectingTheBuiltInBoardStartsTheSimulatorTrustsItsKeyAndProbesFacts() throws Exception {
        Path file = dir.resolve("ws/boards.json");
        Path knownHosts = dir.resolve("config/known_hosts");
        List<String> seen = new ArrayList<>();
        try (BoardRegistry registry = open(file, knownHosts)) {
            registry.addListener(() -> seen.add(registry.status(BuiltInSimulator.BOARD_NAME).label()));
            HostKeyPrompt mustNotAsk = key -> {
                throw new AssertionError("asked about " + key);
            };
            BoardFacts facts = registry.connect(BuiltInSimulator.BOARD_NAME, mustNotAsk);
            if (facts.cpuCount() != 8) {
                var raw = registry.connection(BuiltInSimulator.BOARD_NAME).orElseThrow().run(
                        org.wqlab.target.Command.shellScript(org.wqlab.target.facts.BoardFactsProbe.SCRIPT),
                        java.time.Duration.ofSeconds(30));
                throw new AssertionError("facts " + facts + " from exit " + raw.exitCode() + " stdout:\n"
                        + raw.stdoutText() + "\nstderr:\n" + new String(raw.stderr(), StandardCharsets.UTF_8));
            }
            assertTrue(facts.uname().contains("5.4.72-yocto-standard"), facts.uname());
            assertEquals(250, facts.hz());
            assertInstanceOf(BoardStatus.Connected.class, registry.status(BuiltInSimulator.BOARD_NAME));
            assertTrue(seen.contains("connecting") && seen.contains("connected"), seen.toString());
            assertTrue(registry.connection(BuiltInSimulator.BOARD_NAME).isPresent());

            String json = Files.readString(file, StandardCharsets.UTF_8);
            assertTrue(json.contains("\"cpuCount\": 8"), json);
            char[] password = secrets.get(BuiltInSimulator.BOARD_NAME, SecretKind.PASSWORD).orElseThrow();
            assertFalse(json.contains(new String(password)), "the simulator's password is in " + file);
            try (var stateFiles = Files.walk(dir.resolve("sim-state"))) {
                for (Path f : stateFiles.filter(Files::isRegularFile).toList()) {
                    assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(new String(password)),
                            "the simulator's password is in " + f);
                }
            }
            assertFalse(Files.exists(dir.resolve("sim-state").resolve("password")));
            String recorded = Files.readString(knownHosts, StandardCharsets.UTF_8);
            assertTrue(recorded.startsWith("[127.0.0.1]:"), recorded);
            assertTrue(recorded.contains("ecdsa-sha2-nistp256 "), recorded);

            registry.disconnect(BuiltInSimulator.BOARD_NAME);
            assertInstanceOf(BoardStatus.Disconnected.class, registry.status(BuiltInSimulator.BOARD_NAME));
        }
        try (BoardRegistry again = open(file, knownHosts)) {
            BoardFacts kept = again.entry(BuiltInSimulator.BOARD_NAME).orElseThrow().facts().orElseThrow();
            assertEquals(8, kept.cpuCount());
        }
    }

    @Test
    void refusedConnectionEndsInErrorStatusNamingTheBoard() throws Exception {
        try (BoardRegistry registry = open(dir.resolve("b.json"), dir.resolve("kh"))) {
            int port;
            try (var socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                port = socket.getLocalPort();
            }
            registry.add(BoardProfile.of("nobody home", "127.0.0.1", port, "root"));
            assertThrows(Exception.class, () -> registry.connect("nobody home", HostKeyPrompt.REFUSE));
            BoardStatus status = registry.status("nobody home");
            BoardStatus.Failed failed = assertInstanceOf(BoardStatus.Failed.class, status);
            assertTrue(failed.message().contains("nobody home"), failed.message());
        }
    }

    /** Secrets in memory only, as the secure storage would hold them. */
    static final class MemorySecrets implements SecretStore {
        private final Map<String, char[]> values = new HashMap<>();

        @Override
        public synchronized Optional<char[]> get(String boardName, SecretKind kind) {
            char[] v = values.get(boardName + "/" + kind);
            return v == null ? Optional.empty() : Optional.of(v.clone());
        }

        @Override
        public synchronized void put(String boardName, SecretKind kind, char[] secret) {
            values.put(boardName + "/" + kind, secret.clone());
        }

        @Override
        public synchronized void remove(String boardName, SecretKind kind) {
            values.remove(boardName + "/" + kind);
        }
    }
}
