package org.wqlab.ui.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.IHandlerService;
import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.Boards;
import org.wqlab.boards.simulator.SimulatorBoardKind;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.live.DisconnectWorst;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.Profiles;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.plot.LivePlotView;
import org.wqlab.ui.plot.PlotWidgetIds;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.RunCommands;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * A stall watched while it happens, in the real workbench under Xvfb, driven as a user does: File > Open Default
 * Sequence, then Run Sequence (the command behind Ctrl+F11) with no board selected, so the default sequence runs
 * through the sequence runner on the built-in simulated board over SSH, its kernel log feeding the run's live session
 * and the Live Plot. After the pull, CPU 0's work item waits behind hub_event: the plot draws a growing waiting bar,
 * and the late report's point replaces it.
 */
class LivePlotStallTest {
    /**
     * Board time per wall time. The default sequence's 4 GiB copy takes about two board minutes and CPU 0's stall
     * about 6 s of board time: at 2x the stall lasts about 3 s, long enough to read the label twice on a loaded
     * machine, and the run about 80 s. Much faster and the simulator lags with every CPU reporting every run.
     */
    private static final double SIM_SPEED = 2;
    private static final String OPEN_DEFAULT_SEQUENCE = "org.wqlab.ui.sequence.openDefault";
    private static final Duration RUN = Duration.ofSeconds(400);
    private static final Duration SHORT = Duration.ofSeconds(30);
    private static final Pattern WAITING = Pattern.compile("CPU (\\d+) waiting (\\d+\\.\\d) s");

    @Test
    void theDefaultSequenceShowsAGrowingWaitingBarUntilTheLateReport() throws Exception {
        PlotHarness ui = new PlotHarness();
        LivePlotView view = ui.view;
        emptySessionAxisStartsAtZeroAndMoves(ui, view);

        BuiltInSimulator simulator = ((SimulatorBoardKind) WorkbenchServices.get(Boards.class).registry()
                .kind(BoardKind.BUILT_IN_SIMULATOR).orElseThrow()).simulator();
        assertFalse(simulator.isRunning(), "the built-in simulated board starts with this run, at this test's speed");
        simulator.setSpeed(SIM_SPEED);
        Path sequenceFile = ExperimentsLocation.defaultSequenceCopy();
        Files.deleteIfExists(sequenceFile); // the shipped default sequence, not an edited copy
        IHandlerService handlers = ui.window.getService(IHandlerService.class);
        handlers.executeCommand(OPEN_DEFAULT_SEQUENCE, null);
        IEditorPart active = UiWait.until(ui.display, ui.page::getActiveEditor, SHORT, "the default sequence editor");
        assertTrue(active instanceof SequenceEditor, "a sequence editor: " + active);
        SequenceEditor editor = (SequenceEditor) active;
        assertEquals(SequenceJson.defaultSequence().text(), Files.readString(sequenceFile, StandardCharsets.UTF_8));
        ui.maximizeLivePlot();

        handlers.executeCommand(RunCommands.RUN, null);
        SequenceRunJob job = UiWait.until(ui.display, editor::runJob, SHORT, "the run to start");
        SimulatedBoardProfile board = Profiles.builtIn(Profiles.DEFAULT);
        int cpus = board.cpus();
        // hub_event, which stalls the pool, runs on the CPU that takes the USB interrupt
        int cpu = board.usbIrqCpu();
        AtomicReference<Frame> beforeDisconnect = new AtomicReference<>();
        AtomicReference<LiveSession> run = new AtomicReference<>();
        Consumer<Frame> watchBeforeDisconnect = f -> {
            LiveSession s = run.get();
            if (s != null && view.session() == s
                    && s.events().stream().noneMatch(e -> e.kind() == EventKind.USB_DISCONNECT)) {
                beforeDisconnect.set(f);
            }
        };
        view.addFrameListener(watchBeforeDisconnect);
        try {
            LiveSession session = UiWait.until(ui.display, job::liveSession, Duration.ofSeconds(60),
                    "the run's live session");
            run.set(session);
            UiWait.until(ui.display, () -> view.session() == session, SHORT, "the Live Plot to show the run");

            Matcher first = UiWait.until(ui.display, () -> session.events().stream()
                    .anyMatch(e -> e.kind() == EventKind.USB_DISCONNECT) ? waitingLabel(view, cpu, 0) : null, RUN,
                    "CPU " + cpu + "'s waiting bar after the pull (" + editor.runSummary() + ")");
            double firstSeconds = Double.parseDouble(first.group(2));
            // a 10 s window from here on, so the bar is wide enough to see in the screenshot
            selectWindow(ui, "10 s");
            ui.maximizeLivePlot(); // the run's editor and Console came to the front
            Frame before = beforeDisconnect.get();
            assertNotNull(before, "a frame painted before the pull");
            assertEquals(cpus, before.cpus().length, "every CPU reports: " + List.of(before.cpus()));
            for (int k = 0; k < cpus; k++) {
                assertTrue(before.snapshotSizes()[k] > 100,
                        "CPU " + before.cpus()[k] + " had " + before.snapshotSizes()[k] + " points before the pull");
            }
            Path dir = Screenshots.directory();
            Files.deleteIfExists(dir.resolve("live-stall.png"));
            Matcher second = UiWait.until(ui.display, () -> waitingLabel(view, cpu, firstSeconds), SHORT,
                    "CPU " + cpu + "'s waiting label to grow beyond " + firstSeconds + " s");
            double secondSeconds = Double.parseDouble(second.group(2));
            assertTrue(secondSeconds > firstSeconds, first.group() + " then " + second.group());
            captureWhileWaiting(ui, view, cpu, dir);

            // the late report arrives: its point replaces the bar (meanwhile the screenshot keeps the longest wait)
            double[] captured = { secondSeconds };
            Frame replaced = UiWait.until(ui.display, () -> {
                Matcher longer = waitingLabel(view, cpu, captured[0] + 0.25);
                if (longer != null) {
                    captured[0] = Double.parseDouble(longer.group(2));
                    captureWhileWaiting(ui, view, cpu, dir);
                }
                List<DisconnectWorst> after = session.stats().afterDisconnects();
                if (after.isEmpty() || after.get(0).worstDelayUs() < secondSeconds * 1e6) {
                    return null;
                }
                return frameIf(view, f -> labelOf(f, cpu, 0) == null && f.maxDrawn() == after.get(0).worstDelayUs());
            }, RUN, "the late report drawn and CPU " + cpu + "'s waiting bar gone");
            DisconnectWorst worst = session.stats().afterDisconnects().get(0);
            assertEquals(cpu, worst.worstCpu(), "the late report is the waiting CPU's");
            assertTrue(worst.worstDelayUs() >= secondSeconds * 1e6, "it was late by at least the wait shown: "
                    + worst.worstDelayUs() + " us after " + second.group());
            assertTrue(replaced.toSeconds() >= worst.worstTimeUs() / 1e6, "the late report is inside the window");
            Screenshots.capture(ui.shell, dir.resolve("live-stall-after.png"));
            assertTrue(Files.size(dir.resolve("live-stall.png")) > 0, "a screenshot with the bar on screen");

            UiWait.until(ui.display, () -> editor.runJob() == null, RUN, "the run to end (" + editor.runSummary()
                    + ")");
            RunResult result = job.result();
            assertNotNull(result, editor.runSummary());
            assertEquals(ExperimentStatus.COMPLETED, result.status(), result.summary());
            assertTrue(editor.runSummary().contains(BuiltInSimulator.BOARD_NAME + " at " + SIM_SPEED + "x board time"),
                    "on the built-in simulated board: " + editor.runSummary());
            assertEquals(SequenceJson.defaultSequence().text(), result.folder().readMetadata().sequence(),
                    "the default sequence as run");
            System.out.println("stall watched: " + first.group() + ", then " + second.group() + ", longest shown "
                    + captured[0] + " s, late report " + worst.worstDelayUs() + " us; run " + editor.runSummary());
        } finally {
            view.removeFrameListener(watchBeforeDisconnect);
            if (editor.runJob() != null) {
                job.cancel();
                UiWait.until(ui.display, () -> editor.runJob() == null, SHORT, "the cancelled run to end");
            }
            // the view outlives this test: give the next one the default window, and no board running
            selectWindow(ui, "60 s");
            ui.page.closeEditor(editor, false);
            simulator.close();
        }
    }

    /** With no data yet, the axis starts at the session's start and moves with the board's clock. */
    private static void emptySessionAxisStartsAtZeroAndMoves(PlotHarness ui, LivePlotView view) {
        LiveSession empty = new LiveSession("no data yet");
        WorkbenchServices.get(LiveSessions.class).publish(empty);
        Frame first = UiWait.until(ui.display, () -> frameIf(view, f -> view.session() == empty
                && f.cpus().length == 0 && f.toSeconds() > 0), Duration.ofSeconds(15), "a frame of the empty session");
        assertEquals(0.0, first.fromSeconds());
        UiWait.until(ui.display, () -> frameIf(view, f -> view.session() == empty && f.cpus().length == 0
                && f.toSeconds() > first.toSeconds()), Duration.ofSeconds(15), "the empty axis to move");
        empty.end();
    }

    private static void selectWindow(PlotHarness ui, String label) {
        Combo window = (Combo) PlotHarness.byId(ui.shell, PlotWidgetIds.WINDOW);
        window.select(window.indexOf(label));
        window.notifyListeners(SWT.Selection, new Event());
    }

    /**
     * Saves live-stall.png, the Live Plot maximized, if {@code cpu}'s bar, and no other, is still on screen once the
     * capture has painted what was pending (a capture dispatches events, so the late report may be drawn meanwhile).
     * Other CPUs show a short wait when the kernel log arrives in a burst after a gap; the picture is of one CPU's
     * stall.
     */
    private static void captureWhileWaiting(PlotHarness ui, LivePlotView view, int cpu, Path dir) {
        try {
            if (!ui.livePlotFillsTheWindow()) {
                ui.maximizeLivePlot();
            }
            Path candidate = dir.resolve("live-stall-candidate.png");
            Screenshots.capture(ui.shell, candidate);
            Frame shown = view.lastFrame();
            if (shown != null && shown.waitingLabels().size() == 1 && labelOf(shown, cpu, 0) != null
                    && ui.livePlotFillsTheWindow()) {
                Files.copy(candidate, dir.resolve("live-stall.png"), StandardCopyOption.REPLACE_EXISTING);
            }
            Files.delete(candidate);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (PartInitException e) {
            throw new IllegalStateException("cannot show the Live Plot", e);
        }
    }

    /** The last painted frame if it satisfies {@code wanted}, else null. */
    private static Frame frameIf(LivePlotView view, Predicate<Frame> wanted) {
        Frame f = view.lastFrame();
        return f != null && wanted.test(f) ? f : null;
    }

    /** {@code cpu}'s waiting label in the last painted frame if it shows more than {@code beyondSeconds}, or null. */
    private static Matcher waitingLabel(LivePlotView view, int cpu, double beyondSeconds) {
        Frame f = view.lastFrame();
        return f == null ? null : labelOf(f, cpu, beyondSeconds);
    }

    private static Matcher labelOf(Frame f, int cpu, double beyondSeconds) {
        for (String label : f.waitingLabels()) {
            Matcher m = WAITING.matcher(label);
            if (m.matches() && Integer.parseInt(m.group(1)) == cpu && Double.parseDouble(m.group(2)) > beyondSeconds) {
                return m;
            }
        }
        return null;
    }
}
