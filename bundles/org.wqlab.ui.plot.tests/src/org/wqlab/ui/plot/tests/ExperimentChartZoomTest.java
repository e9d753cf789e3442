package org.wqlab.ui.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;

import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.Test;
import org.wqlab.klog.KlogParser;
import org.wqlab.klog.LogContentSink;
import org.wqlab.live.ExperimentSeries;
import org.wqlab.live.SeriesSnapshot;
import org.wqlab.ui.plot.ExperimentChart;
import org.wqlab.ui.plot.DrawnSeries;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.SyntheticKernelLog;
import org.wqlab.ui.testing.UiWait;

/**
 * Decimation that keeps every peak, on a real chart under Xvfb: an experiment of 400 000 samples on 4 CPUs is drawn by
 * {@link ExperimentChart}; zooming in steps (mouse-wheel notches around the stall, then windows that cut through
 * bursts elsewhere) must at every level leave far fewer points in the chart than samples, yet the series the chart
 * holds must contain the largest delay of the visible window (checked against every sample in it).
 */
class ExperimentChartZoomTest {
    private static final int SAMPLES = 400_000;
    private static final int CPUS = 4;

    @Test
    void theLargestValueInViewIsDrawnAtEveryZoomLevel() throws Exception {
        Display display = Display.getDefault();
        SyntheticKernelLog log = new SyntheticKernelLog();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        log.write(bytes, SAMPLES, CPUS, 1_000);
        LogContentSink sink = new LogContentSink();
        KlogParser parser = new KlogParser(sink);
        byte[] b = bytes.toByteArray();
        parser.feed(b, 0, b.length);
        parser.finish();
        ExperimentSeries series = ExperimentSeries.of(sink.content(parser.lines()));
        assertEquals(SAMPLES, series.sampleCount());

        Shell shell = new Shell(display, SWT.SHELL_TRIM);
        shell.setLayout(new FillLayout());
        shell.setSize(1000, 600);
        ExperimentChart chart = new ExperimentChart(shell, "zoom test");
        shell.open();
        UiWait.settle(display);
        try {
            chart.setSeries(series);
            Predicate<Frame> fullRange = f -> f.fromSeconds() <= series.oldestUs() / 1e6
                    && f.toSeconds() >= series.newestUs() / 1e6;
            Frame all = waitForFrame(display, chart, fullRange, "the whole experiment");
            assertLargestInViewIsDrawn(chart, series, all);
            assertEquals(SyntheticKernelLog.LARGEST_US, all.maxDrawn());

            // mouse-wheel notches centred on the stall: 0.8x per notch, down to about a tenth of a second
            int levels = 0;
            Frame previous = all;
            while (previous.toSeconds() - previous.fromSeconds() > 0.1) {
                int px = chart.chart().getAxisSet().getXAxis(0).getPixelCoordinate(log.largestAtUs / 1e6);
                chart.zoomAt(px, true);
                Frame before = previous;
                double width = before.toSeconds() - before.fromSeconds();
                Frame zoomed = waitForFrame(display, chart, f -> f.toSeconds() - f.fromSeconds() < width * 0.9,
                        "a frame zoomed in from " + width + " s");
                assertLargestInViewIsDrawn(chart, series, zoomed);
                previous = zoomed;
                levels++;
            }
            assertTrue(levels >= 20, "zoom levels: " + levels);
            Screenshots.capture(shell, Screenshots.directory().resolve("experiment-zoomed-on-stall.png"));

            // windows away from the stall, with edges at odd places, from wide to narrow
            double start = series.oldestUs() / 1e6;
            double span = (series.newestUs() - series.oldestUs()) / 1e6;
            for (double width = span / 3; width > 0.05; width /= 4.3) {
                for (double from = start + 0.37; from + width < start + span; from += Math.max(width * 1.7, span / 6)) {
                    chart.showRange(from, from + width);
                    double fromS = from;
                    double toS = from + width;
                    Frame f = waitForFrame(display, chart, g -> g.fromSeconds() == fromS && g.toSeconds() == toS,
                            "a frame of [" + fromS + ", " + toS + "]");
                    assertLargestInViewIsDrawn(chart, series, f);
                }
            }
            chart.showAll();
            Frame back = waitForFrame(display, chart, fullRange, "the whole experiment again");
            assertEquals(SyntheticKernelLog.LARGEST_US, back.maxDrawn());
            Path shot = Screenshots.directory().resolve("experiment-all.png");
            Screenshots.capture(shell, shot);
            assertTrue(shot.toFile().isFile());
        } finally {
            shell.dispose();
        }
    }

    /** A frame of an earlier request can still be painted after a change: the test names the frame it waits for. */
    private static Frame waitForFrame(Display display, ExperimentChart chart, Predicate<Frame> wanted, String what) {
        return UiWait.until(display, () -> {
            Frame f = chart.lastFrame();
            return f != null && wanted.test(f) ? f : null;
        }, Duration.ofSeconds(30), what);
    }

    /** The chart's drawn series contain the largest delay of the samples in the frame's window. */
    private static void assertLargestInViewIsDrawn(ExperimentChart chart, ExperimentSeries series, Frame f) {
        long fromUs = (long) Math.floor(f.fromSeconds() * 1e6);
        long toUs = (long) Math.ceil(f.toSeconds() * 1e6) + 1;
        int largest = Integer.MIN_VALUE;
        long samplesInView = 0;
        for (SeriesSnapshot s : series.series()) {
            for (int i = 0; i < s.size(); i++) {
                if (s.timeUs()[i] >= fromUs && s.timeUs()[i] < toUs) {
                    largest = Math.max(largest, s.delayUs()[i]);
                    samplesInView++;
                }
            }
        }
        double drawn = Double.NEGATIVE_INFINITY;
        int points = 0;
        for (DrawnSeries s : chart.drawnSeries()) {
            double[] xs = s.xs();
            double[] ys = s.ys();
            points += xs.length;
            for (int i = 0; i < xs.length; i++) {
                long tUs = Math.round(xs[i] * 1e6);
                if (tUs >= fromUs && tUs < toUs) {
                    drawn = Math.max(drawn, ys[i]);
                }
            }
        }
        String window = String.format(java.util.Locale.ROOT, "[%.6f, %.6f] s", f.fromSeconds(), f.toSeconds());
        assertEquals(largest / 1000.0, drawn, "largest delay in view " + window + " (" + samplesInView
                + " samples, " + points + " points drawn)");
        // per pixel column and CPU at most two samples (its min and max) and, where samples are sparser than
        // pixels, one vertex that squares the line; plus each series' neighbours just outside the window
        int columns = Math.max(f.columns(), chart.chart().getPlotArea().getSize().x);
        int cpus = series.series().size();
        assertTrue(points <= cpus * (3 * (columns + 2) + 2), points + " points drawn for " + columns + " columns");
        if (samplesInView > 4L * cpus * columns) {
            assertTrue(points < samplesInView / 2, points + " points drawn for " + samplesInView + " samples");
        }
    }
}
