package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.elf.ElfMachine;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sim.ModuleImage;
import org.wqlab.target.OutputSink;

/**
 * A module loaded before the load step, on the simulated board: one a run left when its board became unreachable
 * for good (as after kill -9: no cleanup) is unloaded, and the output says so; someone else's is refused in a sentence.
 */
class LeftoverModuleTest {

    private static final Sequence LOAD_THEN_WAIT = parse("""
            {"format": "wqseq", "name": "leftover", "steps": [
              {"type": "connect"},
              {"type": "load-module", "name": "load", "module": "latency-mon", "cpu": "1"},
              {"type": "sleep", "name": "long", "seconds": "100"},
              {"type": "mark", "label": "after the connection died"}]}
            """);
    private static final Sequence LOAD = parse("""
            {"format": "wqseq", "name": "next", "steps": [
              {"type": "connect"},
              {"type": "load-module", "name": "load", "module": "latency-mon", "cpu": "1"},
              {"type": "unload-module", "name": "unload", "module": "latency-mon"}]}
            """);

    private static Sequence parse(String text) {
        try {
            return SequenceJson.parse("leftover.wqseq", text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class Messages implements RunMonitor {
        final List<String> said = new CopyOnWriteArrayList<>();

        @Override
        public void message(String text) {
            said.add(text);
        }
    }

    @Test
    void theModuleAKilledRunLeftIsUnloadedBeforeLoading(@TempDir Path dir) throws Exception {
        Workspace ws = new Workspace(dir.resolve("ws"));
        try (SimRig rig = new SimRig(dir, 20)) {
            // 10 s of board time into the sleep (its step event logged, nothing else under way), the board becomes
            // unreachable for this run for good: nothing cleans up, as after kill -9
            RunMonitor cutOff = new RunMonitor() {
                @Override
                public OutputSink kernelLog() {
                    return (buffer, offset, length) -> {
                        String line = new String(buffer, offset, length, StandardCharsets.UTF_8);
                        if (line.contains("wqlab: step 3 sleep")) {
                            Thread.ofPlatform().daemon().start(() -> {
                                rig.board.driver().await(() -> false, 10_000_000_000L);
                                try {
                                    rig.relay.close();
                                } catch (IOException e) {
                                    throw new UncheckedIOException(e);
                                }
                            });
                        }
                    };
                }
            };
            RunResult killed = new SequenceRunner().run("leftover.wqseq", LOAD_THEN_WAIT, Map.of(), rig.access, ws,
                    cutOff);
            assertEquals(ExperimentStatus.INTERRUPTED, killed.status(), killed.summary());
            assertTrue(rig.procModules().contains("latency_mon"), "left loaded: " + rig.procModules());
            assertTrue(Files.exists(killed.folder().dir().resolve(LeftoverModule.LOADED_FILE)));

            Messages out = new Messages();
            RunResult next = new SequenceRunner().run("leftover.wqseq", LOAD, Map.of(), rig.directAccess(dir, 20),
                    ws, out);

            assertEquals(ExperimentStatus.COMPLETED, next.status(), next.summary());
            String said = "latency_mon (srcversion 5A7E1C0D2B3F4E6A8C9D0E1) was loaded already, left by the"
                    + " interrupted experiment " + killed.folder().id() + ": unloading it before loading";
            assertTrue(out.said.contains(said), out.said::toString);
            assertTrue(next.steps().get(1).detail().startsWith(said + "; loaded latency_mon"),
                    next.steps().get(1).detail());
            assertFalse(rig.procModules().contains("latency_mon"));
        }
    }

    @Test
    void someoneElsesModuleIsRefusedInASentence(@TempDir Path dir) throws Exception {
        try (SimRig rig = new SimRig(dir, 20)) {
            byte[] other = ModuleImage.build(ElfMachine.EM_AARCH64, List.of("license=GPL",
                    "srcversion=0123456789ABCDEF0123456", "name=latency_mon",
                    "vermagic=" + rig.board.profile().vermagic()));
            assertEquals(null, rig.board.insmod("/root/other.ko", other, List.of(), 0));

            RunResult r = new SequenceRunner().run("leftover.wqseq", LOAD, Map.of(), rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);

            assertEquals(ExperimentStatus.FAILED, r.status(), r.summary());
            assertEquals("step 2 (load): latency_mon is loaded already (srcversion 0123456789ABCDEF0123456), and it"
                    + " is neither the module this step loads nor one an interrupted run of board 'sim' loaded;"
                    + " unload it on the board (rmmod latency_mon) and run again", r.summary());
            assertTrue(rig.procModules().contains("latency_mon"), "someone else's module is left alone");
        }
    }
}
