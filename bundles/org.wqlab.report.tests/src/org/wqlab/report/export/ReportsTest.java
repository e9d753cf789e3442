package org.wqlab.report.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.stats.HistogramBin;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.report.Comparison;
import org.wqlab.report.ComparisonRow;
import org.wqlab.report.TestData;
import org.wqlab.report.Units;

/** The text and HTML reports of the recorded simulator runs: widths, content from the data, self-containment. */
class ReportsTest {

    private static final Pattern SERIES = Pattern.compile(
            "<g class=\"series\" data-series=\"([^\"]*)\" data-points=\"(\\d+)\">\\s*<path class=\"series-[a-z]+\" "
                    + "d=\"(M[^\"]+)\"");

    @Test
    void textReportStaysWithin80ColumnsAndCarriesTheNumbers(@TempDir Path dir) throws Exception {
        List<LoadedExperiment> loaded = TestData.load(dir, TestData.PROFILES);
        for (Comparison c : List.of(Comparison.of(loaded), Comparison.of(loaded.subList(0, 1)))) {
            String text = TextReport.of(c);
            List<String> lines = text.lines().toList();
            for (String line : lines) {
                assertTrue(line.length() <= TextReport.WIDTH, "longer than 80 columns: '" + line + "'");
                assertFalse(line.endsWith(" "), "trailing blank: '" + line + "'");
                assertTrue(line.chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f), "not plain ASCII: '" + line + "'");
            }
            String flat = String.join(" ", lines).replaceAll("\\s+", " ");
            assertTrue(flat.contains("Verdict: " + c.verdict()), flat);
            for (int i = 0; i < c.rows().size(); i++) {
                ComparisonRow r = c.rows().get(i);
                String kernelRelease = c.experiments().get(i).metadata().boardFacts().get("kernelRelease");
                assertTrue(flat.contains(kernelRelease), kernelRelease);
                assertTrue(flat.contains(r.cachedKb() + " kB"), "cached size " + r.cachedKb());
                String label = TextReport.cut(c.labels().get(i), 14);
                Pattern row = Pattern.compile("^" + Pattern.quote(label) + " +" + r.count() + " +"
                        + Pattern.quote(Units.ms(r.worstUs())) + " +" + Pattern.quote(Units.ms(r.p99Us())) + " +",
                        Pattern.MULTILINE);
                assertTrue(row.matcher(text).find(), "results row of " + c.labels().get(i) + " in\n" + text);
                histogramRowsMatch(text, c.labels().get(i), c.statistics().get(i));
            }
        }
    }

    /** Every non-empty bin of the statistics appears as a row with its count and a bar. */
    private static void histogramRowsMatch(String text, String label, Statistics s) {
        int from = text.indexOf("Histogram of " + label + ":");
        assertTrue(from >= 0, "histogram of " + label);
        int to = text.indexOf("\n\n", from);
        String block = text.substring(from, to < 0 ? text.length() : to);
        long total = 0;
        for (HistogramBin bin : s.histogram()) {
            if (bin.count() > 0) {
                Matcher m = Pattern.compile("^  " + Pattern.quote(TextReport.range(bin)) + " +" + bin.count()
                        + "  (#+)$", Pattern.MULTILINE).matcher(block);
                assertTrue(m.find(), "bin " + TextReport.range(bin) + " x" + bin.count() + " in\n" + block);
                total += bin.count();
            }
        }
        assertEquals(s.count(), total);
    }

    @Test
    void htmlReportIsSelfContainedAndDrawsEachExperiment(@TempDir Path dir) throws Exception {
        List<LoadedExperiment> loaded = TestData.load(dir, TestData.PROFILES);
        Comparison c = Comparison.of(loaded);
        String html = HtmlReport.of(c);
        String lower = html.toLowerCase(Locale.ROOT);
        for (String external : List.of("http:", "https:", "src=", "<link", "<script", "@import", "//")) {
            assertFalse(lower.contains(external), "refers to something outside the file: " + external);
        }
        Matcher urls = Pattern.compile("url\\(([^)]*)\\)").matcher(html);
        while (urls.find()) {
            assertTrue(urls.group(1).startsWith("#"), "url() to outside the file: " + urls.group());
        }
        assertTrue(html.contains(c.verdict().replace("&", "&amp;")), "verdict");
        for (String chart : List.of("chart-overlay", "chart-histogram")) {
            int start = html.indexOf("<svg id=\"" + chart + "\"");
            assertTrue(start >= 0, chart);
            String svg = html.substring(start, html.indexOf("</svg>", start));
            Matcher m = SERIES.matcher(svg);
            int k = 0;
            while (m.find()) {
                assertEquals(c.labels().get(k), m.group(1));
                long expectedPoints = chart.equals("chart-overlay") ? c.series().get(k).size() : c.rows().get(k).count();
                assertEquals(expectedPoints, Long.parseLong(m.group(2)));
                assertTrue(m.group(3).length() > 10, "path of " + m.group(1));
                k++;
            }
            assertEquals(c.rows().size(), k, "one drawn series per experiment in " + chart);
        }
        Path one = dir.resolve("one.html");
        Files.writeString(one, HtmlReport.of(Comparison.of(loaded.subList(0, 1))), StandardCharsets.UTF_8);
        String single = Files.readString(one);
        assertTrue(single.contains("<svg id=\"chart-delay\""), "one experiment: delay vs time");
        assertTrue(single.contains("USB disconnect 2-1"), "the disconnect marker is labelled");
        assertTrue(single.contains("class=\"threshold\""), "the threshold line");
    }

    @Test
    void csvHasOneRowPerSampleAndEventInLineOrder(@TempDir Path dir) throws Exception {
        LoadedExperiment e = TestData.load(dir, List.of("default")).get(0);
        Path csv = dir.resolve("out/samples.csv");
        CsvExport.write(csv, e.content());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(CsvExport.HEADER, rows.get(0));
        assertEquals(e.content().samples().size() + e.content().events().size(), rows.size() - 1);
        long previousLine = 0;
        int samples = 0;
        for (String row : rows.subList(1, rows.size())) {
            String[] cells = row.split(",", -1);
            long line = Long.parseLong(cells[1]);
            assertTrue(line > previousLine, "line order: " + row);
            previousLine = line;
            if (cells[0].equals("sample")) {
                assertEquals(e.content().samples().delayUs(samples), Integer.parseInt(cells[6]));
                assertEquals(e.content().samples().timestampUs(samples), Long.parseLong(cells[2]));
                samples++;
            }
        }
        assertEquals(e.content().samples().size(), samples);
        assertTrue(rows.stream().anyMatch(r -> r.startsWith("event,") && r.contains(",usb_disconnect,2-1,")),
                String.join("\n", rows));
    }
}
