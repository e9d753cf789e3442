package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.AttributedDelay;
import org.wqlab.analysis.Culprit;
import org.wqlab.analysis.Verdict;
import org.wqlab.analysis.capture.TracingState;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.kernel.WorkRecord;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Tracing and the verdict on the simulated board over real SSH: the default sequence traces the workqueue in wqlab's own tracefs
 * instance, names the work item that held the CPU and writes a verdict; the board's tracing is left as found after
 * success, failure and cancel.
 */
class TraceAndVerdictRunTest {

    private static final double SPEED = 40;
    private static final Map<String, String> ONE_GIB = Map.of("size.mib", "1024", "after.s", "1");

    /** Board tracing the user set up before the run: must survive it untouched. */
    private static void userTracing(TraceRig rig) throws Exception {
        try (var c = rig.access.connector().connect()) {
            c.run(org.wqlab.target.Command.of("mkdir").arg("/sys/kernel/tracing/instances/mine"),
                    java.time.Duration.ofSeconds(10));
            c.run(org.wqlab.target.Command.of("echo").word("1").op(">")
                    .arg("/sys/kernel/tracing/events/sched/sched_switch/enable"), java.time.Duration.ofSeconds(10));
        }
    }

    private static void assertTracingAsBefore(TracingState before, TraceRig rig) throws Exception {
        TracingState after = rig.tracingState();
        assertEquals(before, after);
        assertFalse(after.hasWqlabInstance(), after.lines()::toString);
        assertTrue(after.lines().stream().anyMatch(l -> l.equals("/sys/kernel/tracing/instances: mine")),
                after.lines()::toString);
        assertTrue(after.lines().contains("/sys/kernel/tracing/events/sched/sched_switch/enable: 1"),
                after.lines()::toString);
    }

    private static String tail(RunResult r) {
        try {
            String log = Files.readString(r.folder().kernelLog(), StandardCharsets.UTF_8);
            String trace = Files.readString(AnalysisFiles.traceLog(r.folder()), StandardCharsets.UTF_8);
            return r.summary() + "\n" + log.substring(Math.max(0, log.length() - 3000)) + "\nTRACE "
                    + trace.length() + "\n" + trace.substring(Math.max(0, trace.length() - 2000));
        } catch (java.io.IOException e) {
            return r.summary() + " (" + e + ")";
        }
    }

    @Test
    void defaultRunNamesHubEventOnUsbHubWqWithinFivePercentOfGroundTruth(@TempDir Path dir) throws Exception {
        try (TraceRig rig = new TraceRig(dir, Profiles.builtIn("rcar-h3-default"), SPEED)) {
            userTracing(rig);
            TracingState before = rig.tracingState();
            RunResult r = new SequenceRunner().run("default", defaultWithSleepAfterPull("4"), ONE_GIB, rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.COMPLETED, r.status(), tail(r));
            assertTracingAsBefore(before, rig);

            String trace = Files.readString(AnalysisFiles.traceLog(r.folder()), StandardCharsets.UTF_8);
            assertTrue(trace.startsWith("# wqlab trace: instance /sys/kernel/tracing/instances/wqlab"), trace);
            assertTrue(trace.contains("workqueue_activate_work: work struct "), "activate events traced");
            assertTrue(trace.contains("# wqlab trace: trace instance /sys/kernel/tracing/instances/wqlab removed"));

            Analysis a = AnalysisFiles.read(r.folder()).orElseThrow();
            Verdict v = a.verdict();
            assertEquals(Verdict.STALLED, v.kind(), v.text());
            AttributedDelay worst = a.worst();
            Culprit c = worst.culprits().get(0);
            assertEquals("hub_event", c.function());
            assertEquals("usb_hub_wq", c.workqueue());
            assertTrue(c.worker().startsWith("kworker/0:"), c.worker());
            assertEquals(0, worst.cpu());
            assertEquals("trace", worst.cpuSource());
            assertEquals(Boolean.TRUE, c.cpuBoundDuringDelay());
            assertEquals(Boolean.FALSE, c.cpuBound(), "hub_event sleeps before and after the invalidation");

            List<WorkRecord> truth = rig.hubEvents();
            assertEquals(1, truth.size(), truth::toString);
            double truthUs = (truth.get(0).endNs() - truth.get(0).startNs()) / 1000.0;
            assertEquals(truthUs, c.durationUs(), truthUs * 0.05, "duration vs the simulator's ground truth");
            assertTrue(v.headline().contains("hub_event on usb_hub_wq (kworker/0:"), v.headline());
            long cachedMib = a.facts().cachedKbBeforeDisconnect().get(0) / 1024;
            assertTrue(cachedMib >= 1000, "Cached before the pull: " + cachedMib);
            assertTrue(v.advice().stream().anyMatch(s -> s.contains("the " + cachedMib + " MiB cached here")),
                    v.text());
            assertTrue(v.causes().stream().anyMatch(s -> s.contains("Linux 5.4.72-yocto-standard predates 6.5")),
                    v.text());
            assertTrue(v.causes().stream().anyMatch(s -> s.contains("(IRQ 174, ee000000.usb) is served on CPU 0")),
                    v.text());
            keepForDocs(r);
            String runJson = Files.readString(r.folder().dir().resolve(SequenceRunner.RUN_FILE));
            assertTrue(runJson.contains("\"trace\": \"instance /sys/kernel/tracing/instances/wqlab"), runJson);
        }
    }

    /** WQLAB_KEEP_EXPERIMENT=DIR keeps a copy of the experiment (for docs screenshots and explain examples). */
    private static void keepForDocs(RunResult r) throws java.io.IOException {
        String keep = System.getenv("WQLAB_KEEP_EXPERIMENT");
        if (keep == null || keep.isEmpty()) {
            return;
        }
        Path target = Path.of(keep).resolve(r.folder().id());
        Files.createDirectories(target);
        try (var files = Files.list(r.folder().dir())) {
            for (Path f : files.toList()) {
                Files.copy(f, target.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /**
     * The default sequence with its wait-log replaced by a sleep of board time, so the run is the same whatever the
     * stall's timing (and the control run, which prints no long DELAY, completes).
     */
    private static Sequence defaultWithSleepAfterPull(String seconds) throws Exception {
        JsonObject o = JsonParser.parseString(SequenceJson.reportProcedure().text()).getAsJsonObject();
        JsonArray steps = o.getAsJsonArray("steps");
        for (int i = steps.size() - 1; i >= 0; i--) {
            if (steps.get(i).getAsJsonObject().get("type").getAsString().equals("wait-log")) {
                JsonObject sleep = new JsonObject();
                sleep.addProperty("type", "sleep");
                sleep.addProperty("name", "stall");
                sleep.addProperty("seconds", seconds);
                steps.set(i, sleep);
            }
        }
        Sequence s = SequenceJson.parse("default-with-sleep.wqseq", o.toString());
        assertTrue(s.trace());
        return s;
    }

    @Test
    void controlRunWithSysfsRemoveSaysNoStall(@TempDir Path dir) throws Exception {
        Sequence control = defaultWithSleepAfterPull("2");
        try (TraceRig rig = new TraceRig(dir, Profiles.builtIn("rcar-h3-default"), SPEED)) {
            RunResult r = new SequenceRunner().run("control", control,
                    Map.of("size.mib", "1024", "after.s", "2", "usb.driver", "sysfs-remove"), rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.COMPLETED, r.status(), tail(r));
            Verdict v = AnalysisFiles.read(r.folder()).orElseThrow().verdict();
            assertEquals(Verdict.NORMAL, v.kind(), v.text());
            assertTrue(v.headline().startsWith("no stall"), v.headline());
            assertTrue(v.causes().stream().anyMatch(s -> s.startsWith("the disconnect was a control run")), v.text());
        }
    }

    @Test
    void linux612VerdictNamesTheBogoMipsScaledThresholdReadFromTheBoard(@TempDir Path dir) throws Exception {
        try (TraceRig rig = new TraceRig(dir, Profiles.builtIn("rcar-h3-linux6.12"), SPEED)) {
            RunResult r = new SequenceRunner().run("default", defaultWithSleepAfterPull("4"), ONE_GIB, rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.COMPLETED, r.status(), tail(r));
            Analysis a = AnalysisFiles.read(r.folder()).orElseThrow();
            long boardThresh = rig.cpuIntensiveThreshUs();
            assertEquals(boardThresh, a.facts().cpuIntensiveThreshUs());
            Verdict v = a.verdict();
            assertEquals(Verdict.STALLED, v.kind(), v.text());
            assertTrue(v.causes().stream().anyMatch(s -> s.contains("the parameter reads " + boardThresh + " us (the "
                    + "default, scaled by BogoMIPS: 10 ms x 4000 / 1 (the kernel's integer BogoMIPS, loops_per_jiffy / "
                    + "500000 x HZ, from BogoMIPS 16.66 at HZ 250) capped at 1 s = "
                    + boardThresh / 1000 + " ms)")), v.text());
            assertTrue(v.advice().stream().anyMatch(s -> s.startsWith("set workqueue.cpu_intensive_thresh_us=10000")
                    && s.contains("instead of " + boardThresh / 1000 + " ms")), v.text());
            assertEquals("hub_event", a.worst().culprits().get(0).function());
        }
    }

    @Test
    void failedRunLeavesTracingAsFound(@TempDir Path dir) throws Exception {
        Sequence failing = SequenceJson.parse("failing.wqseq", """
                {"format": "wqseq", "version": 1, "name": "fails", "trace": true, "steps": [
                  {"type": "connect"},
                  {"type": "run", "name": "fail", "command": ["false"]}
                ]}""");
        try (TraceRig rig = new TraceRig(dir, Profiles.builtIn("rcar-h3-default"), SPEED)) {
            userTracing(rig);
            TracingState before = rig.tracingState();
            RunResult r = new SequenceRunner().run("failing", failing, Map.of(), rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.FAILED, r.status(), r.summary());
            assertTrue(r.cleanup().contains("trace instance /sys/kernel/tracing/instances/wqlab removed"),
                    r.cleanup()::toString);
            assertTracingAsBefore(before, rig);
        }
    }

    @Test
    void cancelledRunLeavesTracingAsFound(@TempDir Path dir) throws Exception {
        Sequence waiting = SequenceJson.parse("waiting.wqseq", """
                {"format": "wqseq", "version": 1, "name": "waits", "trace": true, "steps": [
                  {"type": "connect"},
                  {"type": "sleep", "seconds": "3600"}
                ]}""");
        try (TraceRig rig = new TraceRig(dir, Profiles.builtIn("rcar-h3-default"), SPEED)) {
            userTracing(rig);
            TracingState before = rig.tracingState();
            AtomicBoolean cancel = new AtomicBoolean();
            AtomicBoolean tracing = new AtomicBoolean();
            RunMonitor monitor = new RunMonitor() {
                @Override
                public boolean isCanceled() {
                    return cancel.get();
                }

                @Override
                public void stepStarted(int number, String label) {
                    if (number == 2) {
                        // the instance exists now: read it back from the board, then cancel
                        try {
                            tracing.set(rig.tracingState().hasWqlabInstance());
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        cancel.set(true);
                    }
                }
            };
            RunResult r = new SequenceRunner().run("waiting", waiting, Map.of(), rig.access,
                    new Workspace(dir.resolve("ws")), monitor);
            assertTrue(tracing.get(), "wqlab's instance existed during the run");
            assertEquals(ExperimentStatus.CANCELLED, r.status(), r.summary());
            assertTrue(r.cleanup().contains("trace instance /sys/kernel/tracing/instances/wqlab removed"),
                    r.cleanup()::toString);
            assertTracingAsBefore(before, rig);
        }
    }
}
