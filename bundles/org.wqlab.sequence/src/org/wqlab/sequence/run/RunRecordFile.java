package org.wqlab.sequence.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.stats.CycleDistribution;
import org.wqlab.core.store.AtomicFiles;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * An experiment's run.json: how its run went (status, kernel-log mode, trace, variables, module, page cache, steps,
 * cleanup), written whole.
 *
 * @param trace the trace capture's record, for a sequence that traces
 * @param module the module's identity, when a step loaded it
 * @param cycles the worst delay per disconnect cycle and its distribution, once the run's log is sealed
 */
record RunRecordFile(ExperimentStatus status, String summary, String kernelLog, Optional<String> trace,
        Map<String, String> variables, Optional<JsonObject> module, List<Long> cachedKb, List<StepRecord> steps,
        List<String> cleanup, Optional<CycleDistribution> cycles) {

    static final String FILE = "run.json";

    String toJson() {
        JsonObject o = new JsonObject();
        o.addProperty("formatVersion", 1);
        o.addProperty("status", status.word());
        o.addProperty("summary", summary);
        o.addProperty("kernelLog", kernelLog);
        trace.ifPresent(t -> o.addProperty("trace", t));
        JsonObject vars = new JsonObject();
        variables.forEach(vars::addProperty);
        o.add("variables", vars);
        module.ifPresent(m -> o.add("module", m));
        JsonArray cached = new JsonArray();
        cachedKb.forEach(cached::add);
        o.add("cachedKbBeforeDisconnect", cached);
        o.add("steps", StepRecordJson.full(steps));
        JsonArray cleanupDone = new JsonArray();
        cleanup.forEach(cleanupDone::add);
        o.add("cleanup", cleanupDone);
        cycles.ifPresent(c -> o.add("cycles", cyclesJson(c)));
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(o) + "\n";
    }

    /** The same fields as {@code wqlab stats --json}'s {@code cycles} block. */
    static JsonObject cyclesJson(CycleDistribution c) {
        JsonObject o = new JsonObject();
        o.addProperty("count", c.cycles());
        o.addProperty("minUs", c.minUs());
        o.addProperty("medianUs", c.medianUs());
        o.addProperty("p90Us", c.p90Us());
        o.addProperty("maxUs", c.maxUs());
        JsonArray worst = new JsonArray();
        c.worstUs().forEach(worst::add);
        o.add("worstUs", worst);
        return o;
    }

    void writeInto(Path experimentDir) throws IOException {
        AtomicFiles.write(experimentDir.resolve(FILE), toJson().getBytes(StandardCharsets.UTF_8));
    }
}
