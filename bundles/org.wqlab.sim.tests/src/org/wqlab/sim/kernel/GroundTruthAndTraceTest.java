package org.wqlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wqlab.sim.kernel.Scenario.GIB;
import static org.wqlab.sim.kernel.Scenario.SEC;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class GroundTruthAndTraceTest {

    @Test
    void groundTruthFileHasEveryWorkItemAndMonitorRun(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("truth.jsonl");
        Scenario s = new Scenario("rcar-h3-tailored");
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            s.kernel.groundTruth().writeTo(w);
            s.originalMonitorOn(0).run(SEC);
            s.dd(GIB);
            s.kernel.usb().disconnectAtHub();
            s.run(3 * SEC);
        }
        List<String> lines = Files.readAllLines(file);
        List<JsonObject> hub = new ArrayList<>();
        int monitorRuns = 0;
        int interrupts = 0;
        for (String line : lines) {
            JsonObject o = JsonParser.parseString(line).getAsJsonObject();
            if (o.get("type").getAsString().equals("monitor")) {
                monitorRuns++;
            } else if (o.get("type").getAsString().equals("interrupt")) {
                interrupts++;
            } else if (o.get("function").getAsString().equals("hub_event")) {
                hub.add(o);
            }
        }
        assertEquals(s.kernel.groundTruth().monitorReports().size(), monitorRuns);
        assertEquals(s.kernel.groundTruth().interrupts().size(), interrupts);
        assertTrue(interrupts > 0, "the stall's ticks and the USB interrupt are in the file");
        assertEquals(s.kernel.groundTruth().workRecords().size() + monitorRuns + interrupts, lines.size());
        assertEquals(1, hub.size());
        JsonObject h = hub.get(0);
        assertEquals("usb_hub_wq", h.get("workqueue").getAsString());
        assertEquals(0, h.get("cpu").getAsInt());
        assertEquals(180_000_000, h.get("sleptNs").getAsLong(), 1_000_000);
        long cpuNs = h.get("endNs").getAsLong() - h.get("startNs").getAsLong() - h.get("sleptNs").getAsLong();
        assertEquals(3_000_000 + 262_144L * 2735, cpuNs, 1_000_000);
        assertTrue(lines.stream().anyMatch(l -> l.contains("\"printed\":\"DELAY: ")));
    }

    @Test
    void tracefsShowsHubEventHoggingCpu0() {
        Scenario s = new Scenario("rcar-h3-default");
        List<String> pipe = new ArrayList<>();
        Tracer.Instance inst = s.kernel.trace().open("wqlab", pipe::add);
        s.originalMonitorOn(0).run(SEC);
        s.dd(GIB);
        inst.enableWorkqueue(true);
        inst.enableSchedSwitch(true);
        s.kernel.usb().disconnectAtHub();
        s.run(3 * SEC);
        assertTrue(pipe.stream().anyMatch(l -> l.matches(
                ".*<idle>-\\d+ +\\[000\\] \\.{5} +\\d+\\.\\d{6}: workqueue_queue_work: work struct=[0-9a-f]{16} function=hub_event workqueue=usb_hub_wq req_cpu=0 cpu=0")),
                String.join("\n", pipe));
        String start = pipe.stream().filter(l -> l.contains("workqueue_execute_start") && l.endsWith("function hub_event"))
                .findFirst().orElseThrow();
        assertTrue(start.trim().startsWith("kworker/0:"), start);
        assertTrue(pipe.stream().anyMatch(l -> l.contains("workqueue_execute_end") && l.endsWith("function hub_event")));
        assertTrue(pipe.stream().anyMatch(l -> l.contains("sched_switch: prev_comm=kworker/0:") && l.contains("prev_state=S")));
        int before = pipe.size();
        s.kernel.trace().close(inst);
        s.run(SEC);
        assertEquals(before, pipe.size());
    }
}
