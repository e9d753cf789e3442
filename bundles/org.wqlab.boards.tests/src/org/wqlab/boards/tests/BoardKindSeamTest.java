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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.wqlab.boards.BoardAction;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardProperty;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.BoardStore;
import org.wqlab.boards.BoardStoreException;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.boards.InstalledBoardKinds;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.boards.simulator.ProfiledSimulatorBoardKind;
import org.wqlab.boards.vboard.VirtualBoardKind;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VirtualBoard;

/** Board kinds as services: a kind only a test bundle provides, and a saved board whose kind is not installed. */
class BoardKindSeamTest {

    @TempDir
    Path dir;

    private final BoardRegistryTest.MemorySecrets secrets = new BoardRegistryTest.MemorySecrets();

    private BoardRegistry open(Path file, Supplier<List<BoardKindProvider>> installed) throws Exception {
        Path knownHosts = dir.resolve("kh");
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), knownHosts, List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(env, secrets);
        return BoardRegistry.open(new BoardStore(file), () -> connector, () -> secrets,
                new BuiltInSimulator(dir.resolve("sim-state"), knownHosts),
                new VirtualBoardHost(new VirtualBoard(dir.resolve("cache/vboard")), knownHosts), installed);
    }

    private static BundleContext context() throws Exception {
        Bundle bundle = FrameworkUtil.getBundle(BoardRegistry.class);
        if (bundle.getBundleContext() == null) {
            bundle.start(Bundle.START_TRANSIENT);
        }
        return bundle.getBundleContext();
    }

    @Test
    void aKindRegisteredAsAServiceIsListedResolvedConnectedAndSaved() throws Exception {
        BenchBoardKind bench = new BenchBoardKind(dir.resolve("bench-state"));
        BundleContext context = context();
        ServiceRegistration<BoardKindProvider> registration = context.registerService(BoardKindProvider.class, bench,
                null);
        Path file = dir.resolve("boards.json");
        try (InstalledBoardKinds installed = InstalledBoardKinds.open(context);
                BoardRegistry registry = open(file, installed)) {
            assertTrue(registry.kinds().stream().map(BoardKindProvider::kind).toList().contains(BenchBoardKind.KIND),
                    registry.kinds().toString());

            BoardEntry lab7 = registry.resolve("bench:lab7").orElseThrow();
            assertEquals(BenchBoardKind.KIND, lab7.kind());
            registry.add(lab7);
            assertEquals(lab7, registry.resolve("lab7").orElseThrow(), "a saved board resolves by its name");
            List<String> seen = new ArrayList<>();
            registry.addListener(() -> seen.add(registry.status("lab7").label()));
            BoardFacts facts = registry.connect("lab7", key -> {
                throw new AssertionError("the registry's prompt was asked about " + key);
            });
            assertEquals(8, facts.cpuCount());
            assertEquals(List.of("lab7"), bench.started());
            assertTrue(seen.contains("starting") && seen.contains("connected"), seen.toString());
            assertEquals(BenchBoardKind.USB_DRIVER, registry.usbDriverOf("lab7"));
            assertEquals(2.5, registry.speedOf("lab7"));
            registry.disconnect("lab7");

            registration.unregister();
            registration = null;
            String why = registry.unavailable(registry.entry("lab7").orElseThrow()).orElseThrow();
            assertTrue(why.contains("'test-bench'") && why.contains("lab7"), why);
            assertThrows(IllegalStateException.class, () -> registry.connect("lab7", HostKeyPrompt.REFUSE));
            BoardStatus.Failed failed = assertInstanceOf(BoardStatus.Failed.class, registry.status("lab7"));
            assertTrue(failed.message().contains("'test-bench'"), failed.message());
        } finally {
            if (registration != null) {
                registration.unregister();
            }
            bench.close();
        }
        String json = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(json.contains("\"kind\": \"test-bench\""), json);
    }

    @Test
    void theBuiltInKindsAreDeclarativeServicesOfTheBoardsBundleAndBringTheirBoards() throws Exception {
        BundleContext context = context();
        Path knownHosts = dir.resolve("kh");
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), knownHosts, List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(env, secrets);
        BenchBoardKind bench = new BenchBoardKind(dir.resolve("bench-state"));
        ServiceRegistration<BoardKindProvider> registration = context.registerService(BoardKindProvider.class, bench,
                null);
        try (InstalledBoardKinds installed = InstalledBoardKinds.open(context)) {
            List<BoardKindProvider> kinds = installed.get();
            assertEquals(List.of(BoardKind.BUILT_IN_SIMULATOR, BoardKind.VIRTUAL_BOARD, BoardKind.SSH,
                    ProfiledSimulatorBoardKind.KIND, BenchBoardKind.KIND),
                    kinds.stream().map(BoardKindProvider::kind).toList(),
                    "the built-in three first, then the user-added simulated boards, then an installed kind");
            for (BoardKindProvider k : kinds.subList(0, 4)) {
                assertEquals("org.wqlab.boards", FrameworkUtil.getBundle(k.getClass()).getSymbolicName());
            }
            Path file = dir.resolve("boards.json");
            try (BoardRegistry registry = BoardRegistry.open(new BoardStore(file), () -> connector, () -> secrets,
                    installed)) {
                assertEquals(List.of(BuiltInSimulator.BOARD_NAME, VirtualBoardHost.BOARD_NAME),
                        registry.entries().stream().map(BoardEntry::name).toList(), "a new file's boards");
                assertEquals(BoardKind.SSH, registry.resolve("root@10.0.0.7").orElseThrow().kind());
                registry.add(registry.resolve("bench:lab9").orElseThrow());
                registry.connect("lab9", HostKeyPrompt.REFUSE);
                assertEquals(List.of("lab9"), bench.started());
            }
            assertFalse(bench.running(), "the registry did not stop what the bench kind started for it");
        } finally {
            registration.unregister();
            bench.close();
        }
    }

    @Test
    void theVirtualBoardsActionsFieldsAndPropertiesComeFromItsKind() throws Exception {
        Path file = dir.resolve("boards.json");
        String vboard = VirtualBoardHost.BOARD_NAME;
        try (BoardRegistry registry = open(file, List::of)) {
            BoardKindProvider kind = registry.kindOf(registry.entry(vboard).orElseThrow());
            assertEquals(List.of("org.wqlab.boards.vboard.build", "org.wqlab.boards.vboard.stop"),
                    registry.actionsOf(vboard).stream().map(BoardAction::id).toList());
            assertEquals(List.of(), registry.actionsOf(BuiltInSimulator.BOARD_NAME));
            assertEquals(List.of("arch", "irqCpu"), kind.fields().stream().map(BoardField::id).toList());
            assertEquals(Map.of("arch", "x86_64", "irqCpu", "0"),
                    kind.fieldValues(registry.entry(vboard).orElseThrow()));

            BoardEntry entry = registry.entry(vboard).orElseThrow();
            BoardAction build = registry.actionsOf(vboard).get(0);
            BoardAction stop = registry.actionsOf(vboard).get(1);
            assertTrue(build.enabled(entry, registry.status(vboard)), "Build VM on a VM that does not run");
            assertFalse(stop.enabled(entry, registry.status(vboard)), "Stop VM on a VM that does not run");
            assertTrue(stop.endsConnection());
            assertEquals(Map.of("Architecture", "x86_64", "xHCI IRQ CPU", "0 (from the next boot)", "VM", "not built"),
                    kind.properties(entry).stream().collect(java.util.stream.Collectors.toMap(BoardProperty::name,
                            BoardProperty::value)));

            IllegalArgumentException cpu = assertThrows(IllegalArgumentException.class,
                    () -> registry.setFieldValues(vboard, Map.of("irqCpu", "9")));
            assertTrue(cpu.getMessage().startsWith("field irqCpu:"), cpu.getMessage());
            registry.setFieldValues(vboard, Map.of("arch", "arm64"));
            assertEquals(VboardArch.ARM64, registry.entry(vboard).orElseThrow().arch());
            assertEquals(VboardArch.ARM64, VirtualBoardKind.hostOf(registry).state().arch(),
                    "the VM's state was not looked at again for the new architecture");

            List<String> progress = new ArrayList<>();
            registry.runAction(vboard, stop, new BoardAction.Context() {
                @Override
                public void progress(String line) {
                    progress.add(line);
                }

                @Override
                public boolean cancelled() {
                    return false;
                }
            });
            assertEquals("disconnected", registry.status(vboard).label());
            assertEquals(BuiltInSimulator.BOARD_NAME, registry.fallbackBoard().orElseThrow());
            assertEquals(List.of(BoardKind.SSH), registry.kinds().stream().filter(BoardKindProvider::userAddable)
                    .map(BoardKindProvider::kind).toList());
        }
    }

    @Test
    void aKindsSettingsAreSavedWithTheBoard() throws Exception {
        Path file = dir.resolve("boards.json");
        try (BoardRegistry registry = open(file, List::of)) {
            registry.add(new BoardEntry(BoardProfile.of("lab", "10.0.0.9", 0, "root"), new BoardKind("lava-device"),
                    Optional.empty(), "").withSettings(Map.of("device", "r-car-h3-01", "server", "lava.lab")));
        }
        try (BoardRegistry again = open(file, List::of)) {
            assertEquals(Map.of("device", "r-car-h3-01", "server", "lava.lab"),
                    again.entry("lab").orElseThrow().settings());
        }
        String json = Files.readString(file, StandardCharsets.UTF_8);
        Files.writeString(file, json.replace("\"r-car-h3-01\"", "7"), StandardCharsets.UTF_8);
        BoardStoreException bad = assertThrows(BoardStoreException.class, () -> open(file, List::of));
        assertTrue(bad.getMessage().contains("settings.device") && bad.getMessage().contains(file.toString()),
                bad.getMessage());
    }

    @Test
    void aBoardWhoseKindsBundleIsGoneNamesThatBundleAndKeepsItInTheFile() throws Exception {
        Path file = dir.resolve("boards.json");
        Files.writeString(file, """
                {"version": 2, "kindBundles": {"lava-device": "org.wqlab.boards.lava"}, "boards": [
                  {"name": "lab dut", "host": "lava.lab", "port": 0, "user": "", "kind": "lava-device"}]}
                """, StandardCharsets.UTF_8);
        try (BoardRegistry registry = open(file, List::of)) {
            String why = registry.unavailable(registry.entry("lab dut").orElseThrow()).orElseThrow();
            assertTrue(why.contains("'lava-device'") && why.contains("install bundle org.wqlab.boards.lava"), why);
            registry.add(BoardProfile.of("other", "10.0.0.8", 0, "root"));
        }
        String json = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(json.contains("\"lava-device\": \"org.wqlab.boards.lava\""), json);
        assertTrue(json.contains("\"ssh\": \"org.wqlab.boards\""), "the built-in kinds' bundle: " + json);
    }

    @Test
    void theBuiltInKindsClaimTheirBoardForms() throws Exception {
        try (BoardRegistry registry = open(dir.resolve("boards.json"), List::of)) {
            assertEquals(BuiltInSimulator.BOARD_NAME, registry.resolve(BuiltInSimulator.BOARD_NAME).orElseThrow()
                    .name(), "the built-in simulated board by its saved name");
            assertEquals(VirtualBoardHost.BOARD_NAME, registry.resolve("vboard").orElseThrow().name());
            BoardEntry remote = registry.resolve("root@10.0.0.7:2222").orElseThrow();
            assertEquals(BoardKind.SSH, remote.kind());
            assertEquals("10.0.0.7", remote.profile().host());
            assertEquals(2222, remote.profile().port());
            assertEquals("root", remote.profile().user());
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> registry.resolve("root@h:x"));
            assertTrue(bad.getMessage().contains("bad port 'x'"), bad.getMessage());
            BoardEntry bare = registry.resolve("board7.lab:2200").orElseThrow();
            assertEquals(BoardKind.SSH, bare.kind(), "a host name no kind claims is the SSH kind's");
            assertEquals("board7.lab", bare.profile().host());
            assertEquals(2200, bare.profile().port());
            assertEquals("", bare.profile().user());
            assertTrue(registry.resolve("no such board").isEmpty(), "not a host name");
            registry.add(BoardProfile.of("vboard", "10.0.0.9", 0, "root"));
            assertEquals("10.0.0.9", registry.resolve("vboard").orElseThrow().profile().host(),
                    "a saved board's name comes before a kind's form");
        }
    }

    @Test
    void aSavedBoardOfAKindNotInstalledStaysInTheFileAndSaysWhichKindIsMissing() throws Exception {
        Path file = dir.resolve("boards.json");
        Files.writeString(file, """
                {"version": 2, "boards": [
                  {"name": "lab dut", "host": "lava.lab", "port": 0, "user": "", "kind": "lava-device",
                   "usbDriver": "uhubctl"}]}
                """, StandardCharsets.UTF_8);
        try (BoardRegistry registry = open(file, List::of)) {
            BoardEntry dut = registry.entry("lab dut").orElseThrow();
            assertEquals(new BoardKind("lava-device"), dut.kind());
            String why = registry.unavailable(dut).orElseThrow();
            assertTrue(why.contains("'lava-device'"), why);
            assertEquals(1.0, registry.speedOf("lab dut"));
            assertThrows(IllegalStateException.class, () -> registry.connect("lab dut", HostKeyPrompt.REFUSE));
            registry.add(BoardProfile.of("other", "10.0.0.8", 0, "root"));
        }
        String json = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(json.contains("\"kind\": \"lava-device\"") && json.contains("\"usbDriver\": \"uhubctl\""), json);
        try (BoardRegistry again = open(file, List::of)) {
            assertEquals(List.of("lab dut", "other"), again.entries().stream().map(BoardEntry::name).toList());
        }
    }
}
