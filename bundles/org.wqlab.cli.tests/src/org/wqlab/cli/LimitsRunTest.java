package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.limits.LimitName;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** The default sequence on the simulated board with a limit on the worst delay after the disconnect. */
class LimitsRunTest {

    private static final String[] RUN = { "run", "--board", "sim", "--sim-speed", "10", "--var", "size.mib=1024",
            "--json" };

    private static CliRun run(Path ws, Path truth, Path junit, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(RUN));
        args.addAll(List.of("--workspace", ws.toString(), "--ground-truth", truth.toString(), "--junit",
                junit.toString()));
        args.addAll(List.of(more));
        return CliRun.of(args.toArray(String[]::new));
    }

    private static long truthWorstUs(Path truth) throws Exception {
        try (Stream<String> lines = Files.lines(truth)) {
            return lines.map(l -> JsonParser.parseString(l).getAsJsonObject())
                    .filter(o -> o.get("type").getAsString().equals("monitor"))
                    .mapToLong(o -> o.get("delayUs").getAsLong()).max().orElseThrow();
        }
    }

    @Test
    void aHardLimitBelowTheStallExits3AndTheReportsSayWhy(@TempDir Path dir) throws Exception {
        Path truth = dir.resolve("truth.jsonl");
        Path junit = dir.resolve("junit.xml");
        CliRun run = run(dir.resolve("ws"), truth, junit, "--limit", "worst.after.disconnect.ms=1000");
        assertEquals(ExitCodes.LIMIT_EXCEEDED, run.code(), run.out() + run.err());
        long truthUs = truthWorstUs(truth);
        assertTrue(truthUs > 1_000_000, "the simulated pull stalls for more than the limit: " + truthUs);

        JsonObject results = JsonParser.parseString(run.out()).getAsJsonObject().getAsJsonObject("results");
        assertEquals(RunResults.FORMAT_VERSION, results.get("formatVersion").getAsInt());
        Path experiment = Path.of(results.get("experiment").getAsString());
        assertTrue(Files.isRegularFile(experiment.resolve("limits.json")), "the run records its limits");
        List<JsonElement> disconnects = results.getAsJsonArray("disconnects").asList();
        assertEquals(1, disconnects.size());
        long worstUs = disconnects.get(0).getAsJsonObject().get("worstDelayUs").getAsLong();
        assertTrue(Math.abs(worstUs - truthUs) <= 1000, worstUs + " us vs the ground truth " + truthUs + " us");
        assertNotNull(disconnects.get(0).getAsJsonObject().get("recoveryUs"));
        assertTrue(results.getAsJsonObject("verdict").get("headline").getAsString().length() > 10,
                results.toString());
        JsonObject outcome = results.getAsJsonObject("outcome");
        assertEquals("fail", outcome.get("overall").getAsString());
        JsonObject limit = outcome.getAsJsonArray("limits").get(0).getAsJsonObject();
        assertEquals("worst.after.disconnect.ms", limit.get("name").getAsString());
        assertEquals("fail", limit.get("status").getAsString());
        assertEquals(worstUs, limit.get("measuredUs").getAsLong());
        assertEquals(1_000_000, limit.get("hardUs").getAsLong());
        assertTrue(limit.get("softUs").isJsonNull());

        JUnitReport.validate(junit);
        JUnitReport report = JUnitReport.read(junit);
        List<JUnitReport.Case> failed = report.cases().stream().filter(c -> c.failureMessage() != null).toList();
        assertEquals(1, failed.size(), report.toString());
        assertEquals(1, report.failures());
        assertEquals("limit worst.after.disconnect.ms", failed.get(0).name());
        assertTrue(failed.get(0).failureMessage().contains(LimitName.Unit.MS.format(worstUs / 1000.0)),
                failed.get(0).failureMessage());
        long steps = report.cases().stream().filter(c -> c.className().equals("wqlab.steps")).count();
        assertTrue(steps >= 5, "a case per step: " + report);
        assertEquals(report.tests(), report.cases().size());

        // the saved experiment judges as its run did, from its limits.json
        CliRun stats = CliRun.of("stats", experiment.toString(), "--json");
        assertEquals(ExitCodes.LIMIT_EXCEEDED, stats.code(), stats.err());
        JsonObject again = JsonParser.parseString(stats.out()).getAsJsonObject().getAsJsonObject("outcome");
        assertEquals(outcome, again);
        // a command-line limit overrides the recorded one
        CliRun relaxed = CliRun.of("stats", experiment.toString(), "--json", "--limit",
                "worst.after.disconnect.ms=10000");
        assertEquals(ExitCodes.OK, relaxed.code(), relaxed.err());
    }

    @Test
    void aHardLimitAboveTheStallPasses(@TempDir Path dir) throws Exception {
        Path junit = dir.resolve("junit.xml");
        CliRun run = run(dir.resolve("ws"), dir.resolve("truth.jsonl"), junit, "--limit",
                "worst.after.disconnect.ms=10000");
        assertEquals(ExitCodes.OK, run.code(), run.out() + run.err());
        JsonObject outcome = JsonParser.parseString(run.out()).getAsJsonObject().getAsJsonObject("results")
                .getAsJsonObject("outcome");
        assertEquals("pass", outcome.get("overall").getAsString());
        outcome.getAsJsonArray("limits").forEach(l -> assertEquals("pass",
                l.getAsJsonObject().get("status").getAsString()));
        JUnitReport.validate(junit);
        JUnitReport report = JUnitReport.read(junit);
        assertEquals(0, report.failures());
        assertNull(report.cases().stream().map(JUnitReport.Case::failureMessage).filter(m -> m != null)
                .findFirst().orElse(null));
    }

    @Test
    void badLimitsAreBadInputNamingTheLimit() {
        CliRun unknown = CliRun.of("run", "--limit", "worst.ms=5");
        assertEquals(ExitCodes.BAD_INPUT, unknown.code());
        assertTrue(unknown.err().contains("unknown limit 'worst.ms'"), unknown.err());
        CliRun count = CliRun.of("stats", "x", "--limit", "lost.reports=1.5");
        assertEquals(ExitCodes.BAD_INPUT, count.code());
        assertTrue(count.err().contains("lost.reports: '1.5' must be a whole number"), count.err());
    }

    @Test
    void mostSeriousOrdersBadInputThenFailureThenLimit() {
        assertEquals(0, ExitCodes.mostSerious());
        assertEquals(3, ExitCodes.mostSerious(0, 3, 0));
        assertEquals(1, ExitCodes.mostSerious(3, 1));
        assertEquals(2, ExitCodes.mostSerious(1, 2, 3));
        assertEquals(2, ExitCodes.mostSerious(2, 0));
    }
}
