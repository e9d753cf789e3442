package org.wqlab.report.svg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.AttributedDelay;
import org.wqlab.analysis.Culprit;
import org.wqlab.analysis.StallShade;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.palette.Palette;
import org.wqlab.core.palette.PlotKey;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.live.ExperimentSeries;

/**
 * The delay chart as SVG of a stalled experiment (a run of the report procedure on the simulated board with its
 * analysis; reports of CPUs 0 and 1 every 100 ms, CPU 0's stalled for 1952 ms while hub_event held it), for a window
 * around the stall: the attribution's shading at the late interval's and the work item's x positions, the marker of
 * the USB disconnect with its label, the threshold at its delay, the stall drawn, the legend; and over the whole
 * experiment at a width where buckets hold several reports, CPU 1's lone spike still drawn.
 */
class DelayPlotTest {

    private static final List<String> FILES = List.of("experiment.json", "kernel.log", "run.json", "analysis.json");
    private static final Pattern PLOT_AREA = Pattern.compile(
            "<rect class=\"plot-area\" x=\"([\\d.]+)\" y=\"([\\d.]+)\" width=\"([\\d.]+)\" height=\"([\\d.]+)\"");

    private ExperimentSeries series;
    private Analysis analysis;
    private DelayPlot plot;

    @BeforeEach
    void load(@TempDir Path dir) throws Exception {
        ExperimentFolder folder = new ExperimentFolder(copy(dir.resolve("stalled")));
        LoadedExperiment loaded = ExperimentLoader.load(folder);
        series = ExperimentSeries.of(loaded.content());
        analysis = AnalysisFiles.read(folder).orElseThrow();
        plot = new DelayPlot("stalled run", series, series.thresholdUs(), StallShade.of(analysis));
    }

    @Test
    void aWindowAroundTheStallShowsItsShadingMarkerAndThreshold() {
        AttributedDelay worst = analysis.worst();
        Culprit hub = worst.culprits().get(0);
        assertEquals("hub_event", hub.function());
        assertEquals(10_000, series.thresholdUs(), "the module's start line sets the threshold");
        double from = worst.lateFromUs() / 1e6 - 5;
        double to = worst.lateToUs() / 1e6 + 5;
        PlotWindow window = new PlotWindow(from, to, 0, 2100, false, Double.NaN, 1000, 500);
        String svg = plot.svg("chart-stall", window);

        double[] area = plotArea(svg);
        Scale x = new Scale(from, to, area[0], area[0] + area[2]);
        Scale y = new Scale(0, 2100, area[1] + area[3], area[1]);

        double[] late = rect(svg, "stall-late");
        assertEquals(x.px(worst.lateFromUs() / 1e6), late[0], 0.11, "the late interval starts at its x");
        assertEquals(x.px(worst.lateToUs() / 1e6) - x.px(worst.lateFromUs() / 1e6), late[1], 0.2,
                "and ends at its x");
        double[] held = rect(svg, "stall-shade");
        assertEquals(x.px(hub.startUs() / 1e6), held[0], 0.11, "the work item's span starts when it started");
        assertEquals(x.px(hub.endUs() / 1e6) - x.px(hub.startUs() / 1e6), held[1], 0.2, "and ends when it ended");
        assertTrue(svg.contains("fill=\"" + Palette.STALL_LATE.hex() + "\"")
                && svg.contains("fill=\"" + Palette.STALL_SHADE.hex() + "\""), "the palette's shades");
        assertTrue(svg.contains(">hub_event on usb_hub_wq: held CPU 0 1952 ms</text>"), "the shade's label");

        List<Double> markers = numbers(svg, "<line class=\"marker\" data-kind=\"usb_disconnect\" x1=\"([\\d.]+)\"");
        assertEquals(1, markers.size(), "the disconnect is the one event in view: " + markers);
        long disconnectUs = series.events().stream().filter(e -> e.label().equals("USB disconnect 2-1")).findFirst()
                .orElseThrow().timeUs();
        assertEquals(x.px(disconnectUs / 1e6), markers.get(0), 0.11, "the disconnect's marker at its time");
        assertEquals(1, count(svg, "<line class=\"marker\" data-kind=\"u")
                + count(svg, "<line class=\"marker\" data-kind=\"module"), "the load and the reconnect are out of view");
        List<String> stepsInView = series.events().stream().filter(e -> e.kind() == EventKind.MARK
                && e.timeUs() >= from * 1e6 && e.timeUs() <= to * 1e6).map(e -> e.label()).toList();
        assertTrue(!stepsInView.isEmpty(), "a step of the run in the window");
        assertEquals(stepsInView.size(), count(svg, "<line class=\"marker\" data-kind=\"mark\""));
        assertTrue(svg.contains(">USB disconnect 2-1</text>"), "the disconnect keeps its label among the steps'");
        assertTrue(svg.contains("fill=\"" + Palette.USB_DISCONNECT.hex() + "\">USB disconnect 2-1</text>"),
                "the marker's label in its colour");

        List<Double> threshold = numbers(svg, "<line class=\"threshold\" x1=\"[\\d.]+\" x2=\"[\\d.]+\" y1=\"([\\d.]+)\"");
        assertEquals(1, threshold.size());
        assertEquals(y.px(10), threshold.get(0), 0.11, "the threshold at 10 ms");
        assertTrue(svg.contains(">threshold 10.000 ms</text>"), "labelled as on screen");

        String cpu0 = path(svg, "CPU 0");
        assertTrue(cpu0.contains(" L" + Svg.n(x.px(worst.lateToUs() / 1e6)) + " " + Svg.n(y.px(1952))),
                "the late report is drawn at 1952 ms: " + cpu0);
        assertTrue(svg.contains("stroke=\"" + Palette.series(0).hex() + "\"")
                && svg.contains("stroke=\"" + Palette.series(1).hex() + "\""), "each CPU in its colour");
        for (PlotKey k : PlotKey.DELAY_CHART) {
            assertTrue(svg.contains(">" + Svg.esc(k.text()) + "</text>"), "the legend names " + k.text());
        }
        assertTrue(svg.contains(">CPU 0</text>") && svg.contains(">CPU 1</text>"), "and the CPUs");
    }

    @Test
    void theWholeExperimentAtFewPixelsKeepsEverySpike() {
        PlotWindow window = PlotWindow.whole(series, 400, 300);
        assertEquals(series.oldestUs() / 1e6 - Math.max(0.5, (series.newestUs() - series.oldestUs()) / 1e6 * 0.02),
                window.fromS(), 1e-9, "Show all's margin");
        String svg = plot.svg("chart-all", new PlotWindow(window.fromS(), window.toS(), 0, 2100, false, Double.NaN,
                400, 300));
        double[] area = plotArea(svg);
        Scale y = new Scale(0, 2100, area[1] + area[3], area[1]);
        List<Double> cpu1 = new ArrayList<>();
        Matcher m = Pattern.compile("[ML][\\d.]+ ([\\d.]+)").matcher(path(svg, "CPU 1"));
        while (m.find()) {
            cpu1.add(Double.parseDouble(m.group(1)));
        }
        int reports = series.series().stream().filter(s -> s.cpu() == 1).findFirst().orElseThrow().size();
        int columns = (int) Math.round(area[2]);
        assertTrue(cpu1.size() <= 2 * columns + 2 && cpu1.size() < reports,
                "at most two points per pixel column: " + cpu1.size() + " of " + reports + " in " + columns);
        assertEquals(y.px(7.4), cpu1.stream().mapToDouble(Double::doubleValue).min().orElseThrow(), 0.11,
                "CPU 1's 7.4 ms spike is drawn");
        assertEquals(2, count(svg, "<rect class=\"stall-"), "the stall's two shades");
        assertEquals(series.events().size(), count(svg, "<line class=\"marker\""), "every event in view");
    }

    @Test
    void withoutAGivenDelayRangeTheLargestDelayInViewFits() {
        AttributedDelay worst = analysis.worst();
        String svg = plot.svg("chart-fit", PlotWindow.of(worst.lateFromUs() / 1e6 - 5, worst.lateToUs() / 1e6 + 5,
                false, 1000, 500));
        double[] area = plotArea(svg);
        double top = numbers(path(svg, "CPU 0"), "[ML][\\d.]+ ([\\d.]+)").stream().mapToDouble(Double::doubleValue)
                .min().orElseThrow();
        assertTrue(top > area[1] && top < area[1] + area[3] * 0.2, "the stall near the top: " + top);
    }

    private record Scale(double from, double to, double fromPx, double toPx) {
        double px(double v) {
            return fromPx + (v - from) / (to - from) * (toPx - fromPx);
        }
    }

    private static double[] plotArea(String svg) {
        Matcher m = PLOT_AREA.matcher(svg);
        assertTrue(m.find(), "the plot area");
        return new double[] { Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4)) };
    }

    /** {x, width} of the one rect of the class. */
    private static double[] rect(String svg, String cls) {
        Matcher m = Pattern.compile("<rect class=\"" + cls + "\" x=\"([\\d.]+)\" y=\"[\\d.]+\" width=\"([\\d.]+)\"")
                .matcher(svg);
        assertTrue(m.find(), cls + " in " + svg);
        double[] r = { Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)) };
        assertTrue(!m.find(), "one " + cls);
        return r;
    }

    private static String path(String svg, String series) {
        Matcher m = Pattern.compile("<g class=\"series\" data-series=\"" + series
                + "\" data-points=\"\\d+\">\\s*<path class=\"series-line\" d=\"([^\"]+)\"").matcher(svg);
        assertTrue(m.find(), series + "'s path");
        return m.group(1);
    }

    private static List<Double> numbers(String text, String regex) {
        List<Double> out = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            out.add(Double.parseDouble(m.group(1)));
        }
        return out;
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    private static Path copy(Path dir) throws IOException {
        Files.createDirectories(dir);
        for (String f : FILES) {
            try (InputStream in = DelayPlotTest.class.getResourceAsStream("/testdata/stalled-experiment/" + f)) {
                Files.copy(in, dir.resolve(f));
            }
        }
        return dir;
    }
}
