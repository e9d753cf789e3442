package org.wqlab.sequence.run;

import java.util.List;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * The one JSON form of {@link StepRecord}s: every field for the experiment's run.json, and the shorter summary
 * {@code wqlab run --json} prints.
 */
public final class StepRecordJson {

    private StepRecordJson() {
    }

    /** The steps as run.json records them. */
    public static JsonArray full(List<StepRecord> records) {
        JsonArray steps = new JsonArray();
        for (StepRecord s : records) {
            JsonObject j = new JsonObject();
            j.addProperty("number", s.number());
            j.addProperty("label", s.label());
            j.addProperty("type", s.type());
            j.addProperty("outcome", s.outcome());
            j.addProperty("detail", s.detail());
            j.addProperty("started", s.startedUtc());
            j.addProperty("durationMs", s.durationMs());
            j.addProperty("kernelUs", s.kernelUs());
            steps.add(j);
        }
        return steps;
    }

    /** The steps as {@code wqlab run --json} reports them: number, label, outcome, duration and detail. */
    public static JsonArray summary(List<StepRecord> records) {
        JsonArray steps = new JsonArray();
        for (StepRecord r : records) {
            JsonObject s = new JsonObject();
            s.addProperty("number", r.number());
            s.addProperty("label", r.label());
            s.addProperty("outcome", r.outcome());
            s.addProperty("durationMs", r.durationMs());
            s.addProperty("detail", r.detail());
            steps.add(s);
        }
        return steps;
    }
}
