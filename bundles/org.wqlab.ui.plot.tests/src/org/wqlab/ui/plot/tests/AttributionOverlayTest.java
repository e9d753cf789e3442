package org.wqlab.ui.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.Test;
import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.Culprit;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.live.ExperimentSeries;
import org.wqlab.ui.plot.AttributionOverlay;
import org.wqlab.ui.plot.ExperimentChart;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * A real experiment (the default sequence on the simulated board, recorded by the runner
 * with its trace and analyzed; trace.log left out of the test data for size) drawn with the attribution overlay: the
 * stall is a shaded span labelled with hub_event, the verdict is shown above the chart.
 */
class AttributionOverlayTest {

    private static final List<String> FILES = List.of("experiment.json", "kernel.log", "run.json", "analysis.json");

    private ExperimentFolder experiment() throws IOException {
        Path folder = Files.createTempDirectory("wqlab-attribution").resolve("experiment");
        Files.createDirectories(folder);
        for (String f : FILES) {
            try (InputStream in = getClass().getResourceAsStream("/testdata/attribution-experiment/" + f)) {
                Files.copy(in, folder.resolve(f));
            }
        }
        return new ExperimentFolder(folder);
    }

    @Test
    void stallIsShadedAndLabelledWithTheWorkFunctionAndTheVerdictIsShown() throws Exception {
        ExperimentFolder folder = experiment();
        LoadedExperiment loaded = ExperimentLoader.load(folder);
        Analysis analysis = AnalysisFiles.read(folder).orElseThrow();
        Culprit hub = analysis.worst().culprits().get(0);
        assertEquals("hub_event", hub.function());

        Display display = Display.getDefault();
        Shell shell = new Shell(display, SWT.SHELL_TRIM);
        shell.setText("wqlab: attribution");
        shell.setLayout(new GridLayout(1, false));
        shell.setSize(1200, 700);
        Label verdict = AttributionOverlay.verdictLabel(shell, analysis);
        Composite holder = new Composite(shell, SWT.NONE);
        holder.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        holder.setLayout(new org.eclipse.swt.layout.FillLayout());
        ExperimentChart chart = new ExperimentChart(holder, loaded.metadata().name());
        AttributionOverlay overlay = AttributionOverlay.attach(chart.chart(), analysis);
        shell.open();
        UiWait.settle(display);
        try {
            ExperimentSeries series = ExperimentSeries.of(loaded.content());
            chart.setSeries(series);
            double from = (hub.startUs() - 3_000_000) / 1e6;
            double to = (hub.endUs() + 3_000_000) / 1e6;
            chart.showRange(from, to);
            Frame f = UiWait.until(display, () -> {
                Frame last = chart.lastFrame();
                return last != null && last.fromSeconds() == from && last.toSeconds() == to ? last : null;
            }, Duration.ofSeconds(30), "the frame around the stall");
            assertTrue(f.maxDrawn() >= analysis.worst().delayUs(), "the stall's delay is drawn");

            assertEquals(List.of(String.format(java.util.Locale.ROOT, "hub_event on usb_hub_wq: held CPU 0 %.0f ms",
                    hub.heldUs() / 1000.0)), overlay.labels());
            assertTrue(verdict.getText().startsWith("stalled: the monitor's work on CPU 0 waited"), verdict.getText());
            assertTrue(verdict.getText().contains("hub_event on usb_hub_wq"), verdict.getText());

            ImageData shot = Screenshots.capture(shell, Screenshots.directory().resolve("attribution.png"));
            // a pixel inside the span near the bottom of the plot (no series there) is tinted orange
            Control plot = chart.chart().getPlotArea().getControl();
            int x = chart.chart().getAxisSet().getXAxis(0).getPixelCoordinate((hub.startUs() + hub.endUs()) / 2e6);
            Point onScreen = plot.toDisplay(x, plot.getSize().y - 3);
            RGB rgb = shot.palette.getRGB(shot.getPixel(onScreen.x - shell.getBounds().x,
                    onScreen.y - shell.getBounds().y));
            assertTrue(rgb.red > rgb.blue + 40, "shaded pixel " + rgb);
            Point outside = plot.toDisplay(chart.chart().getAxisSet().getXAxis(0).getPixelCoordinate(from + 0.5),
                    plot.getSize().y - 3);
            RGB plain = shot.palette.getRGB(shot.getPixel(outside.x - shell.getBounds().x,
                    outside.y - shell.getBounds().y));
            assertTrue(Math.abs(plain.red - plain.blue) < 20, "unshaded pixel " + plain);
        } finally {
            shell.dispose();
            // the experiment's files and what opening it wrote beside them (its sample cache)
            try (var walk = Files.walk(folder.dir().getParent())) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
