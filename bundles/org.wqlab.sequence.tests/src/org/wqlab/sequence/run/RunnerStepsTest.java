package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;

/** Repeat, run with an expected exit code, a failing wait, and the cleanup after a failure, on the simulated board. */
class RunnerStepsTest {

    @Test
    void aFailedStepEndsTheRunAsFailedAfterCleanup(@TempDir Path dir) throws Exception {
        Sequence s = SequenceJson.parse("steps.wqseq", """
                {"format": "wqseq", "name": "steps", "variables": {"n": "2"}, "steps": [
                  {"type": "connect"},
                  {"type": "load-module", "name": "load", "module": "latency-mon", "cpu": "1"},
                  {"type": "repeat", "times": "${n}", "steps": [
                    {"type": "mark", "label": "round"},
                    {"type": "sleep", "name": "nap", "seconds": "0.5"}]},
                  {"type": "run", "name": "expect failure", "command": ["false"], "expectExit": "1"},
                  {"type": "wait-log", "name": "never", "pattern": "no such message", "timeout": "2"},
                  {"type": "sleep", "name": "not reached", "seconds": "1"}]}
                """);
        try (SimRig rig = new SimRig(dir, 20)) {
            RunResult r = new SequenceRunner().run("steps.wqseq", s, Map.of(), rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.FAILED, r.status(), r.summary());
            assertTrue(r.summary().startsWith("step 5 (never): no kernel log line matched 'no such message'"),
                    r.summary());
            List<String> labels = r.steps().stream().map(StepRecord::label).toList();
            assertEquals(List.of("step 1 (connect)", "step 2 (load)", "step 3.1 (mark) [1/2]", "step 3.2 (nap) [1/2]",
                    "step 3.1 (mark) [2/2]", "step 3.2 (nap) [2/2]", "step 3 (repeat)", "step 4 (expect failure)",
                    "step 5 (never)", "step 6 (not reached)"), labels);
            assertEquals("failed", r.steps().get(8).outcome());
            assertEquals("not run", r.steps().get(9).outcome());
            assertTrue(r.steps().get(7).detail().startsWith("exit 1"), r.steps().get(7).detail());
            assertTrue(r.cleanup().contains("module latency_mon unloaded"), r.cleanup()::toString);
            assertFalse(rig.procModules().contains("latency_mon"));
            String record = Files.readString(r.folder().dir().resolve(SequenceRunner.RUN_FILE),
                    StandardCharsets.UTF_8);
            assertTrue(record.contains("\"status\": \"failed\""), record);
            assertEquals("1", r.folder().readMetadata().parameters().get("taskset.cpu"));
            String log = Files.readString(r.folder().dir().resolve("kernel.log"), StandardCharsets.UTF_8);
            assertEquals(1, log.lines().filter(l -> l.contains("wqlab: log read up to here ")).count(),
                    "before giving up, the wait let the log stream catch up with a line of its own: " + log);
        }
    }
}
