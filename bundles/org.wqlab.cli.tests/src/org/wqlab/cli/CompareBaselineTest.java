package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code wqlab compare --baseline} on runs of the simulated board: the tailored config against the default one
 * passes, the reverse regresses by the size of the difference; a folder of baselines is their median.
 */
class CompareBaselineTest {

    private static final Pattern REGRESSION = Pattern.compile(
            "regressed: worst delay after the disconnect (\\d+) ms vs (\\d+) ms baseline \\(\\+(\\d+) %\\)");

    private static String run(Path ws, String profile) {
        CliRun run = CliRun.of("run", "--board", "sim:" + profile, "--sim-speed", "40", "--var", "size.mib=512",
                "--workspace", ws.toString(), "--json");
        assertEquals(0, run.code(), profile + ": " + run.out() + run.err());
        String json = run.out().substring(run.out().indexOf('{'));
        return JsonParser.parseString(json).getAsJsonObject().get("experiment").getAsString();
    }

    @Test
    void theTailoredConfigPassesAgainstTheDefaultAndTheReverseRegresses(@TempDir Path dir) throws Exception {
        Path ws = dir.resolve("ws");
        String def = run(ws, "rcar-h3-default");
        String tailored = run(ws, "rcar-h3-tailored");

        CliRun better = CliRun.of("compare", tailored, "--baseline", def);
        assertEquals(0, better.code(), better.out() + better.err());
        assertTrue(better.out().contains("0 of 1 regressed beyond 10 %"), better.out());

        Path junit = dir.resolve("compare.xml");
        CliRun worse = CliRun.of("compare", def, "--baseline", tailored, "--junit", junit.toString());
        assertEquals(3, worse.code(), worse.out() + worse.err());
        Matcher m = REGRESSION.matcher(worse.out());
        assertTrue(m.find(), "names the regression and its size: " + worse.out());
        long value = Long.parseLong(m.group(1));
        long base = Long.parseLong(m.group(2));
        assertTrue(value > base * 3 / 2, worse.out());
        assertEquals(Math.round((value / (double) base - 1) * 100), Long.parseLong(m.group(3)), 1, worse.out());

        JUnitReport.validate(junit);
        JUnitReport report = JUnitReport.read(junit);
        List<JUnitReport.Case> failed = report.cases().stream().filter(c -> c.failureMessage() != null).toList();
        assertEquals(1, report.failures(), report.toString());
        assertEquals("worstAfterDisconnectUs", failed.get(0).name());
        assertTrue(failed.get(0).failureMessage().contains(value + " ms vs " + base + " ms baseline"),
                failed.get(0).failureMessage());
        assertEquals(3, report.tests(), "worst delay, p99, lost reports: " + report);

        CliRun json = CliRun.of("compare", def, "--baseline", tailored, "--json", "--tolerance", "5");
        assertEquals(3, json.code(), json.err());
        JsonObject root = JsonParser.parseString(json.out()).getAsJsonObject();
        assertEquals(1, root.get("formatVersion").getAsInt());
        assertEquals(5.0, root.get("tolerancePct").getAsDouble());
        assertTrue(root.get("regressed").getAsBoolean());
        JsonObject runJson = root.getAsJsonArray("runs").get(0).getAsJsonObject();
        assertEquals(def, runJson.get("experiment").getAsString());
        JsonObject worst = runJson.getAsJsonArray("changes").asList().stream().map(e -> e.getAsJsonObject())
                .filter(o -> o.get("metric").getAsString().equals("worstAfterDisconnectUs")).findFirst()
                .orElseThrow();
        assertTrue(worst.get("regressed").getAsBoolean());
        assertEquals(root.getAsJsonObject("baseline").get("worstAfterDisconnectUs").getAsDouble(),
                worst.get("baseline").getAsDouble());

        // a folder of the two runs: its median is their mean, which the default run exceeds and the tailored not
        Path baselines = dir.resolve("baselines");
        copy(Path.of(def), baselines.resolve("default"));
        copy(Path.of(tailored), baselines.resolve("tailored"));
        CliRun folder = CliRun.of("compare", def, tailored, "--baseline", baselines.toString(), "--json");
        assertEquals(3, folder.code(), folder.out() + folder.err());
        JsonObject f = JsonParser.parseString(folder.out()).getAsJsonObject();
        assertEquals(2, f.getAsJsonObject("baseline").getAsJsonArray("experiments").size());
        long median = f.getAsJsonObject("baseline").get("worstAfterDisconnectUs").getAsLong();
        JsonObject defBaseline = root.getAsJsonObject("baseline");
        long tailoredUs = defBaseline.get("worstAfterDisconnectUs").getAsLong();
        long defaultUs = Math.round(worst.get("value").getAsDouble());
        assertEquals(Math.round((tailoredUs + defaultUs) / 2.0), median, 1);
        var runs = f.getAsJsonArray("runs");
        assertTrue(runs.get(0).getAsJsonObject().get("regressed").getAsBoolean(), folder.out());
        assertFalse(runs.get(1).getAsJsonObject().get("regressed").getAsBoolean(), folder.out());
    }

    @Test
    void badInputNamesWhatIsWrong(@TempDir Path dir) throws Exception {
        CliRun noBaseline = CliRun.of("compare", dir.toString());
        assertEquals(2, noBaseline.code());
        assertTrue(noBaseline.err().contains("--baseline EXPERIMENT|FOLDER is required"), noBaseline.err());
        Files.createDirectories(dir.resolve("empty"));
        CliRun empty = CliRun.of("compare", dir.toString(), "--baseline", dir.resolve("empty").toString());
        assertEquals(2, empty.code());
        assertTrue(empty.err().contains("the folder holds no experiment"), empty.err());
        CliRun tolerance = CliRun.of("compare", dir.toString(), "--baseline", dir.toString(), "--tolerance", "-3");
        assertEquals(2, tolerance.code());
        assertTrue(tolerance.err().contains("--tolerance: '-3' must be a percentage"), tolerance.err());
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (Stream<Path> s = Files.walk(from)) {
            s.forEach(p -> {
                try {
                    Files.copy(p, to.resolve(from.relativize(p).toString()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
