package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.report.svg.Svg;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The reports say why: a stalled run on the simulated board reports its stored verdict (coloured as stalled), the
 * work items that held the CPU during the worst delay and the advice, in HTML and in text; an imported log without
 * an analysis says there is no verdict instead of showing one.
 */
class ReportWhyTest {

    private static final Pattern ATTRIBUTION = Pattern.compile(
            "<table class=\"attribution\" id=\"attribution-0\">(.*?)</table>", Pattern.DOTALL);

    @Test
    void aStalledRunsReportsCarryTheVerdictTheAttributionAndTheAdvice(@TempDir Path dir) throws Exception {
        CliRun run = CliRun.of("run", "--report-procedure", "--board", "sim", "--sim-speed", "40", "--workspace",
                dir.resolve("ws").toString(), "--json");
        JsonObject summary = JsonParser.parseString(run.out()).getAsJsonObject();
        Path experiment = Path.of(summary.get("experiment").getAsString());
        JsonObject analysis = JsonParser.parseString(Files.readString(experiment.resolve("analysis.json")))
                .getAsJsonObject();
        JsonObject verdict = analysis.getAsJsonObject("verdict");
        assertEquals("stalled", verdict.get("kind").getAsString(), "the simulated default run stalls: " + run.out());
        String advice = verdict.getAsJsonArray("advice").get(0).getAsString();
        String culprit = worstCulprit(analysis.getAsJsonArray("delays"));
        assertTrue(culprit.startsWith("hub_event"), "the simulator's trace names the USB hub's work item: " + culprit);

        Path html = dir.resolve("report.html");
        CliRun h = CliRun.of("report", experiment.toString(), "--html", html.toString());
        assertEquals(0, h.code(), h.err());
        String page = Files.readString(html);
        assertTrue(page.contains("<p class=\"verdict stalled\" id=\"verdict\">"), "the verdict is coloured as stalled");
        assertTrue(page.contains("<p class=\"why stalled\" id=\"why-0\">"
                + Svg.esc(verdict.get("headline").getAsString()) + "</p>"), "the stored headline");
        Matcher table = ATTRIBUTION.matcher(page);
        assertTrue(table.find(), "an attribution table: " + page);
        String first = table.group(1).split("</tr>")[1];
        assertTrue(first.contains("<td>" + Svg.esc(culprit) + "</td><td>usb_hub_wq</td><td>kworker/0:"), first);
        assertTrue(page.contains("<li>" + Svg.esc(advice) + "</li>"), "the advice: " + advice);

        CliRun text = CliRun.of("report", experiment.toString(), "--text");
        assertEquals(0, text.code(), text.err());
        String t = text.out().replaceAll("\\s+", " ");
        assertTrue(t.contains("verdict stalled: " + verdict.get("headline").getAsString().replaceAll("\\s+", " ")), t);
        assertTrue(t.contains("held CPU 0 " + culprit + " (usb_hub_wq, kworker/0:"), t);
        assertTrue(t.contains("advice " + advice.replaceAll("\\s+", " ")), t);
        assertTrue(text.out().lines().allMatch(l -> l.length() <= 80), text.out());
    }

    @Test
    void anImportWithoutAnalysisSaysThereIsNoVerdict(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("dmesg-plain.log");
        try (InputStream in = ReportWhyTest.class.getResourceAsStream("/testdata/dmesg-plain.log")) {
            Files.copy(in, log);
        }
        CliRun imp = CliRun.of("import", log.toString(), "--workspace", dir.resolve("ws").toString());
        assertEquals(0, imp.code(), imp.err());
        String line = imp.out().lines().filter(l -> l.startsWith("imported ")).findFirst().orElseThrow();
        Path experiment = Path.of(line.substring(line.indexOf(" as ") + 4));

        Path html = dir.resolve("report.html");
        assertEquals(0, CliRun.of("report", experiment.toString(), "--html", html.toString()).code());
        String page = Files.readString(html);
        assertTrue(page.contains("<p class=\"verdict unknown\" id=\"verdict\">"), "no colour without a verdict");
        assertTrue(page.contains("<p class=\"why unknown\">No verdict or attribution: the experiment has no "
                + "analysis.json"), page);
        assertTrue(!page.contains("class=\"attribution\""), "no attribution table");
    }

    /** The function of the first culprit of the largest delay in analysis.json. */
    private static String worstCulprit(JsonArray delays) {
        JsonObject worst = null;
        for (var d : delays) {
            JsonObject o = d.getAsJsonObject();
            if (worst == null || o.get("delayUs").getAsLong() > worst.get("delayUs").getAsLong()) {
                worst = o;
            }
        }
        return worst.getAsJsonArray("culprits").get(0).getAsJsonObject().get("function").getAsString();
    }
}
