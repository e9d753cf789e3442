package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The comparison report, headless: the default runs of the three simulator profiles ({@code wqlab run
 * --board sim:PROFILE}), compared in an HTML report ({@code wqlab report ... --html}) that headless Chromium opens
 * and renders with both charts. The screenshot is kept in target/screenshots (docs/compare-report.png).
 */
class CompareReportChromiumTest {

    private static final List<String> PROFILES = List.of("rcar-h3-default", "rcar-h3-tailored", "rcar-h3-linux6.12");
    /** Series colours of the report's palette (org.wqlab.report.svg.Svg.PALETTE), in experiment order. */
    private static final int[] SERIES_RGB = { 0x0072b2, 0xd55e00, 0x009e73 };
    private static final Pattern SERIES = Pattern.compile(
            "<g class=\"series\" data-series=\"([^\"]*)\" data-points=\"(\\d+)\">\\s*<path class=\"series-[a-z]+\" "
                    + "d=\"(M[^\"]+)\"");

    @Test
    void comparisonOfTheThreeProfilesRendersBothChartsInChromium(@TempDir Path dir) throws Exception {
        Path chromium = Path.of(System.getProperty("wqlab.chromium", "/usr/bin/chromium"));
        assertTrue(Files.isExecutable(chromium), chromium + " is missing: install it (apt-get install chromium) "
                + "or set -Dwqlab.chromium=PATH");
        Path ws = dir.resolve("ws");
        List<String> experiments = new ArrayList<>();
        for (String profile : PROFILES) {
            CliRun run = CliRun.of("run", "--board", "sim:" + profile, "--sim-speed", "40", "--workspace", ws.toString(),
                    "--json");
            JsonObject summary = JsonParser.parseString(run.out()).getAsJsonObject();
            String status = summary.get("status").getAsString();
            System.out.println(profile + ": " + status + ": " + summary.get("summary").getAsString());
            // the comparison takes the experiment as recorded; a run that stopped after the pull is still compared
            assertTrue(run.code() == 0 || status.equals("failed"), profile + ": " + run.out() + run.err());
            Path experiment = Path.of(summary.get("experiment").getAsString());
            assertTrue(Files.readString(experiment.resolve("kernel.log")).contains("USB disconnect"),
                    profile + " pulled the stick");
            experiments.add(experiment.toString());
        }

        Path html = dir.resolve("compare-report.html");
        List<String> args = new ArrayList<>(List.of("report"));
        args.addAll(experiments);
        args.addAll(List.of("--html", html.toString()));
        CliRun report = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, report.code(), report.out() + report.err());
        assertTrue(report.out().contains(" is "), "the verdict is printed: " + report.out());

        String dom = chromium(chromium, dir, "--dump-dom", html);
        List<String> labels = List.of("default", "tailored", "linux6.12");
        for (String chart : List.of("chart-overlay", "chart-histogram")) {
            int start = dom.indexOf("<svg id=\"" + chart + "\"");
            assertTrue(start >= 0, chart + " is in the rendered DOM");
            String svg = dom.substring(start, dom.indexOf("</svg>", start));
            Matcher m = SERIES.matcher(svg);
            List<String> drawn = new ArrayList<>();
            while (m.find()) {
                drawn.add(m.group(1));
                assertTrue(Long.parseLong(m.group(2)) > 0, chart + " " + m.group(1) + " has points");
                assertTrue(m.group(3).split("[MLVH]").length > 2, chart + " " + m.group(1) + " path: " + m.group(3));
            }
            assertEquals(labels, drawn, "one path per experiment in " + chart);
        }

        Path png = dir.resolve("compare-report.png");
        chromium(chromium, dir, "--screenshot=" + png, html);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1200, image.getWidth());
        int nonWhite = 0;
        int[] seriesPixels = new int[SERIES_RGB.length];
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                if (rgb != 0xffffff) {
                    nonWhite++;
                }
                for (int k = 0; k < SERIES_RGB.length; k++) {
                    if (close(rgb, SERIES_RGB[k])) {
                        seriesPixels[k]++;
                    }
                }
            }
        }
        assertTrue(nonWhite > image.getWidth() * image.getHeight() / 50, "the page is not blank: " + nonWhite);
        for (int k = 0; k < SERIES_RGB.length; k++) {
            // more than the two legend swatches (2 x 144 px): the series themselves are drawn
            assertTrue(seriesPixels[k] > 400, labels.get(k) + " drawn in its colour: " + seriesPixels[k] + " px");
        }
        Path keep = Path.of(System.getProperty("wqlab.screenshot.dir", "target/screenshots"));
        Files.createDirectories(keep);
        Files.copy(png, keep.resolve("compare-report.png"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(html, keep.resolve("compare-report.html"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static boolean close(int rgb, int target) {
        int dr = Math.abs(((rgb >> 16) & 0xff) - ((target >> 16) & 0xff));
        int dg = Math.abs(((rgb >> 8) & 0xff) - ((target >> 8) & 0xff));
        int db = Math.abs((rgb & 0xff) - (target & 0xff));
        return dr + dg + db <= 40;
    }

    /** Runs headless Chromium on the file with its own fresh profile; returns its standard output. */
    private static String chromium(Path chromium, Path dir, String action, Path html) throws Exception {
        Path profile = Files.createTempDirectory(dir, "chromium-profile");
        Path out = dir.resolve("chromium.out");
        Path err = dir.resolve("chromium.err");
        Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, action, "--window-size=1200,1600",
                html.toUri().toString()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish: " + Files.readString(err));
        }
        assertEquals(0, p.exitValue(), "chromium " + action + ": " + Files.readString(err));
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
