package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code wqlab run --board A --board B}: the default sequence on two simulated boards at once, the default 4 GiB copy
 * (the report's 6.5 s and 2.3 s stalls after the pull), each board judged against the same limit.
 */
class MultiBoardRunTest {

    private static final List<String> PROFILES = List.of("rcar-h3-default", "rcar-h3-tailored");
    /** The simulator's stall after the pull for the default copy, ms, per profile (docs/cli.md). */
    private static final List<Double> REPORTED_MS = List.of(6500.0, 2300.0);
    private static final String LIMIT_MS = "4000";

    /** The worst delay the simulated board executed (its ground truth), us. */
    private static long truthWorstUs(Path truth) throws Exception {
        try (Stream<String> lines = Files.lines(truth)) {
            return lines.map(l -> JsonParser.parseString(l).getAsJsonObject())
                    .filter(o -> o.get("type").getAsString().equals("monitor"))
                    .mapToLong(o -> o.get("delayUs").getAsLong()).max().orElseThrow();
        }
    }

    /** The first step's start and the last step's end of a run, from its run.json. */
    private record Span(Instant start, Instant end) {
        static Span of(Path experiment) throws Exception {
            JsonObject run = JsonParser.parseString(Files.readString(experiment.resolve("run.json")))
                    .getAsJsonObject();
            Instant start = null;
            Instant end = null;
            for (JsonElement e : run.getAsJsonArray("steps")) {
                JsonObject step = e.getAsJsonObject();
                String started = step.get("started").getAsString();
                if (started.isEmpty()) {
                    continue; // not run
                }
                Instant s = Instant.parse(started);
                Instant f = s.plusMillis(step.get("durationMs").getAsLong());
                start = start == null || s.isBefore(start) ? s : start;
                end = end == null || f.isAfter(end) ? f : end;
            }
            return new Span(start, end);
        }
    }

    @Test
    void twoSimulatedBoardsRunAtOnceEachIntoItsOwnExperiment(@TempDir Path dir) throws Exception {
        Path ws = dir.resolve("ws");
        Path truth = dir.resolve("truth.jsonl");
        Path junit = dir.resolve("junit.xml");
        List<String> args = new ArrayList<>(List.of("run"));
        PROFILES.forEach(p -> args.addAll(List.of("--board", "sim:" + p)));
        args.addAll(List.of("--sim-speed", "40", "--workspace", ws.toString(), "--ground-truth", truth.toString(),
                "--junit", junit.toString(), "--limit", "worst.after.disconnect.ms=" + LIMIT_MS, "--json"));
        CliRun run = CliRun.of(args.toArray(String[]::new));

        JsonObject all = JsonParser.parseString(run.out()).getAsJsonObject();
        assertEquals(RunVerb.MULTI_FORMAT_VERSION, all.get("formatVersion").getAsInt());
        List<JsonElement> runs = all.getAsJsonArray("runs").asList();
        assertEquals(2, runs.size(), run.out());

        List<Integer> exits = new ArrayList<>();
        List<Path> experiments = new ArrayList<>();
        List<Long> worstUs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            JsonObject one = runs.get(i).getAsJsonObject();
            String status = one.get("status").getAsString();
            Path experiment = Path.of(one.get("experiment").getAsString());
            experiments.add(experiment);
            JsonObject results = one.getAsJsonObject("results");
            assertEquals(RunResults.FORMAT_VERSION, results.get("formatVersion").getAsInt());
            assertEquals(experiment.toString(), results.get("experiment").getAsString());
            List<JsonElement> disconnects = results.getAsJsonArray("disconnects").asList();
            assertEquals(1, disconnects.size(), PROFILES.get(i) + ": " + results);
            long worst = disconnects.get(0).getAsJsonObject().get("worstDelayUs").getAsLong();
            worstUs.add(worst);

            // each experiment holds its own board's stall: the one its board's ground truth executed
            String name = "Simulated " + PROFILES.get(i);
            Path boardTruth = RunVerb.groundTruthFile(truth, name);
            assertEquals(dir.resolve("truth-simulated-" + PROFILES.get(i) + ".jsonl"), boardTruth);
            long truthUs = truthWorstUs(boardTruth);
            assertTrue(Math.abs(worst - truthUs) <= 1000, PROFILES.get(i) + ": " + worst + " us vs its ground truth "
                    + truthUs + " us");
            double reported = REPORTED_MS.get(i);
            assertTrue(Math.abs(truthUs / 1000.0 - reported) <= reported * 0.10, PROFILES.get(i) + ": "
                    + truthUs + " us, not within 10 % of " + reported + " ms");
            String log = Files.readString(experiment.resolve("kernel.log"));
            assertEquals(1, log.split("USB disconnect, device number", -1).length - 1,
                    PROFILES.get(i) + ": one pull in its log, none of the other board's");

            String outcome = results.getAsJsonObject("outcome").get("overall").getAsString();
            int exit = status.equals("completed") ? (outcome.equals("fail") ? ExitCodes.LIMIT_EXCEEDED
                    : ExitCodes.OK) : ExitCodes.mostSerious(ExitCodes.FAILURE, outcome.equals("fail")
                            ? ExitCodes.LIMIT_EXCEEDED : ExitCodes.OK);
            exits.add(exit);
            System.out.println(PROFILES.get(i) + ": " + status + ", worst " + worst + " us (truth " + truthUs
                    + " us), outcome " + outcome + ": " + one.get("summary").getAsString());
        }
        assertNotEquals(experiments.get(0), experiments.get(1));
        assertTrue(worstUs.get(0) > 2 * worstUs.get(1), "default stalls far longer than tailored: " + worstUs);
        assertEquals(ExitCodes.mostSerious(exits.get(0), exits.get(1)), run.code(), run.err());
        assertTrue(exits.contains(ExitCodes.LIMIT_EXCEEDED), "the default profile's stall exceeds " + LIMIT_MS
                + " ms: " + exits);

        // both ran at once: the second board's first step began before the first board's last step ended
        Span a = Span.of(experiments.get(0));
        Span b = Span.of(experiments.get(1));
        long overlapMs = java.time.Duration.between(b.start.isAfter(a.start) ? b.start : a.start,
                b.end.isBefore(a.end) ? b.end : a.end).toMillis();
        System.out.println("overlap of the two runs: " + overlapMs + " ms (A " + a + ", B " + b + ")");
        assertTrue(b.start.isBefore(a.end), "B " + b + " began after A " + a + " ended");
        assertTrue(a.start.isBefore(b.end), "A " + a + " began after B " + b + " ended");

        JUnitReport.validate(junit);
        List<JUnitReport> suites = JUnitReport.readSuites(junit);
        assertEquals(2, suites.size(), suites.toString());
        for (int i = 0; i < 2; i++) {
            assertEquals(experiments.get(i).getFileName().toString(), suites.get(i).suite());
            assertTrue(suites.get(i).cases().stream().anyMatch(c -> c.name().equals(
                    "limit worst.after.disconnect.ms")), suites.get(i).toString());
        }
        assertEquals(1, suites.get(0).cases().stream().filter(c -> c.className().equals("wqlab.limits")
                && c.failureMessage() != null).count(), "the default profile fails the limit: " + suites.get(0));
        assertEquals(0, suites.get(1).cases().stream().filter(c -> c.className().equals("wqlab.limits")
                && c.failureMessage() != null).count(), "the tailored profile passes it: " + suites.get(1));
    }

    @Test
    void cancelStopsEveryBoardsRunWithCleanupAndTheSummaryNamesEachBoard(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int[] code = { -1 };
        Thread cli = Thread.ofPlatform().start(() -> code[0] = Cli.run(new String[] { "run", "--board",
                "sim:" + PROFILES.get(0), "--board", "sim:" + PROFILES.get(1), "--sim-speed", "10", "--workspace",
                dir.resolve("ws").toString() }, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)));
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (!PROFILES.stream().allMatch(p -> text(out).matches("(?s).*\\[Simulated " + p
                    + "\\] \\[\\d+\\] step \\d+ \\(fill the page cache\\) \\.\\.\\..*"))) {
                assertTrue(cli.isAlive() && System.nanoTime() < deadline, "both boards did not reach the copy: "
                        + text(out) + text(err));
                Thread.sleep(50);
            }
        } finally {
            RunVerb.CANCEL.set(true); // what Ctrl-C's hook does
            cli.join(TimeUnit.MINUTES.toMillis(3));
        }
        assertFalse(cli.isAlive(), "the run did not end after the cancel");
        String printed = text(out);
        assertEquals(ExitCodes.FAILURE, code[0], printed + text(err));
        for (String p : PROFILES) {
            String board = "Simulated " + p;
            assertTrue(printed.contains("[" + board + "] cleanup: "), board + " cleaned up: " + printed);
            assertTrue(printed.matches("(?s).*\\[" + board + "\\] experiment \\S+: cancelled\\n.*"), printed);
            assertTrue(printed.matches("(?s).*board '" + board + "': cancelled, experiment \\S+, exit 1\\n.*"),
                    printed);
        }
        assertTrue(printed.contains("2 boards: exit 1 (the most serious)"), printed);
    }

    private static String text(ByteArrayOutputStream out) {
        synchronized (out) {
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void aBadSecondBoardIsBadInputAndNothingRuns(@TempDir Path dir) throws Exception {
        Path ws = dir.resolve("ws");
        CliRun run = CliRun.of("run", "--board", "sim:rcar-h3-default", "--board", "sim:no-such-profile",
                "--workspace", ws.toString());
        assertEquals(ExitCodes.BAD_INPUT, run.code(), run.out() + run.err());
        assertTrue(run.err().contains("--board sim:no-such-profile: no-such-profile: no such board profile file"),
                run.err());
        assertFalse(run.out().contains("[1]"), "a step ran: " + run.out());
        assertFalse(Files.exists(ws) && Files.list(ws).findAny().isPresent(), "an experiment was recorded");

        CliRun twice = CliRun.of("run", "--board", "root@127.0.0.1:1", "--board", "root@127.0.0.1:1",
                "--workspace", ws.toString());
        assertEquals(ExitCodes.BAD_INPUT, twice.code(), twice.out() + twice.err());
        assertTrue(twice.err().contains("is given twice"), twice.err());
    }

    @Test
    void eachBoardOfSeveralWritesItsGroundTruthUnderItsName() {
        assertEquals(Path.of("/x/truth-simulated-rcar-h3-default-2.jsonl"),
                RunVerb.groundTruthFile(Path.of("/x/truth.jsonl"), "Simulated rcar-h3-default (2)"));
        assertEquals(Path.of("truth-a-b"), RunVerb.groundTruthFile(Path.of("truth"), "A b"));
        assertEquals(Path.of(".truth-a"), RunVerb.groundTruthFile(Path.of(".truth"), "a"));
    }
}
