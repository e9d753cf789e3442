package org.wqlab.ui.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Test;
import org.wqlab.live.DisconnectWorst;
import org.wqlab.live.LiveEventKind;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.plot.LivePlotView;
import org.wqlab.ui.plot.PlotWidgetIds;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * A stall watched while it happens, in the real workbench under Xvfb: the simulated board (every CPU reporting
 * every run) copies from the USB stick and the stick is pulled; while one CPU's work item is stalled the Live
 * Plot draws a growing waiting bar, and the late report's point replaces it.
 */
class LivePlotStallTest {
    private static final double SIM_SPEED = 2;
    private static final Duration RUN = Duration.ofSeconds(240);
    private static final Pattern WAITING = Pattern.compile("CPU (\\d+) waiting (\\d+\\.\\d) s");

    @Test
    void aStalledCpuShowsAGrowingWaitingBarUntilItsLateReport() throws Exception {
        PlotHarness ui = new PlotHarness();
        LivePlotView view = ui.view;
        LiveSession session = new LiveSession("stall watched live");
        session.setBoardSpeed(SIM_SPEED);
        LiveSessions.publish(session);

        // no data yet: the axis starts at the session's start and moves with the board's clock
        Frame empty = UiWait.until(ui.display, () -> frameIf(view, f -> f.cpus().length == 0 && f.toSeconds() > 0),
                Duration.ofSeconds(15), "a frame of the empty session");
        assertEquals(0.0, empty.fromSeconds());
        UiWait.until(ui.display, () -> frameIf(view, f -> f.cpus().length == 0 && f.toSeconds() > empty.toSeconds()),
                Duration.ofSeconds(15), "the empty axis to move");

        Board board = Board.realTime(Profiles.builtIn(Profiles.DEFAULT), SIM_SPEED);
        int cpus = board.profile().cpus();
        AtomicReference<Frame> beforeDisconnect = new AtomicReference<>();
        Consumer<Frame> watchBeforeDisconnect = f -> {
            if (session.events().stream().noneMatch(e -> e.kind() == LiveEventKind.USB_DISCONNECT)) {
                beforeDisconnect.set(f);
            }
        };
        view.addFrameListener(watchBeforeDisconnect);
        List<String> commands = List.of("insmod /tmp/latency-mon.ko cpu=-1 classic=0 report_all=1", "sleep 12",
                    "dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=1024", "sleep 1",
                    "wqlab-board usb pull 2-1", "sleep 12", "rmmod latency_mon");
        SimulatedSequence sequence = SimulatedSequence.start(board, session, commands);
        try {
            Matcher first = UiWait.until(ui.display, () -> session.events().stream()
                    .anyMatch(e -> e.kind() == LiveEventKind.USB_DISCONNECT) ? waitingLabel(view, 0) : null, RUN,
                    "a waiting bar after the pull");
            int cpu = Integer.parseInt(first.group(1));
            double firstSeconds = Double.parseDouble(first.group(2));
            // a 10 s window from here on, so the bar is wide enough to see in the screenshot
            Combo window = (Combo) PlotHarness.byId(ui.shell, PlotWidgetIds.WINDOW);
            window.select(window.indexOf("10 s"));
            window.notifyListeners(SWT.Selection, new Event());
            Frame before = beforeDisconnect.get();
            assertEquals(cpus, before.cpus().length, "every CPU reports: " + List.of(before.cpus()));
            for (int k = 0; k < cpus; k++) {
                assertTrue(before.snapshotSizes()[k] > 100,
                        "CPU " + before.cpus()[k] + " had " + before.snapshotSizes()[k] + " points before the pull");
            }
            Path dir = Screenshots.directory();
            Files.deleteIfExists(dir.resolve("live-stall.png"));
            Matcher second = UiWait.until(ui.display, () -> {
                Matcher m = waitingLabel(view, firstSeconds);
                return m != null && Integer.parseInt(m.group(1)) == cpu ? m : null;
            }, Duration.ofSeconds(30), "CPU " + cpu + "'s waiting label to grow beyond " + firstSeconds + " s");
            double secondSeconds = Double.parseDouble(second.group(2));
            assertTrue(secondSeconds > firstSeconds, first.group() + " then " + second.group());
            captureWhileWaiting(ui, view, dir);

            // the late report arrives: its point replaces the bar (meanwhile the screenshot keeps the longest wait)
            double[] captured = { secondSeconds };
            Frame replaced = UiWait.until(ui.display, () -> {
                Matcher longer = waitingLabel(view, captured[0] + 0.25);
                if (longer != null && Integer.parseInt(longer.group(1)) == cpu) {
                    captured[0] = Double.parseDouble(longer.group(2));
                    captureWhileWaiting(ui, view, dir);
                }
                List<DisconnectWorst> after = session.stats().afterDisconnects();
                if (after.isEmpty() || after.get(0).worstDelayUs() < secondSeconds * 1e6) {
                    return null;
                }
                return frameIf(view, f -> f.waitingLabels().isEmpty() && f.maxDrawn() == after.get(0).worstDelayUs());
            }, RUN, "the late report drawn and the waiting bar gone");
            DisconnectWorst worst = session.stats().afterDisconnects().get(0);
            assertEquals(cpu, worst.worstCpu(), "the late report is the waiting CPU's");
            assertTrue(worst.worstDelayUs() >= secondSeconds * 1e6, "it was late by at least the wait shown");
            assertTrue(replaced.toSeconds() >= worst.worstTimeUs() / 1e6, "the late report is inside the window");
            Screenshots.capture(ui.shell, dir.resolve("live-stall-after.png"));
            UiWait.until(ui.display, () -> !sequence.isAlive(), RUN, "the simulated sequence");
            assertEquals(null, sequence.failure());
            assertTrue(Files.size(dir.resolve("live-stall.png")) > 0, "a screenshot with the bar on screen");
        } finally {
            // the view outlives this test: give the next one the default window
            Combo window = (Combo) PlotHarness.byId(ui.shell, PlotWidgetIds.WINDOW);
            window.select(window.indexOf("60 s"));
            window.notifyListeners(SWT.Selection, new Event());
            view.removeFrameListener(watchBeforeDisconnect);
            board.close();
            sequence.join();
        }
    }

    /**
     * Saves live-stall.png if the bar is still on screen once the capture has painted what was pending (a capture
     * dispatches events, so the late report may be drawn meanwhile).
     */
    private static void captureWhileWaiting(PlotHarness ui, LivePlotView view, Path dir) {
        try {
            Path candidate = dir.resolve("live-stall-candidate.png");
            Screenshots.capture(ui.shell, candidate);
            Frame shown = view.lastFrame();
            if (shown != null && !shown.waitingLabels().isEmpty()) {
                Files.copy(candidate, dir.resolve("live-stall.png"), StandardCopyOption.REPLACE_EXISTING);
            }
            Files.delete(candidate);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The last painted frame if it satisfies {@code wanted}, else null (and a refresh is asked for). */
    private static Frame frameIf(LivePlotView view, java.util.function.Predicate<Frame> wanted) {
        Frame f = view.lastFrame();
        return f != null && wanted.test(f) ? f : null;
    }

    /** The first waiting label of the last painted frame that shows more than {@code beyondSeconds}, or null. */
    private static Matcher waitingLabel(LivePlotView view, double beyondSeconds) {
        Frame f = view.lastFrame();
        if (f == null) {
            return null;
        }
        for (String label : f.waitingLabels()) {
            Matcher m = WAITING.matcher(label);
            if (m.matches() && Double.parseDouble(m.group(2)) > beyondSeconds) {
                return m;
            }
        }
        return null;
    }
}
