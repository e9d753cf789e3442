package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.capture.LateWindowRing;
import org.wqlab.analysis.trace.WorkTimeline;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.limits.ExperimentOutcomes;
import org.wqlab.limits.Limit;
import org.wqlab.limits.LimitName;
import org.wqlab.limits.Limits;
import org.wqlab.limits.Outcome;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sim.kernel.MonitorReport;
import org.wqlab.sim.kernel.WorkRecord;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The shipped "soak: 20 pulls" on the simulated board: twenty cycles of drop caches, copy, pull, wait, plug and mount;
 * each cycle's worst delay against the simulator's ground truth, their distribution in run.json, and the trace kept
 * only around the late runs.
 */
class SoakRunTest {

    /** latency-mon's default threshold: a report above it is a late run. */
    private static final long LATE_US = 9_000;
    private static final Pattern TRACE_TIME = Pattern.compile("\\]\\s+(?:\\S{4,5}\\s+)?(\\d+)\\.(\\d{6}):\\s");

    @Test
    void twentyCyclesGiveTwentyWorstDelaysAndTheTraceIsKeptOnlyAroundTheStalls(@TempDir Path dir) throws Exception {
        Sequence soak = SequenceJson.soak();
        assertTrue(soak.lateWindows());
        assertEquals("20", soak.variables().get("cycles"));
        try (TraceRig rig = SoakRun.rig(dir)) {
            long wallStart = System.nanoTime();
            // every simulated stall is longer than 100 ms: a hard p90 limit of 100 ms fails on the distribution
            RunResult r = SoakRun.run(rig, dir, soak.withLimits(Limits.of(Limit.hard(
                    LimitName.P90_WORST_AFTER_DISCONNECT, 100))));
            System.out.printf(Locale.ROOT, "soak on the simulated board at %.0fx: %.1f s wall%n", SoakRun.SPEED,
                    (System.nanoTime() - wallStart) / 1e9);
            SoakRun.printCycles(r.steps());
            assertEquals(ExperimentStatus.COMPLETED, r.status(), r.summary());
            assertEquals(20, r.steps().stream().filter(s -> s.type().equals("usb-reconnect")
                    && s.detail().contains("mounted /dev/sda1 on /run/media/sda1")).count(), "every plug mounted");

            // the simulator's ground truth: each cycle runs from one hub_event to the next
            List<WorkRecord> hubs = new ArrayList<>(rig.hubEvents());
            hubs.sort(Comparator.comparingLong(WorkRecord::startNs));
            assertEquals(20, hubs.size());
            List<MonitorReport> reports = rig.monitorReports();
            List<Long> truth = new ArrayList<>();
            for (int k = 0; k < hubs.size(); k++) {
                long from = hubs.get(k).startNs();
                long to = k + 1 < hubs.size() ? hubs.get(k + 1).startNs() : Long.MAX_VALUE;
                truth.add(reports.stream().filter(m -> m.timeNs() >= from && m.timeNs() < to)
                        .mapToLong(MonitorReport::delayUs).max().orElse(0));
            }

            JsonObject run = JsonParser.parseString(Files.readString(r.folder().dir().resolve(SequenceRunner.RUN_FILE)))
                    .getAsJsonObject();
            JsonObject cycles = run.getAsJsonObject("cycles");
            assertEquals(20, cycles.get("count").getAsInt(), cycles::toString);
            List<Long> worst = cycles.getAsJsonArray("worstUs").asList().stream().map(JsonElement::getAsLong)
                    .toList();
            assertEquals(20, worst.size());
            for (int k = 0; k < 20; k++) {
                assertTrue(truth.get(k) > 100_000, "cycle " + (k + 1) + " stalled in the simulator: " + truth);
                assertEquals(truth.get(k), worst.get(k), truth.get(k) * 0.05 + 1000,
                        "cycle " + (k + 1) + " vs ground truth " + truth + " / measured " + worst);
            }
            List<Long> sorted = worst.stream().sorted().toList();
            assertEquals(sorted.get(0), cycles.get("minUs").getAsLong());
            assertEquals(sorted.get(9), cycles.get("medianUs").getAsLong(), "nearest rank 10 of 20");
            assertEquals(sorted.get(17), cycles.get("p90Us").getAsLong(), "nearest rank 18 of 20");
            assertEquals(sorted.get(19), cycles.get("maxUs").getAsLong());
            Outcome.LimitOutcome p90 = ExperimentOutcomes.judge(ExperimentLoader.load(r.folder())).orElseThrow()
                    .limits().stream().filter(l -> l.name() == LimitName.P90_WORST_AFTER_DISCONNECT).findFirst()
                    .orElseThrow();
            assertEquals(Outcome.Status.FAIL, p90.status(), p90.reason());
            assertEquals(sorted.get(17) / 1000.0, p90.measured(), 0.001, "the limit is judged on the cycles' p90");

            // the trace: windows kept around each stall, the parts between dropped
            JsonObject windows = JsonParser.parseString(Files.readString(
                    r.folder().dir().resolve(LateWindowRing.WINDOWS_FILE))).getAsJsonObject();
            JsonArray kept = windows.getAsJsonArray("kept");
            assertTrue(kept.size() >= 2, windows::toString);
            assertTrue(windows.get("droppedBytes").getAsLong() > windows.get("keptBytes").getAsLong(),
                    "more dropped than kept: " + windows);
            for (WorkRecord hub : hubs) {
                long startUs = hub.startNs() / 1000;
                long endUs = hub.endNs() / 1000;
                assertTrue(within(kept, startUs, endUs), "stall " + startUs + ".." + endUs + " in " + kept);
            }
            for (JsonElement e : kept) {
                long from = e.getAsJsonObject().get("fromUs").getAsLong();
                long to = e.getAsJsonObject().get("toUs").getAsLong();
                // kept for a late report: most around a pull's stall, some for a late run during the copy (the
                // stick's block completions run CPU-bound on the interrupt's CPU too)
                long margin = 2 * windows.get("windowUs").getAsLong();
                assertTrue(reports.stream().anyMatch(m -> m.delayUs() > LATE_US && m.timeNs() / 1000 >= from - margin
                        && m.timeNs() / 1000 <= to + margin), "window " + from + ".." + to + " holds a late report");
            }
            String trace = Files.readString(AnalysisFiles.traceLog(r.folder()), StandardCharsets.UTF_8);
            long events = 0;
            for (String line : trace.lines().toList()) {
                Matcher m = TRACE_TIME.matcher(line);
                if (m.find()) {
                    events++;
                    long us = Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(m.group(2));
                    assertTrue(within(kept, us, us), "a trace line outside the kept windows: " + line);
                }
            }
            assertTrue(events > 0);
            assertFalse(Files.exists(r.folder().dir().resolve("trace-ring")), "the ring is removed at the end");
            WorkTimeline timeline = WorkTimeline.read(AnalysisFiles.traceLog(r.folder()));
            assertEquals(kept.size() - 1, timeline.gaps(), "a gap line between kept windows");
            assertTrue(timeline.executions().stream().noneMatch(x -> crossesGap(kept, x.startUs(), x.endUs())),
                    "no work item paired across a dropped part");
            String analysis = Files.readString(AnalysisFiles.analysisFile(r.folder()));
            assertTrue(analysis.contains("hub_event"), "the stalls are still attributed");
        }
    }

    private static boolean within(JsonArray kept, long fromUs, long toUs) {
        for (JsonElement e : kept) {
            JsonObject w = e.getAsJsonObject();
            if (fromUs >= w.get("fromUs").getAsLong() && toUs <= w.get("toUs").getAsLong()) {
                return true;
            }
        }
        return false;
    }

    private static boolean crossesGap(JsonArray kept, long fromUs, long toUs) {
        return !within(kept, fromUs, toUs);
    }
}
