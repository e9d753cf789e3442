package org.wqlab.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.report.export.HtmlReport;

/**
 * A log of the improved module (every run reported, two CPUs, a 2.3 s stall after the pull) imported as an
 * experiment and compared with a recorded classic run: p99 differs from the worst here, and the series are long.
 * Expected values come from the log text read with regular expressions.
 */
class StructuredLogComparisonTest {

    private static final Pattern LINE = Pattern.compile("^\\[\\s*(\\d+)\\.(\\d{6})\\] (.*)$");
    private static final Pattern REPORT = Pattern.compile("^latency_mon: cpu=\\d+ seq=\\d+ delay_us=(-?\\d+)$");

    @Test
    void structuredReportsAreAlignedAndRankedFromTheLogText(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("structured-pull.log");
        try (InputStream in = getClass().getResourceAsStream("/testdata/structured-pull.log")) {
            Files.copy(in, log);
        }
        LoadedExperiment structured = ExperimentLoader.importLog(new Workspace(dir.resolve("ws")), log, "improved",
                Instant.parse("2026-11-29T12:00:00Z"));
        LoadedExperiment classic = TestData.load(dir, List.of("default")).get(0);

        List<Long> times = new ArrayList<>();
        List<Long> delays = new ArrayList<>();
        long pull = -1;
        for (String line : Files.readAllLines(log)) {
            Matcher m = LINE.matcher(line);
            assertTrue(m.matches(), line);
            long us = Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(m.group(2));
            Matcher r = REPORT.matcher(m.group(3));
            if (r.matches()) {
                times.add(us);
                delays.add(Long.parseLong(r.group(1)));
            } else if (m.group(3).contains("USB disconnect") && pull < 0) {
                pull = us;
            }
        }
        long[] sorted = delays.stream().mapToLong(Long::longValue).sorted().toArray();
        long worst = sorted[sorted.length - 1];
        long p99 = sorted[(int) Math.ceil(0.99 * sorted.length) - 1];
        long worstAfter = Long.MIN_VALUE;
        for (int i = 0; i < times.size(); i++) {
            if (times.get(i) > pull && times.get(i) <= pull + 60_000_000L) {
                worstAfter = Math.max(worstAfter, delays.get(i));
            }
        }

        Comparison c = Comparison.of(List.of(structured, classic));
        ComparisonRow row = c.rows().get(0);
        assertEquals(delays.size(), row.count());
        assertEquals(worst, row.worstUs());
        assertEquals(p99, row.p99Us());
        assertNotEquals(row.worstUs(), row.p99Us(), "one stall among ~1800 reports is above the 99th percentile");
        assertEquals(worstAfter, row.worstAfterDisconnectUs());
        assertEquals(-1, row.cachedKb(), "an imported log has no run record");

        final long t0 = pull;
        double[] seconds = times.stream().mapToDouble(t -> (t - t0) / 1e6).toArray();
        double[] ms = delays.stream().mapToDouble(d -> d / 1000.0).toArray();
        assertArrayEquals(seconds, c.series().get(0).secondsFromDisconnect(), 1e-9);
        assertArrayEquals(ms, c.series().get(0).delayMs(), 1e-9);
        assertEquals(0, c.alignedSeconds(0, pull), 0);

        long classicWorst = c.rows().get(1).worstUs();
        String ratio = String.format(Locale.ROOT, "%.1f", (double) classicWorst / worst);
        assertEquals("The worst delay of improved (" + Units.ms(worst) + " ms) is " + ratio + "x shorter than that of "
                + c.labels().get(1) + " (" + Units.ms(classicWorst) + " ms)", c.verdict());

        String html = HtmlReport.of(c);
        assertTrue(html.contains("<g class=\"series\" data-series=\"improved\" data-points=\"" + delays.size()
                + "\">\n<path class=\"series-line\""), "all runs reported: drawn as a line");
        assertTrue(Arrays.stream(sorted).anyMatch(d -> d > 10_000 && d < worst), "late runs besides the stall");
    }
}
