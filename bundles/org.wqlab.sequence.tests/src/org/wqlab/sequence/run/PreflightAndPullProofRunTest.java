package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.Verdict;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.SimulatedBoardProfile;

/**
 * The preflight and the proof of the pull on the simulated board over real SSH: the default run proves its pull and
 * records the page cache around it; a board without tracefs instances lacks attribution but still records; a board
 * without the sequence's file stops before anything is loaded, naming it; a hub that does not cut power fails the
 * disconnect with why, and the cleanup still runs.
 */
class PreflightAndPullProofRunTest {

    private static final double SPEED = 40;
    private static final Map<String, String> ONE_GIB = Map.of("size.mib", "1024", "after.s", "1");
    private static final String NO_POWER_CUT = "2-1 did not disconnect: the hub did not cut its power (many hubs "
            + "that claim per-port switching do not)";

    private static SimulatedBoardProfile defaultProfile() {
        return Profiles.builtIn(Profiles.DEFAULT);
    }

    private static String tail(RunResult r) {
        try {
            String log = Files.readString(r.folder().kernelLog(), StandardCharsets.UTF_8);
            return r.summary() + "\n" + r.steps() + "\n" + log.substring(Math.max(0, log.length() - 3000));
        } catch (java.io.IOException e) {
            return r.summary() + " (" + e + ")";
        }
    }

    private static StepRecord step(RunResult r, String type) {
        return r.steps().stream().filter(s -> s.type().equals(type)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " step in " + r.steps()));
    }

    @Test
    void defaultRunProvesThePullAndRecordsThePageCacheAroundIt(@TempDir Path dir) throws Exception {
        try (TraceRig rig = new TraceRig(dir, defaultProfile(), SPEED)) {
            RunResult r = new SequenceRunner().run("default", SequenceJson.defaultSequence(), ONE_GIB, rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.COMPLETED, r.status(), tail(r));
            assertTrue(step(r, "usb-disconnect").detail().startsWith("disconnected 2-1 with sim-pull (the kernel "
                    + "logged its USB disconnect); Cached "), step(r, "usb-disconnect").detail());
            assertTrue(step(r, "wait-log").detail().endsWith("; 2-1 gone from sysfs"), step(r, "wait-log").detail());

            Map<String, String> facts = r.folder().readMetadata().boardFacts();
            long cachedKb = Long.parseLong(facts.get("pull.1.before.Cached"));
            assertTrue(cachedKb >= 1024 * 1024, "Cached before the pull: " + cachedKb + " kB");
            long filePages = Long.parseLong(facts.get("pull.1.before.nr_file_pages"));
            assertTrue(filePages >= cachedKb / 4, "nr_file_pages " + filePages + " below Cached " + cachedKb + " kB");
            assertEquals("0", facts.get("pull.1.before.nr_dirty"));
            assertEquals("0", facts.get("pull.1.before.nr_writeback"));
            assertEquals("0", facts.get("pull.1.before.Dirty"));
            assertEquals("0", facts.get("pull.1.after.Cached"), "the teardown invalidated the stick's cache");
            assertTrue(Long.parseLong(facts.get("pull.1.after.nr_file_pages")) < filePages, facts.toString());
            assertEquals("20", facts.get("vm.dirty_ratio"));
            assertEquals("10", facts.get("vm.dirty_background_ratio"));
            assertEquals("3000", facts.get("vm.dirty_expire_centisecs"));
            assertEquals("ok: USB device 2-1 enumerated (/sys/bus/usb/devices/2-1)",
                    facts.get("preflight.needs.device"));
            assertEquals("ok: the filesystem of /run/media/sda1/sample.txt mounted (/dev/sda1 on /run/media/sda1)",
                    facts.get("preflight.needs.mount"));
            assertEquals("ok: tracefs instances allowed (/sys/kernel/tracing/instances)",
                    facts.get("preflight.tracefs.instances"));
            assertTrue(facts.get("preflight.module.latency-mon").startsWith("ok: module latency-mon loadable ("),
                    facts.toString());
            assertEquals("ok: wqlab-board on the board (USB driver sim-pull) (/usr/sbin/wqlab-board)",
                    facts.get("preflight.usb.tool.wqlab-board"));

            Verdict v = AnalysisFiles.read(r.folder()).orElseThrow().verdict();
            assertEquals(Verdict.STALLED, v.kind(), v.text());
            assertTrue(v.causes().contains("the page cache was clean at pull 1 (0 kB dirty or under writeback): the "
                    + "stall is the invalidation of clean pages, not writeback"), v.text());
            assertTrue(v.causes().stream().anyMatch(c -> c.startsWith("the kernel's preemption model is full "
                    + "(CONFIG_PREEMPT): a higher-priority thread preempts the work item")), v.text());
        }
    }

    @Test
    void boardWithoutTracefsInstancesLacksAttributionAndStillRecords(@TempDir Path dir) throws Exception {
        try (TraceRig rig = new TraceRig(dir, defaultProfile().withoutTracefsInstances(true), SPEED)) {
            RunResult r = new SequenceRunner().run("default", SequenceJson.defaultSequence(), ONE_GIB, rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.COMPLETED, r.status(), tail(r));
            ExperimentMetadata m = r.folder().readMetadata();
            String instances = m.boardFacts().get("preflight.tracefs.instances");
            assertTrue(instances.startsWith("missing: tracefs instances allowed (no /sys/kernel/tracing/instances): "
                    + "no attribution: "), instances);
            assertTrue(m.notes().contains("; preflight: missing: tracefs instances allowed"), m.notes());
            assertTrue(m.boardFacts().get("preflight.tracepoint.workqueue/workqueue_execute_start").startsWith("ok: "),
                    m.boardFacts().toString());
            assertEquals(StepRecord.OK, step(r, "wait-log").outcome(), "the run recorded the stall's report");
            assertTrue(Files.readString(r.folder().kernelLog()).contains("usb 2-1: USB disconnect"));
            Analysis a = AnalysisFiles.read(r.folder()).orElseThrow();
            assertFalse(a.trace().recorded(), a.trace().toString());
            assertEquals(Verdict.STALLED, a.verdict().kind(), a.verdict().text());
        }
    }

    @Test
    void boardWithoutTheFileStopsBeforeLoadingAnythingNamingIt(@TempDir Path dir) throws Exception {
        try (TraceRig rig = new TraceRig(dir, defaultProfile(), SPEED)) {
            Map<String, String> vars = Map.of("size.mib", "1024", "file", "/run/media/sda1/elsewhere.bin");
            RunResult r = new SequenceRunner().run("default", SequenceJson.defaultSequence(), vars, rig.access,
                    new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.FAILED, r.status(), tail(r));
            assertEquals("preflight: file /run/media/sda1/elsewhere.bin (/run/media/sda1/elsewhere.bin does not "
                    + "exist on the board): nothing to copy into the page cache: the pull would invalidate nothing",
                    r.summary());
            assertTrue(r.steps().stream().allMatch(s -> s.outcome().equals(StepRecord.NOT_RUN)), r.steps()::toString);
            String modules = new String(rig.board.read("/proc/modules").orElseThrow(), StandardCharsets.UTF_8);
            assertFalse(modules.contains("latency_mon"), modules);
            assertTrue(rig.board.driver().call(() -> rig.board.kernel().usb().present()), "the stick was not pulled");
            assertTrue(r.folder().readMetadata().notes().startsWith("preflight: file /run/media/sda1/elsewhere.bin"));
        }
    }

    @Test
    void hubThatDoesNotCutPowerFailsTheDisconnectAndTheCleanupRuns(@TempDir Path dir) throws Exception {
        try (TraceRig rig = new TraceRig(dir, defaultProfile().withHubIgnoringPowerOff(true), SPEED)) {
            RunResult r = new SequenceRunner().run("default", withUhubctl(SequenceJson.defaultSequence()), ONE_GIB,
                    rig.access, new Workspace(dir.resolve("ws")), RunMonitor.NONE);
            assertEquals(ExperimentStatus.FAILED, r.status(), tail(r));
            StepRecord disconnect = step(r, "usb-disconnect");
            assertEquals(StepRecord.FAILED, disconnect.outcome());
            assertEquals("step 10 (disconnect): " + NO_POWER_CUT, disconnect.detail());
            assertEquals(disconnect.detail(), r.summary());
            assertTrue(r.folder().readMetadata().notes().startsWith(disconnect.detail()),
                    r.folder().readMetadata().notes());
            assertTrue(r.cleanup().stream().anyMatch(c -> c.contains("latency_mon") || c.contains("latency-mon")),
                    r.cleanup()::toString);
            assertTrue(r.cleanup().stream().anyMatch(c -> c.contains("uhubctl")), r.cleanup()::toString);
            String modules = new String(rig.board.read("/proc/modules").orElseThrow(), StandardCharsets.UTF_8);
            assertFalse(modules.contains("latency_mon"), "the cleanup unloaded the module: " + modules);
            assertTrue(rig.board.driver().call(() -> rig.board.kernel().usb().present()), "the stick never left");
            assertFalse(Files.readString(r.folder().kernelLog()).contains("USB disconnect"));
        }
    }

    /** The default sequence with its disconnect by uhubctl on hub 2, port 1 (the simulated stick's port). */
    private static Sequence withUhubctl(Sequence s) throws Exception {
        String text = s.text().replace("\"driver\": \"${usb.driver}\",", "\"driver\": \"uhubctl\",\n"
                + "      \"hub\": \"2\",\n      \"port\": \"1\",");
        assertTrue(text.contains("\"hub\": \"2\""), text);
        return SequenceJson.parse("default-uhubctl", text);
    }
}
