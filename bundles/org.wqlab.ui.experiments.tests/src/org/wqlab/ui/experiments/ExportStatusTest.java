package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.commands.Command;
import org.eclipse.core.commands.ParameterizedCommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Link;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.AttributedDelay;
import org.wqlab.analysis.Culprit;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentChanges;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.report.svg.Svg;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.export.EditorExportHandler;
import org.wqlab.ui.experiments.export.ExportStatus;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * A stalled run (the report procedure on the simulated board, with its analysis) in the experiment editor, zoomed to
 * the stall, exported as PNG and as SVG through the editor's export commands: the PNG is the chart's size, the SVG
 * shows the zoomed window with the attribution's shading at the late interval, the disconnect's marker and the
 * threshold; after each the editor's status line says "Exported WHAT to PATH" and its Open link opens that file
 * (with a launcher of the test's own instead of the system's program).
 */
class ExportStatusTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String PNG = ExperimentIds.VIEW + ".exportChartPng";
    private static final Pattern PLOT_AREA = Pattern.compile(
            "<rect class=\"plot-area\" x=\"([\\d.]+)\" y=\"[\\d.]+\" width=\"([\\d.]+)\"");
    private static final Pattern LATE = Pattern.compile(
            "<rect class=\"stall-late\" x=\"([\\d.]+)\" y=\"[\\d.]+\" width=\"([\\d.]+)\"");

    @Test
    void pngAndSvgExportsDrawTheZoomedChartAndTheStatusLineSaysWhereTheyWent(@TempDir Path tmp) throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        UiWait.until(display, window.getShell()::isVisible, WAIT, "the window to be shown");
        window.getShell().setBounds(0, 0, 1440, 900); // a plot larger than the SVG's smallest size
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        ExperimentFolder folder = stalledExperiment(ExperimentProjects.workspaceOf(project));
        IWorkbenchPage page = window.getActivePage();
        List<Path> launched = new CopyOnWriteArrayList<>();
        Consumer<Path> systemLauncher = ExportStatus.launcher;
        ExportStatus.launcher = launched::add;
        try {
            ExperimentEditor editor = (ExperimentEditor) page.openEditor(
                    new ExperimentEditorInput(folder.dir(), "export status"), ExperimentIds.EDITOR);
            UiWait.until(display, () -> editor.details() != null && editor.analysis() != null, WAIT,
                    "the experiment and its analysis to load");
            page.setPartState(page.getReference(editor), IWorkbenchPage.STATE_MAXIMIZED);
            UiWait.until(display, () -> editor.chart().chart().getSize().y > 400 ? editor : null, WAIT,
                    "the maximized editor's plot");
            AttributedDelay worst = editor.analysis().worst();
            Culprit hub = worst.culprits().get(0);
            double from = worst.lateFromUs() / 1e6 - 5;
            double to = worst.lateToUs() / 1e6 + 5;
            editor.chart().showRange(from, to);
            Frame frame = UiWait.until(display, () -> {
                Frame f = editor.chart().lastFrame();
                return f != null && f.fromSeconds() == from && f.toSeconds() == to ? f : null;
            }, WAIT, "the plot zoomed to the stall");
            assertTrue(frame.maxDrawn() >= worst.delayUs(), "the stall is drawn on screen");

            Path png = tmp.resolve("zoomed.png");
            execute(window, PNG, png);
            ImageData image = new ImageData(png.toString());
            Point size = editor.chart().chart().getSize();
            assertEquals(List.of(size.x, size.y), List.of(image.width, image.height), "the PNG is the chart's size");
            ExportStatus status = statusOf(editor, display);
            assertEquals("Exported chart PNG to " + png.toAbsolutePath(), status.text());
            openShown(display, status, "Exported chart PNG to " + png.toAbsolutePath());
            assertEquals(List.of(png.toAbsolutePath()), launched, "Open opens the PNG");

            Path svg = tmp.resolve("zoomed.svg");
            execute(window, ExperimentCommand.EXPORT_SVG.id(), svg);
            String said = "Exported delay chart SVG to " + svg.toAbsolutePath();
            UiWait.until(display, () -> said.equals(status.text()) ? status : null, WAIT, "the SVG to be written");
            String text = Files.readString(svg);
            assertTrue(text.contains(String.format(Locale.ROOT, " width=\"%d\" height=\"%d\"", size.x, size.y)),
                    "the SVG is the chart's size " + size + ": " + text.substring(0, Math.min(300, text.length())));
            assertTrue(text.contains(String.format(Locale.ROOT, "data-from-s=\"%.6f\" data-to-s=\"%.6f\"", from, to)),
                    "the SVG shows the zoomed window");
            Matcher area = PLOT_AREA.matcher(text);
            Matcher late = LATE.matcher(text);
            assertTrue(area.find() && late.find(), "a plot area and the late interval's shade");
            double left = Double.parseDouble(area.group(1));
            double width = Double.parseDouble(area.group(2));
            assertEquals(left + (worst.lateFromUs() / 1e6 - from) / (to - from) * width,
                    Double.parseDouble(late.group(1)), 0.11, "the shade starts where the late interval starts");
            assertEquals((worst.lateToUs() - worst.lateFromUs()) / 1e6 / (to - from) * width,
                    Double.parseDouble(late.group(2)), 0.2, "and is as wide");
            assertTrue(text.contains(">" + Svg.esc(hub.symbol()) + " on usb_hub_wq: held CPU 0 "),
                    "labelled with the work item");
            assertTrue(text.contains(">USB disconnect 2-1</text>"), "the disconnect's marker, labelled");
            assertTrue(text.contains("<line class=\"threshold\"") && text.contains(">threshold 10.000 ms</text>"),
                    "the threshold");
            // kept beside the screenshots, to look at the two side by side
            Files.copy(png, Screenshots.directory().resolve("export-stall.png"), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(svg, Screenshots.directory().resolve("export-stall.svg"), StandardCopyOption.REPLACE_EXISTING);
            openShown(display, status, said);
            assertEquals(List.of(png.toAbsolutePath(), svg.toAbsolutePath()), launched, "Open opens the SVG");
        } finally {
            ExportStatus.launcher = systemLauncher;
            if (page.getActiveEditor() != null) {
                page.setPartState(page.getReference(page.getActiveEditor()), IWorkbenchPage.STATE_RESTORED);
            }
            page.closeAllEditors(false);
            ExperimentChanges.delete(folder);
            WorkbenchServices.get(ExperimentCatalog.class).refresh();
            UiWait.until(display, () -> WorkbenchServices.get(ExperimentCatalog.class).experiments().stream()
                    .noneMatch(e -> e.dir().equals(folder.dir())), WAIT, "the test's experiment to leave the catalog");
        }
    }

    private static ExportStatus statusOf(ExperimentEditor editor, Display display) {
        return UiWait.until(display, () -> ExportStatus.in(editor.getEditorSite().getActionBars()
                .getStatusLineManager()), WAIT, "the export's status line item");
    }

    /** The status line shows the text and an Open link; clicking it runs the launcher. */
    private static void openShown(Display display, ExportStatus status, String text) {
        Link open;
        try {
            open = UiWait.until(display, () -> status.label() != null && text.equals(status.label().getText())
                    && status.openLink() != null && status.openLink().isVisible() ? status.openLink() : null, WAIT,
                    "the status line to show " + text);
        } catch (AssertionError e) {
            IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
            throw new AssertionError(e.getMessage() + "; label " + (status.label() == null ? "not drawn"
                    : "'" + status.label().getText() + "' visible " + status.label().isVisible()) + ", link "
                    + (status.openLink() == null ? "not drawn" : "visible " + status.openLink().isVisible())
                    + ", active part " + page.getActivePartReference().getId() + ", active editor "
                    + page.getActiveEditor() + ", shell visible " + display.getActiveShell(), e);
        }
        assertEquals("<a>Open</a>", open.getText());
        open.notifyListeners(SWT.Selection, new Event());
    }

    private static ExperimentFolder stalledExperiment(Workspace workspace) throws IOException {
        ExperimentFolder folder = workspace.create("export status", Instant.now());
        for (String f : List.of("kernel.log", "run.json", "analysis.json")) {
            try (InputStream in = ExportStatusTest.class.getResourceAsStream("/testdata/stalled-experiment/" + f)) {
                Files.copy(in, folder.dir().resolve(f), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        folder.writeMetadata(ExperimentMetadata.of(folder.id(), "export status", Instant.now(),
                ExperimentStatus.COMPLETED));
        return folder;
    }

    private static void execute(IWorkbenchWindow window, String id, Path file) {
        Command c = window.getService(ICommandService.class).getCommand(id);
        try {
            window.getService(IHandlerService.class).executeCommand(ParameterizedCommand.generateCommand(c,
                    Map.of(EditorExportHandler.FILE_PARAMETER, file.toString())), null);
        } catch (Exception e) {
            throw new AssertionError("executing " + id + " to " + file + ": " + e, e);
        }
    }
}
