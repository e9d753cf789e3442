package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.console.ConsolePlugin;
import org.eclipse.ui.console.IConsole;
import org.eclipse.ui.console.MessageConsole;
import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.Boards;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.lava.LavaClient;
import org.wqlab.lava.LavaServer;
import org.wqlab.lava.LavaServers;
import org.wqlab.live.LiveSession;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.plot.NewLivePlotHandler;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceLauncher;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.sequence.StepOutcome;
import org.wqlab.ui.testing.TreeRows;
import org.wqlab.ui.testing.UiWait;

/**
 * A LAVA lab in the workbench, under Xvfb, through the real LAVA on loopback (releng/lava/setup.sh): with the lab's
 * server added, the Boards view lists its device type {@code lava:qemu} with the device qemu-01 and its state; Run on
 * it says the job is queued, then the Live Plot draws the monitor's reports while the job still runs in LAVA, the
 * stall after the dispatcher's pull among them; the run ends with every step green. Skipped without the lab unless
 * wqlab.lava.required=true.
 */
class LavaRunUiTest {
    private static final Duration RUN = Duration.ofMinutes(10);
    private static final String BOARD = "lava:qemu";
    private static final int HOST_COLUMN = 2;

    @Test
    void theLabsDeviceTypeIsABoardAndARunOnItIsQueuedThenDrawnLive() throws Exception {
        Properties lab = lab();
        EditorHarness ui = new EditorHarness();
        UiWait.until(ui.display, () -> Job.getJobManager().find(SequenceRunJob.FAMILY).length == 0 ? Boolean.TRUE
                : null, RUN, "an earlier test's run to end");
        ui.page.closeAllEditors(false);
        char[] token = Files.readString(Path.of(lab.getProperty("tokenFile"))).strip().toCharArray();
        LavaServer server = new LavaServer("lab", URI.create(lab.getProperty("url")), lab.getProperty("user"),
                lab.getProperty("module"), Map.of("qemu", Path.of(lab.getProperty("template"))));
        LavaServers servers = LavaServers.installed();
        servers.put(server, token);
        LavaClient client = new LavaClient(server, token);
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        try {
            ui.page.showView(ViewIds.BOARDS);
            Job look = Job.create("Looking at the LAVA server", m -> {
                registry.refreshKinds();
            });
            look.schedule();
            Tree tree = ui.find(org.wqlab.ui.boards.WidgetIds.TREE, Tree.class);
            TreeItem row = UiWait.until(ui.display, () -> TreeRows.named(tree, BOARD), Duration.ofSeconds(60),
                    "the lab's device type in the Boards view");
            UiWait.until(ui.display, () -> row.getText(HOST_COLUMN).contains("device type qemu: qemu-01: Idle"),
                    EditorHarness.SHORT, "the device and its state in the Host column (" + row.getText(HOST_COLUMN)
                            + ")");
            TreeRows.select(tree, row);
            ui.capture("boards-lava.png", data -> true);

            Files.deleteIfExists(ExperimentsLocation.defaultSequenceCopy());
            ui.fileMenuItem("Open Default Sequence");
            SequenceEditor editor = (SequenceEditor) ui.page.getActiveEditor();
            editor.showSteps();
            org.eclipse.ui.IViewPart plotView = ui.page.showView(NewLivePlotHandler.VIEW_ID);
            SequenceRunJob job = SequenceLauncher.run(editor, ui.window, BOARD);
            assertTrue(job != null, "the run on " + BOARD + " starts");
            // the Console says the job waits for a device, then that it runs on one
            UiWait.until(ui.display, () -> consoleSays("LAVA job ") && consoleSays(": queued (Submitted, waiting"
                    + " for a qemu device)"), Duration.ofSeconds(120), "the Console to say the job is queued");
            LiveSession live = UiWait.until(ui.display, job::liveSession, Duration.ofSeconds(60), "its live session");
            long jobId = UiWait.until(ui.display, () -> jobId(), Duration.ofSeconds(60), "the job's id");
            // the stall after the pull, drawn while LAVA still runs the job (its 5 s 'after' and the unload follow)
            UiWait.until(ui.display, () -> live.stats().count() > 0 && live.stats().maxUs() >= 100_000, RUN,
                    "the stall after the pull in the live plot (" + live.stats() + ")");
            assertEquals("Running", client.job(jobId).state(), "the reports were drawn while the job ran");
            // the plot's newest frame draws the stall (the stats strip with it) before the picture is taken
            org.wqlab.ui.plot.LivePlotView plot = ((org.wqlab.ui.plot.LivePlotPart) plotView.getSite()
                    .getService(org.eclipse.e4.ui.model.application.ui.basic.MPart.class).getObject()).view();
            int stall = live.stats().maxUs();
            UiWait.until(ui.display, () -> {
                org.wqlab.ui.plot.Frame f = plot.lastFrame();
                if (f == null || f.maxDrawn() < stall) {
                    plot.requestRefresh();
                    return null;
                }
                return f;
            }, Duration.ofSeconds(15), "a frame of the live plot drawing the stall of " + stall + " us");
            ui.display.setCursorLocation(0, ui.shell.getBounds().height - 1);
            UiWait.settle(ui.display);
            ui.capture("lava-run-live.png", data -> true);

            UiWait.until(ui.display, () -> job.result() != null, RUN, "the run to end (" + editor.runSummary() + ")");
            assertEquals(ExperimentStatus.COMPLETED, job.result().status(), job.result().summary());
            editor.outcomes().forEach((p, o) -> assertEquals(StepOutcome.State.OK, o.state(), "step " + p + ": " + o));
            assertEquals("Complete", client.job(jobId).health());
            assertTrue(Files.isRegularFile(job.result().folder().dir().resolve("lava-job.yaml")));
            ui.page.closeEditor(editor, false);

            // Import Last LAVA Jobs on the selected device type: the job just run comes in again, from LAVA
            var boardsView = ui.page.showView(ViewIds.BOARDS);
            ui.page.activate(boardsView);
            TreeRows.select(tree, TreeRows.named(tree, BOARD));
            UiWait.settle(ui.display);
            ui.window.getService(org.eclipse.ui.handlers.IHandlerService.class)
                    .executeCommand("org.wqlab.ui.lava.importJobs", null);
            Path runFolder = job.result().folder().dir();
            Path imported = UiWait.until(ui.display, () -> importedCopy(runFolder.getParent(), runFolder, jobId),
                    Duration.ofSeconds(120), "the job imported as an experiment");
            assertEquals(Files.readString(runFolder.resolve("kernel.log")), Files.readString(imported.resolve(
                    "kernel.log")), "the imported job's kernel log is the run's");
        } finally {
            servers.remove("lab");
            registry.refreshKinds();
        }
    }

    /** Another experiment of the workspace whose board facts name the LAVA job. */
    private static Path importedCopy(Path workspace, Path run, long jobId) {
        try (var folders = Files.list(workspace)) {
            return folders.filter(f -> !f.equals(run) && Files.isRegularFile(f.resolve("kernel.log")))
                    .filter(f -> {
                        try {
                            return Files.readString(f.resolve("experiment.json")).contains("\"lava.jobId\": \""
                                    + jobId + "\"");
                        } catch (java.io.IOException e) {
                            return false; // being written
                        }
                    }).findFirst().orElse(null);
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private static Long jobId() {
        String text = console().map(c -> c.getDocument().get()).orElse("");
        var m = java.util.regex.Pattern.compile("submitted LAVA job (\\d+)").matcher(text);
        return m.find() ? Long.valueOf(m.group(1)) : null;
    }

    private static boolean consoleSays(String text) {
        return console().map(c -> c.getDocument().get().contains(text)).orElse(false);
    }

    private static java.util.Optional<MessageConsole> console() {
        for (IConsole c : ConsolePlugin.getDefault().getConsoleManager().getConsoles()) {
            if (c instanceof MessageConsole m && m.getName().equals("wqlab sequence run on " + BOARD)) {
                return java.util.Optional.of(m);
            }
        }
        return java.util.Optional.empty();
    }

    private static Properties lab() throws Exception {
        Path file = Path.of(System.getProperty("wqlab.lava.home"), "lava.properties");
        if (!Files.isRegularFile(file)) {
            String why = "no LAVA lab is up (" + file + " is missing: sudo bash releng/lava/setup.sh up)";
            if (Boolean.getBoolean("wqlab.lava.required")) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }
}
