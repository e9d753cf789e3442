package org.wqlab.limits;

import org.wqlab.limits.Outcome.LimitOutcome;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * The {@code outcome} block of {@code wqlab run --json} and {@code wqlab stats --json} (docs/cli.md): the overall
 * status, each limit's, and the measurements. Times are in microseconds, the unit in the field name; a count limit's
 * fields have no unit.
 */
public final class OutcomeJson {

    private OutcomeJson() {
    }

    public static JsonObject toJson(Assessment a) {
        JsonObject o = new JsonObject();
        o.addProperty("overall", a.outcome().overall().word());
        JsonArray limits = new JsonArray();
        for (LimitOutcome l : a.outcome().limits()) {
            JsonObject lo = new JsonObject();
            lo.addProperty("name", l.name().fileName());
            lo.addProperty("status", l.status().word());
            boolean ms = l.name().unit() == LimitName.Unit.MS;
            String suffix = ms ? "Us" : "";
            lo.add("measured" + suffix, value(l.measured(), ms));
            lo.add("soft" + suffix, value(l.soft(), ms));
            lo.add("hard" + suffix, value(l.hard(), ms));
            lo.addProperty("reason", l.reason());
            limits.add(lo);
        }
        o.add("limits", limits);
        Measurements m = a.measurements();
        JsonObject mo = new JsonObject();
        mo.add("worstAfterDisconnectUs", nullable(m.worstAfterDisconnectUs()));
        mo.add("p90WorstAfterDisconnectUs", nullable(m.p90WorstAfterDisconnectUs()));
        mo.add("p99OutsideDisconnectUs", nullable(m.p99OutsideDisconnectUs()));
        mo.addProperty("samplesOutsideDisconnect", m.samplesOutsideDisconnect());
        mo.addProperty("lostReports", m.lostReports());
        o.add("measurements", mo);
        return o;
    }

    /** A value in the limit's unit as JSON: ms as whole microseconds, a count as is. */
    private static com.google.gson.JsonElement value(Double v, boolean ms) {
        if (v == null) {
            return JsonNull.INSTANCE;
        }
        return ms ? new JsonPrimitive(Math.round(v * 1000)) : new JsonPrimitive(Math.round(v));
    }

    private static com.google.gson.JsonElement nullable(Long v) {
        return v == null ? JsonNull.INSTANCE : new JsonPrimitive(v);
    }
}
