package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The comparison explains before it ranks: the default sequence at 1024 and 2048 MiB on the simulated board costs
 * the same per cached MiB, so the text report says the difference is the cached size; at 1024 MiB on the default
 * and the tailored profile it says the tailored one is better at the same cached size.
 */
class ComparisonExplainsTest {

    private static final Pattern SAME_COST = Pattern.compile(
            "the same cost, ([0-9.]+) vs ([0-9.]+) ms per cached MiB: the difference is the cached size \\((\\d+) vs"
                    + " (\\d+) MiB\\)");

    private static String run(Path ws, String profile, String mib) {
        CliRun run = CliRun.of("run", "--board", "sim:" + profile, "--sim-speed", "40", "--var", "size.mib=" + mib,
                "--workspace", ws.toString(), "--json");
        assertEquals(0, run.code(), profile + " " + mib + " MiB: " + run.out() + run.err());
        JsonObject summary = JsonParser.parseString(run.out()).getAsJsonObject();
        return summary.get("experiment").getAsString();
    }

    private static String text(String... experiments) {
        String[] args = new String[experiments.length + 2];
        args[0] = "report";
        System.arraycopy(experiments, 0, args, 1, experiments.length);
        args[args.length - 1] = "--text";
        CliRun report = CliRun.of(args);
        assertEquals(0, report.code(), report.out() + report.err());
        return report.out().replaceAll("\\s+", " ");
    }

    @Test
    void theSameCostPerCachedMiBIsTheCachedSizeAndTheSameSizeIsTheConfig(@TempDir Path dir) {
        Path ws = dir.resolve("ws");
        String small = run(ws, "rcar-h3-default", "1024");
        String large = run(ws, "rcar-h3-default", "2048");
        String tailored = run(ws, "rcar-h3-tailored", "1024");

        String sizes = text(small, large);
        Matcher m = SAME_COST.matcher(sizes);
        assertTrue(m.find(), "the text explains by the cached size: " + sizes);
        double a = Double.parseDouble(m.group(1));
        double b = Double.parseDouble(m.group(2));
        assertTrue(Math.abs(a - b) <= 0.1 * Math.max(a, b), "costs per cached MiB within 10 %: " + a + " vs " + b);
        assertEquals(1024, Integer.parseInt(m.group(3)), 24, "the smaller copy's share of the cache: " + sizes);
        assertEquals(2048, Integer.parseInt(m.group(4)), 24, "the larger copy's share of the cache: " + sizes);
        assertTrue(sizes.contains("size.mib=1024") && sizes.contains("size.mib=2048"),
                "named by the differing variable: " + sizes);

        String configs = text(small, tailored);
        Matcher better = Pattern.compile("Why: ([^:]{0,80}tailored[^:]{0,40}) is ([0-9.]+)x better than"
                + " ([^:]{0,80}default[^:]{0,40}) at the"
                + " same cached size \\((\\d+) MiB\\)").matcher(configs);
        assertTrue(better.find(), "the text says the tailored profile is better at the same size: " + configs);
        assertTrue(Double.parseDouble(better.group(2)) > 1.5, configs);
        assertEquals(1024, Integer.parseInt(better.group(4)), 24, configs);
        assertTrue(configs.contains("they differ in board"), configs);
    }
}
