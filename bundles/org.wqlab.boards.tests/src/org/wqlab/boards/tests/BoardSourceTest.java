package org.wqlab.boards.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardSource;
import org.wqlab.boards.BoardStore;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.boards.SourcedBoard;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.services.InstalledServices;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.target.ssh.JschBoardConnector;
import org.wqlab.target.ssh.SshEnvironment;
import org.wqlab.vboard.VirtualBoard;

/** Boards a source lists (as a LAVA server lists its devices): shown, resolved and connected, never saved. */
class BoardSourceTest {

    @TempDir
    Path dir;

    private final BoardRegistryTest.MemorySecrets secrets = new BoardRegistryTest.MemorySecrets();

    /** A source whose listing the test changes; fails while {@code down} is set. */
    private static final class Rack implements BoardSource {
        volatile List<BoardEntry> boards = List.of();
        volatile boolean down;
        final AtomicInteger asked = new AtomicInteger();

        @Override
        public String id() {
            return "rack:test";
        }

        @Override
        public String displayName() {
            return "test rack";
        }

        @Override
        public List<BoardEntry> boards() throws IOException {
            asked.incrementAndGet();
            if (down) {
                throw new IOException("rack controller 127.0.0.1:9 refused the connection");
            }
            return boards;
        }
    }

    private static BoardEntry benchBoard(String name) {
        return new BoardEntry(BoardProfile.of(name, "bench", 0, ""), BenchBoardKind.KIND, Optional.empty(), "");
    }

    @Test
    void aSourcesBoardsAreListedResolvedAndConnectedButNotSaved() throws Exception {
        Bundle bundle = FrameworkUtil.getBundle(BoardRegistry.class);
        if (bundle.getBundleContext() == null) {
            bundle.start(Bundle.START_TRANSIENT);
        }
        BundleContext context = bundle.getBundleContext();
        BenchBoardKind bench = new BenchBoardKind(dir.resolve("bench-state"));
        Rack rack = new Rack();
        rack.boards = List.of(benchBoard("rack-3"), benchBoard(BuiltInSimulator.BOARD_NAME));
        ServiceRegistration<BoardKindProvider> kindRegistration = context.registerService(BoardKindProvider.class,
                bench, null);
        ServiceRegistration<BoardSource> sourceRegistration = context.registerService(BoardSource.class, rack, null);
        Path file = dir.resolve("boards.json");
        Path knownHosts = dir.resolve("kh");
        SshEnvironment env = new SshEnvironment(dir.resolve("no-ssh-config"), List.of(), knownHosts, List.of(), null);
        JschBoardConnector connector = new JschBoardConnector(env, secrets);
        try (InstalledServices<BoardKindProvider> kinds = new InstalledServices<>(context, BoardKindProvider.class,
                () -> {
                });
                InstalledServices<BoardSource> sources = new InstalledServices<>(context, BoardSource.class, () -> {
                });
                BoardRegistry registry = BoardRegistry.open(new BoardStore(file), () -> connector, () -> secrets,
                        new BuiltInSimulator(dir.resolve("sim-state"), knownHosts),
                        new VirtualBoardHost(new VirtualBoard(dir.resolve("cache/vboard")), knownHosts), kinds)) {
            registry.useSources(sources);
            assertEquals(List.of(), registry.sourcedBoards(), "asked before the registry looked again");
            registry.refreshKinds();

            assertEquals(List.of("rack-3"),
                    registry.sourcedBoards().stream().map(b -> b.entry().name()).toList(),
                    "a source's board under a saved board's name is left out");
            SourcedBoard listed = registry.sourcedBoards().get(0);
            assertEquals("rack:test", listed.sourceId());
            assertEquals("test rack", listed.sourceName());
            assertFalse(registry.isSaved("rack-3"));
            assertTrue(registry.isSaved(BuiltInSimulator.BOARD_NAME));
            assertEquals(benchBoard("rack-3"), registry.resolve("rack-3").orElseThrow());

            BoardFacts facts = registry.connect("rack-3", key -> {
                throw new AssertionError("the registry's prompt was asked about " + key);
            });
            assertEquals(8, facts.cpuCount());
            assertEquals(List.of("rack-3"), bench.started());
            assertEquals("connected", registry.status("rack-3").label());
            assertEquals(8, registry.entry("rack-3").orElseThrow().facts().orElseThrow().cpuCount(),
                    "the probed facts are shown below the listed board");
            assertEquals(BenchBoardKind.USB_DRIVER, registry.usbDriverOf("rack-3"));
            registry.disconnect("rack-3");

            IllegalArgumentException remove = assertThrows(IllegalArgumentException.class,
                    () -> registry.remove("rack-3"));
            assertEquals("board 'rack-3' is listed by test rack; only that source changes it", remove.getMessage());
            assertThrows(IllegalArgumentException.class, () -> registry.setUsbDriver("rack-3", "uhubctl"));

            rack.boards = List.of(benchBoard("rack-3"), benchBoard("rack-4"));
            assertEquals(benchBoard("rack-4"), registry.resolve("rack-4").orElseThrow(),
                    "a board listed since the registry last asked is found by --board");

            rack.down = true;
            registry.refreshKinds();
            assertEquals(List.of(), registry.sourcedBoards(), "a source that cannot be read lists none");
            assertEquals(BoardKind.SSH, registry.resolve("rack-3").orElseThrow().kind(),
                    "no longer listed, rack-3 is only a host name");
            assertEquals(List.of(BuiltInSimulator.BOARD_NAME, VirtualBoardHost.BOARD_NAME),
                    registry.entries().stream().map(BoardEntry::name).toList(), "the saved boards are untouched");
        } finally {
            sourceRegistration.unregister();
            kindRegistration.unregister();
            bench.close();
        }
        String json = Files.readString(file, StandardCharsets.UTF_8);
        assertFalse(json.contains("rack-"), "a listed board was written to the boards file: " + json);
    }
}
