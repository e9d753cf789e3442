package org.wqlab.report.svg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.wqlab.report.AlignedSeries;

class LineChartTest {

    @Test
    void aLongSeriesIsReducedPerPixelColumnWithoutLosingItsSpike() {
        int n = 200_000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i / 1000.0;
            y[i] = 0.05 + (i % 7) * 0.01;
        }
        int spike = 123_457;
        y[spike] = 6494;
        String svg = new LineChart("c", "t", "s", List.of(new AlignedSeries("run", x, y)), List.of(new Marker(100,
                "USB disconnect")), 10).toSvg();
        Matcher path = Pattern.compile("<path class=\"series-line\" d=\"([^\"]+)\"").matcher(svg);
        assertTrue(path.find(), svg.substring(0, Math.min(svg.length(), 2000)));
        String[] points = path.group(1).substring(1).split(" L");
        assertTrue(points.length <= 4 * 960, "reduced to at most 4 points per column: " + points.length);
        assertTrue(points.length > 960, "every column keeps its points: " + points.length);
        double top = Double.MAX_VALUE;
        for (String p : points) {
            top = Math.min(top, Double.parseDouble(p.trim().split(" ")[1]));
        }
        // plot area y 350 (bottom) to 60 (top) at the default 960x420; log axis from 0.01 ms (the decade below
        // the smallest delay, 0.05) to 10000 ms (the decade above the spike)
        double expected = 350 - 290 * (Math.log10(6494) + 2) / 6;
        assertEquals(expected, top, 0.06, "the spike is the highest point drawn");
        assertTrue(svg.contains("USB disconnect"), "marker label");
        assertEquals(1, countOf(svg, "class=\"threshold\""));
    }

    private static int countOf(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
