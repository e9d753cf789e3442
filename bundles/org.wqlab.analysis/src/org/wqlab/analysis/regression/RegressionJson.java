package org.wqlab.analysis.regression;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/** {@code wqlab compare --json}: the baseline's figures, each experiment's changes, and the overall answer. */
public final class RegressionJson {

    public static final int FORMAT_VERSION = 1;

    private RegressionJson() {
    }

    public static String toJson(RegressionReport report) {
        JsonObject root = new JsonObject();
        root.addProperty("formatVersion", FORMAT_VERSION);
        root.addProperty("tolerancePct", report.tolerance() * 100);
        JsonObject baseline = figures(report.baseline());
        JsonArray from = new JsonArray();
        report.baselineExperiments().forEach(p -> from.add(p.toString()));
        baseline.add("experiments", from);
        root.add("baseline", baseline);
        JsonArray runs = new JsonArray();
        for (RunRegression run : report.runs()) {
            JsonObject r = new JsonObject();
            r.addProperty("label", run.label());
            r.addProperty("experiment", run.experiment().toString());
            r.addProperty("regressed", run.regressed());
            JsonArray changes = new JsonArray();
            for (MetricChange c : run.changes()) {
                JsonObject o = new JsonObject();
                o.addProperty("metric", c.metric());
                o.addProperty("unit", c.unit());
                o.addProperty("baseline", c.baseline());
                o.addProperty("value", c.value());
                if (!Double.isInfinite(c.change())) {
                    o.addProperty("changePct", Math.round(c.change() * 1000) / 10.0);
                }
                o.addProperty("regressed", c.regressed());
                o.addProperty("text", c.text());
                changes.add(o);
            }
            r.add("changes", changes);
            r.addProperty("summary", run.summary());
            runs.add(r);
        }
        root.add("runs", runs);
        root.addProperty("regressed", report.regressed());
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root) + "\n";
    }

    private static JsonObject figures(RegressionFigures f) {
        JsonObject o = new JsonObject();
        o.addProperty("label", f.label());
        o.addProperty("worstAfterDisconnectUs", f.worstAfterDisconnectUs());
        o.addProperty("p99Us", f.p99Us());
        o.addProperty("lostReports", f.lostReports());
        o.addProperty("copiedCachedKb", f.copiedCachedKb());
        return o;
    }
}
