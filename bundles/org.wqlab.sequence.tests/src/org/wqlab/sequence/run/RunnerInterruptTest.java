package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;

/** Cancel mid-run and a dropped SSH connection both keep the log so far, status interrupted. */
class RunnerInterruptTest {

    private static final int COPY_STEP = 5;
    private static final long MID_COPY_BYTES = 512L << 20;

    /**
     * Once the copy step starts, waits (on the board's clock, a condition, not a fixed time) until the copy has put
     * 512 MiB into the page cache, then acts: the run is interrupted in the middle of the copy.
     */
    private static void whenCopyIsHalfway(SimRig rig, AtomicBoolean reached, Runnable action) {
        Thread.ofPlatform().daemon().name("mid-copy").start(() -> {
            reached.set(rig.board.driver().await(() -> rig.board.kernel().usb().cachedBytes() >= MID_COPY_BYTES,
                    600_000_000_000L));
            action.run();
        });
    }

    @Test
    void cancelDuringTheCopyKeepsTheLogAndUnloadsTheModule(@TempDir Path dir) throws Exception {
        try (SimRig rig = new SimRig(dir, 10)) {
            AtomicBoolean cancel = new AtomicBoolean();
            AtomicBoolean midCopy = new AtomicBoolean();
            RunMonitor monitor = new RunMonitor() {
                @Override
                public boolean isCanceled() {
                    return cancel.get();
                }

                @Override
                public void stepStarted(int number, String label) {
                    if (number == COPY_STEP) {
                        whenCopyIsHalfway(rig, midCopy, () -> cancel.set(true));
                    }
                }
            };
            Sequence s = SequenceJson.reportProcedure();
            RunResult r = new SequenceRunner().run("default", s, Map.of(), rig.access,
                    new Workspace(dir.resolve("ws")), monitor);

            assertTrue(midCopy.get(), "the copy reached 512 MiB before the cancel");
            assertEquals(ExperimentStatus.CANCELLED, r.status(), r.summary());
            assertTrue(r.summary().startsWith("cancelled at step " + COPY_STEP), r.summary());
            assertEquals("cancelled", r.steps().get(COPY_STEP - 1).outcome());
            assertEquals("not run", r.steps().get(r.steps().size() - 1).outcome());
            assertFalse(rig.procModules().contains("latency_mon"), rig.procModules());
            assertTrue(r.cleanup().contains("module latency_mon unloaded"), r.cleanup()::toString);
            LoadedExperiment e = ExperimentLoader.load(r.folder());
            assertEquals(ExperimentStatus.CANCELLED, e.metadata().status());
            assertEquals("latency_mon", e.metadata().module());
            String log = Files.readString(r.folder().kernelLog(), StandardCharsets.UTF_8);
            assertTrue(log.contains("latency_mon: loading out-of-tree module taints kernel."), log);
        }
    }

    @Test
    void droppedConnectionKeepsTheLogAndTheModuleIsUnloadedOnReconnect(@TempDir Path dir) throws Exception {
        try (SimRig rig = new SimRig(dir, 10)) {
            AtomicBoolean midCopy = new AtomicBoolean();
            RunMonitor monitor = new RunMonitor() {
                @Override
                public void stepStarted(int number, String label) {
                    if (number == COPY_STEP) {
                        whenCopyIsHalfway(rig, midCopy, rig.relay::dropAll);
                    }
                }
            };
            RunResult r = new SequenceRunner().run("default", SequenceJson.reportProcedure(), Map.of(), rig.access,
                    new Workspace(dir.resolve("ws")), monitor);

            assertTrue(midCopy.get(), "the copy reached 512 MiB before the drop");
            assertEquals(ExperimentStatus.INTERRUPTED, r.status(), r.summary());
            assertEquals("interrupted", r.steps().get(COPY_STEP - 1).outcome(), r.steps()::toString);
            assertEquals("not run", r.steps().get(r.steps().size() - 1).outcome(), r.steps()::toString);
            assertTrue(r.cleanup().contains("connection lost: reconnecting to clean up"), r.cleanup()::toString);
            assertTrue(r.cleanup().contains("module latency_mon unloaded"), r.cleanup()::toString);
            assertFalse(rig.procModules().contains("latency_mon"), rig.procModules());
            LoadedExperiment e = ExperimentLoader.load(r.folder());
            assertEquals(ExperimentStatus.INTERRUPTED, e.metadata().status());
            String log = Files.readString(r.folder().kernelLog(), StandardCharsets.UTF_8);
            assertTrue(log.contains("latency_mon: loading out-of-tree module taints kernel."), log);
        }
    }
}
