package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sim.Board;
import org.wqlab.target.OutputSink;

/**
 * A wait-log pattern that backtracks catastrophically ({@code (.*a){20}$} on forty a's and a b) on the simulated
 * board while the board sends thousands of records: the step ends at its timeout or on cancel, every record reaches
 * kernel.log meanwhile, and the cleanup runs.
 */
class WaitLogBoundedMatchTest {

    private static final int FED = 3000;
    private static final String FEED = "feed-record ";
    private static final int STUCK_STEP = 4;

    private static Sequence sequence(String timeout) throws Exception {
        return SequenceJson.parse("stuck.wqseq", """
                {"format": "wqseq", "name": "stuck", "steps": [
                  {"type": "connect"},
                  {"type": "load-module", "name": "load", "module": "latency-mon", "cpu": "1"},
                  {"type": "mark", "label": "%s"},
                  {"type": "wait-log", "name": "stuck", "pattern": "(.*a){20}$", "timeout": "%s"},
                  {"type": "sleep", "name": "not reached", "seconds": "1"}]}
                """.formatted("a".repeat(40) + "b", timeout));
    }

    /** Feeds the board's log while the stuck step matches; counts the fed records the run keeps, as they arrive. */
    private static final class FeedingMonitor implements RunMonitor {
        final SimRig rig;
        final AtomicInteger kept = new AtomicInteger();
        final AtomicBoolean stuckStepFinished = new AtomicBoolean();
        final AtomicBoolean allKeptWhileMatching = new AtomicBoolean();
        final AtomicBoolean cancelWhenAllKept;
        final AtomicBoolean cancel = new AtomicBoolean();

        FeedingMonitor(SimRig rig, boolean cancelWhenAllKept) {
            this.rig = rig;
            this.cancelWhenAllKept = new AtomicBoolean(cancelWhenAllKept);
        }

        @Override
        public boolean isCanceled() {
            return cancel.get();
        }

        @Override
        public void stepStarted(int number, String label) {
            if (number != STUCK_STEP) {
                return;
            }
            Thread.ofPlatform().daemon().name("feed").start(() -> {
                for (int chunk = 0; chunk < FED; chunk += 500) {
                    StringBuilder sb = new StringBuilder();
                    for (int i = chunk; i < chunk + 500; i++) {
                        sb.append(FEED).append(i).append('\n');
                    }
                    try {
                        rig.board.write("/dev/kmsg", sb.toString(), false);
                    } catch (Board.WriteError e) {
                        throw new IllegalStateException(e);
                    }
                }
            });
        }

        @Override
        public void stepFinished(StepRecord record) {
            if (record.number() == STUCK_STEP) {
                stuckStepFinished.set(true);
            }
        }

        @Override
        public OutputSink kernelLog() {
            return (buffer, offset, length) -> {
                if (new String(buffer, offset, length, StandardCharsets.UTF_8).contains(FEED)
                        && kept.incrementAndGet() == FED) {
                    allKeptWhileMatching.set(!stuckStepFinished.get());
                    if (cancelWhenAllKept.get()) {
                        cancel.set(true);
                    }
                }
            };
        }
    }

    private static long fedLinesIn(RunResult r) throws Exception {
        return Files.readAllLines(r.folder().kernelLog(), StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains(FEED)).count();
    }

    @Test
    void theStepFailsAtItsTimeoutAndTheLogKeepsEveryRecord(@TempDir Path dir) throws Exception {
        try (SimRig rig = new SimRig(dir, 20)) {
            FeedingMonitor monitor = new FeedingMonitor(rig, false);
            RunResult r = new SequenceRunner().run("stuck.wqseq", sequence("100"), Map.of(), rig.access,
                    new Workspace(dir.resolve("ws")), monitor);

            assertEquals(ExperimentStatus.FAILED, r.status(), r.summary());
            assertTrue(r.summary().startsWith("step 4 (stuck): timed out after 100.0 s (board time) while still"
                    + " matching '(.*a){20}$'"), r.summary());
            StepRecord stuck = r.steps().get(STUCK_STEP - 1);
            assertEquals("failed", stuck.outcome());
            // 100 s of board time at 20x: 5 s of wall time
            assertTrue(stuck.durationMs() >= 5000, stuck.durationMs() + " ms");
            assertTrue(monitor.allKeptWhileMatching.get(), "the fed records were recorded while the pattern matched");
            assertEquals(FED, fedLinesIn(r));
            assertTrue(r.cleanup().contains("module latency_mon unloaded"), r.cleanup()::toString);
            assertFalse(rig.procModules().contains("latency_mon"));
        }
    }

    @Test
    void cancelStopsTheMatchAndCleansUp(@TempDir Path dir) throws Exception {
        try (SimRig rig = new SimRig(dir, 20)) {
            FeedingMonitor monitor = new FeedingMonitor(rig, true);
            RunResult r = new SequenceRunner().run("stuck.wqseq", sequence("100000"), Map.of(), rig.access,
                    new Workspace(dir.resolve("ws")), monitor);

            assertEquals(ExperimentStatus.CANCELLED, r.status(), r.summary());
            assertEquals("cancelled at step 4", r.summary());
            assertEquals(StepRecord.CANCELLED, r.steps().get(STUCK_STEP - 1).outcome());
            assertEquals(FED, fedLinesIn(r));
            assertTrue(r.cleanup().contains("module latency_mon unloaded"), r.cleanup()::toString);
            assertFalse(rig.procModules().contains("latency_mon"));
            assertTrue(Files.readString(r.folder().dir().resolve(SequenceRunner.RUN_FILE), StandardCharsets.UTF_8)
                    .contains("\"status\": \"cancelled\""));
        }
    }
}
