package org.wqlab.report.svg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.report.AlignedSeries;
import org.wqlab.report.Comparison;
import org.wqlab.report.TestData;

class OverlayWindowTest {

    /** A run reporting every 100 ms from -120 s to +600 s around the disconnect, 4 ms each, with a stall. */
    private static AlignedSeries run(String name, double stallAt, double stallMs, double lastLateAt) {
        int n = 7201;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i / 10.0 - 120;
            y[i] = 4;
        }
        y[(int) Math.round((stallAt + 120) * 10)] = stallMs;
        y[(int) Math.round((lastLateAt + 120) * 10)] = 12;
        return new AlignedSeries(name, x, y);
    }

    @Test
    void theOverlayEndsAfterTheLastLateReportInsteadOfShowingTheQuietHoursAfterIt() {
        List<AlignedSeries> series = List.of(run("default", 6.5, 6462, 20), run("tailored", 2.3, 2247, 71.2));
        assertEquals(87, Charts.overlayTo(series, 9), "15 s after the last late report (71.2 s), rounded up");
        assertEquals(-30, Charts.overlayFrom(series));

        List<AlignedSeries> quiet = List.of(run("default", 6.5, 6462, 2));
        assertEquals(Charts.OVERLAY_AFTER_S, Charts.overlayTo(quiet, 9), "at least a minute after the disconnect");

        List<AlignedSeries> late = List.of(run("late worst", 300, 900, 2));
        assertEquals(315, Charts.overlayTo(late, 9), "a worst delay long after the disconnect stays in view");

        double[] x = { -5, 0, 10 };
        double[] y = { 4, 900, 4 };
        assertEquals(Double.POSITIVE_INFINITY, Charts.overlayTo(List.of(new AlignedSeries("short", x, y)), 9),
                "no limit when nothing is later anyway");
    }

    @Test
    void pointsOutsideTheWindowAreLeftOutOfTheDrawingAndTheAxisSaysSo() {
        AlignedSeries one = run("default", 6.5, 6462, 20);
        String svg = new LineChart("c", "t", "s", List.of(one), List.of(new Marker(0, "USB disconnect")), 9)
                .from(-30).to(60).toSvg();
        Matcher path = Pattern.compile("<path class=\"series-line\" d=\"([^\"]+)\"").matcher(svg);
        assertTrue(path.find());
        List<Double> xs = new ArrayList<>();
        for (String p : path.group(1).substring(1).split(" L")) {
            xs.add(Double.parseDouble(p.trim().split(" ")[0]));
        }
        // plot area x 70 to 940 at the default width; axis from -30 - 2.7 to 60 + 2.7 (3 % padding)
        double pxPerS = 870 / 95.4;
        double first = 70 + 2.7 * pxPerS;
        double last = 940 - 2.7 * pxPerS;
        assertEquals(first, xs.get(0), 0.1, "the first point drawn is at -30 s");
        assertEquals(last, xs.get(xs.size() - 1), 0.1, "the last point drawn is at +60 s");
    }

    @Test
    void theWindowTheCompareEditorShowsIsTheWindowExported(@TempDir Path dir) throws Exception {
        Comparison c = Comparison.of(TestData.load(dir, List.of("tailored", "default")));
        String shown = Charts.overlay(c, "o", -2, 8);
        assertTrue(shown.contains("seconds from the USB disconnect (-2 s to +8 s;"), shown);
        String whole = Charts.overlay(c, "o");
        assertTrue(!whole.contains("(-2 s to +8 s;"), "the default range is its own");
    }

    @Test
    void seriesOnOneBaselineAreDrawnAsNestedStripes() {
        List<AlignedSeries> series = List.of(run("a", 1, 900, 2), run("b", 1, 800, 2), run("c", 1, 700, 2));
        String svg = new LineChart("c", "t", "s", series, List.of(), 9).toSvg();
        Matcher widths = Pattern.compile("class=\"series-line\" d=\"[^\"]+\" fill=\"none\" stroke=\"#[0-9a-f]{6}\" "
                + "stroke-width=\"([0-9.]+)\"").matcher(svg);
        List<Double> drawn = new ArrayList<>();
        while (widths.find()) {
            drawn.add(Double.parseDouble(widths.group(1)));
        }
        assertEquals(List.of(9.5, 5.5, 1.5), drawn, "the first drawn widest, the last on top narrowest");
    }
}
