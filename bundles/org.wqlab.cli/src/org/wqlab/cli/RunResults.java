package org.wqlab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AttributedDelay;
import org.wqlab.core.model.InputException;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.Statistics;
import org.wqlab.limits.Assessment;
import org.wqlab.limits.JUnitCase;
import org.wqlab.limits.JUnitXml;
import org.wqlab.limits.LimitJudge;
import org.wqlab.limits.Limits;
import org.wqlab.limits.Measurements;
import org.wqlab.limits.OutcomeJson;
import org.wqlab.limits.Outcome.Status;
import org.wqlab.sequence.run.StepRecord;
import org.wqlab.core.samples.LogContent;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;

/**
 * The {@code results} object that ends {@code wqlab run --json} (docs/cli.md, "Results"): per disconnect the worst
 * delay, recovery and attributed work function, the statistics, the verdict, the outcome against the limits, the
 * experiment's path. Times in microseconds, the unit in the field name.
 */
final class RunResults {

    static final int FORMAT_VERSION = 1;

    private RunResults() {
    }

    /** The assessment against {@code limits} (empty: none), judged with the board facts of the experiment. */
    static Optional<Assessment> assess(LogContent content, Statistics s, Limits limits,
            java.util.Map<String, String> boardFacts) {
        if (limits.isEmpty()) {
            return Optional.empty();
        }
        Measurements m = Measurements.of(content, s);
        return Optional.of(new Assessment(limits, m, LimitJudge.judge(m, limits, boardFacts)));
    }

    static JsonObject toJson(Path experiment, String status, Statistics s, Analysis analysis,
            Optional<Assessment> assessment) {
        JsonObject r = new JsonObject();
        r.addProperty("formatVersion", FORMAT_VERSION);
        r.addProperty("experiment", experiment.toString());
        r.addProperty("status", status);
        JsonArray disconnects = new JsonArray();
        for (DisconnectImpact d : s.disconnects()) {
            JsonObject o = new JsonObject();
            o.addProperty("line", d.line());
            o.addProperty("device", d.device());
            o.addProperty("timestampUs", d.timestampUs() == LogEntry.NO_TIME ? null : d.timestampUs());
            o.addProperty("worstDelayUs", d.worstDelayUs());
            o.addProperty("recoveryUs", d.recoveryUs());
            o.addProperty("recoveryBasis", d.recoveryBasis());
            o.addProperty("function", attributedFunction(analysis, d));
            disconnects.add(o);
        }
        r.add("disconnects", disconnects);
        JsonObject st = new JsonObject();
        boolean any = s.count() > 0;
        st.addProperty("count", s.count());
        st.addProperty("minUs", any ? s.minUs() : null);
        st.addProperty("maxUs", any ? s.maxUs() : null);
        st.addProperty("meanUs", any ? Math.round(s.meanUs() * 1000) / 1000.0 : null);
        st.addProperty("p50Us", any ? s.p50Us() : null);
        st.addProperty("p90Us", any ? s.p90Us() : null);
        st.addProperty("p99Us", any ? s.p99Us() : null);
        st.addProperty("p99_9Us", any ? s.p999Us() : null);
        st.addProperty("lostReports", s.lostReports());
        st.addProperty("thresholdUs", s.thresholdUs());
        st.addProperty("lateRunsOnly", s.lateRunsOnly());
        r.add("statistics", st);
        if (analysis == null) {
            r.add("verdict", JsonNull.INSTANCE);
        } else {
            JsonObject v = new JsonObject();
            v.addProperty("kind", analysis.verdict().kind());
            v.addProperty("headline", analysis.verdict().headline());
            v.addProperty("text", analysis.verdict().text());
            r.add("verdict", v);
        }
        r.add("outcome", assessment.<com.google.gson.JsonElement>map(OutcomeJson::toJson).orElse(JsonNull.INSTANCE));
        return r;
    }

    /** The top work item attributed to the disconnect's worst delay, or null when none was. */
    private static String attributedFunction(Analysis analysis, DisconnectImpact d) {
        if (analysis == null || d.worstDelayUs() == null) {
            return null;
        }
        return analysis.delays().stream().filter(a -> a.line() == d.worstLine()).findFirst()
                .map(AttributedDelay::culprits).filter(c -> !c.isEmpty()).map(c -> c.get(0).function()).orElse(null);
    }

    /** The exit code of an outcome: 3 when a hard limit is exceeded, else 0. */
    static int exitCode(Optional<Assessment> assessment) {
        return assessment.isPresent() && assessment.get().outcome().overall() == Status.FAIL
                ? ExitCodes.LIMIT_EXCEEDED : ExitCodes.OK;
    }

    /** JUnit XML: a case per step (failed when the step did not end ok), then one per limit. */
    static void writeJUnit(Path file, String suite, List<StepRecord> steps, Optional<Assessment> assessment)
            throws IOException {
        JUnitXml.Suite s = junitSuite(suite, steps, assessment);
        JUnitXml.write(file, s.name(), s.properties(), s.cases());
    }

    /** The JUnit suite of one run: a case per step, then one per limit; the measurements as its properties. */
    static JUnitXml.Suite junitSuite(String suite, List<StepRecord> steps, Optional<Assessment> assessment) {
        List<JUnitCase> cases = new ArrayList<>();
        for (StepRecord r : steps) {
            String name = "step " + r.number() + ": " + r.label();
            String detail = r.detail().isEmpty() ? "" : r.detail();
            double seconds = r.durationMs() / 1000.0;
            if (StepRecord.OK.equals(r.outcome())) {
                cases.add(JUnitCase.passed("wqlab.steps", name, seconds, detail));
            } else if (StepRecord.NOT_RUN.equals(r.outcome())) {
                cases.add(new JUnitCase("wqlab.steps", name, 0, null, "not run", detail));
            } else {
                cases.add(new JUnitCase("wqlab.steps", name, seconds, r.outcome() + (detail.isEmpty() ? "" : ": "
                        + detail), null, detail));
            }
        }
        assessment.ifPresent(a -> cases.addAll(JUnitXml.limitCases("wqlab.limits", a.outcome())));
        return new JUnitXml.Suite(suite, assessment.map(a -> JUnitXml.properties(a.measurements()))
                .orElse(java.util.Map.of()), cases);
    }

    /** Reads the experiment's limits.json, naming the file when it is damaged. */
    static Limits recordedLimits(Path folder) throws InputException {
        return org.wqlab.limits.LimitsJson.read(folder).orElse(Limits.NONE);
    }
}
