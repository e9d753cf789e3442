package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.stats.CycleDistribution;
import org.wqlab.core.stats.DisconnectImpact;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class RunRecordFileTest {

    @TempDir
    Path tmp;

    @Test
    void runJsonHoldsTheRunInItsFieldOrder() throws IOException {
        JsonObject module = new JsonObject();
        module.addProperty("name", "latency_mon");
        new RunRecordFile(ExperimentStatus.COMPLETED, "completed demo", "/dev/kmsg from seq 4 (run marker)",
                Optional.of("workqueue events; stopped"), Map.of("cpu", "1"), Optional.of(module), List.of(512L),
                List.of(new StepRecord(1, "load", "load-module", StepRecord.OK, "", "2026-01-02T03:04:05Z", 12, 3400)),
                List.of("module latency_mon unloaded"),
                Optional.of(CycleDistribution.ofDisconnects(List.of(new DisconnectImpact(9, 100, "2-1", 200, 6500, 10,
                        null, DisconnectImpact.BASIS_NONE))))).writeInto(tmp);
        String text = Files.readString(tmp.resolve(SequenceRunner.RUN_FILE));
        JsonObject o = JsonParser.parseString(text).getAsJsonObject();
        assertEquals(List.of("formatVersion", "status", "summary", "kernelLog", "trace", "variables", "module",
                "cachedKbBeforeDisconnect", "steps", "cleanup", "cycles"), List.copyOf(o.keySet()));
        assertEquals(6500, o.getAsJsonObject("cycles").get("p90Us").getAsLong());
        assertEquals(1, o.getAsJsonObject("cycles").getAsJsonArray("worstUs").size());
        assertEquals(ExperimentStatus.COMPLETED.word(), o.get("status").getAsString());
        assertEquals("workqueue events; stopped", o.get("trace").getAsString());
        assertEquals(512, o.getAsJsonArray("cachedKbBeforeDisconnect").get(0).getAsLong());
        assertEquals(3400, o.getAsJsonArray("steps").get(0).getAsJsonObject().get("kernelUs").getAsLong());
        assertEquals("module latency_mon unloaded", o.getAsJsonArray("cleanup").get(0).getAsString());
    }

    @Test
    void aRunWithoutTraceOrModuleLeavesThoseFieldsOut() throws IOException {
        new RunRecordFile(ExperimentStatus.FAILED, "step 1: no", "none", Optional.empty(), Map.of(), Optional.empty(),
                List.of(), List.of(), List.of(), Optional.empty()).writeInto(tmp);
        JsonObject o = JsonParser.parseString(Files.readString(tmp.resolve(SequenceRunner.RUN_FILE)))
                .getAsJsonObject();
        assertFalse(o.has("trace"));
        assertFalse(o.has("module"));
        assertFalse(o.has("cycles"));
    }
}
