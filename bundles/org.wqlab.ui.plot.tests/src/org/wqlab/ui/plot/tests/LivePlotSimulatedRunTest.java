package org.wqlab.ui.plot.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Test;
import org.wqlab.core.model.EventKind;
import org.wqlab.klog.KlogParser;
import org.wqlab.live.DisconnectWorst;
import org.wqlab.live.LiveEvent;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.plot.LivePlotView;
import org.wqlab.ui.plot.PlotWidgetIds;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * The Live Plot of a simulated run, in the real workbench under Xvfb: the built-in simulated board's kernel
 * model runs the module on every CPU, a dd from the USB stick and the physical pull; its kernel log goes through
 * {@link KlogParser} into the current {@link LiveSession}. The plot must show the disconnect marker and the spike.
 */
class LivePlotSimulatedRunTest {
    private static final double SIM_SPEED = 10;
    private static final Duration RUN = Duration.ofSeconds(120);

    @Test
    void liveRunShowsDisconnectMarkerAndSpike() throws Exception {
        PlotHarness ui = new PlotHarness();
        LivePlotView view = ui.view;
        LiveSession session = WorkbenchServices.get(LiveSessions.class).start("simulated run");
        UiWait.until(ui.display, () -> view.session() == session, Duration.ofSeconds(10), "the view to take the session");
        UiWait.settle(ui.display);
        Screenshots.capture(ui.shell, Screenshots.directory().resolve("liveplot-empty.png"));

        Board board = Board.realTime(Profiles.builtIn(Profiles.DEFAULT), SIM_SPEED);
        List<String> commands = List.of("insmod /tmp/latency-mon.ko cpu=-1 classic=0 report_all=1", "sleep 5",
                    "dd if=/run/media/sda1/sample.txt of=/dev/zero bs=1M count=1024", "sleep 2",
                    "wqlab-board usb pull 2-1", "sleep 8", "rmmod latency_mon");
        SimulatedSequence sequence = SimulatedSequence.start(board, session, commands);
        try {
            UiWait.until(ui.display, () -> !sequence.isAlive(), RUN, "the simulated sequence");
            assertEquals(null, sequence.failure());

            List<LiveEvent> events = session.events();
            LiveEvent disconnect = events.stream().filter(e -> e.kind() == EventKind.USB_DISCONNECT).findFirst()
                    .orElseThrow(() -> new AssertionError("no disconnect in " + events));
            DisconnectWorst after = session.stats().afterDisconnects().get(0);
            int largest = session.stats().maxUs();
            assertEquals(largest, after.worstDelayUs(), "the spike is the one after the disconnect");
            assertTrue(largest > 1_000_000, "the spike after the pull: " + largest + " us");
            assertTrue(session.series().size() >= 2, "one series per CPU: " + session.series().size());

            // following the newest data (the whole run fits into the 60 s window at this speed)
            Frame live = waitForFrameWith(ui, view, session, largest);
            assertTrue(live.fromSeconds() <= disconnect.timeUs() / 1e6 && disconnect.timeUs() / 1e6 <= live.toSeconds(),
                    "the disconnect is in the followed window");
            Path dir = Screenshots.directory();
            ImageData image = Screenshots.capture(ui.shell, dir.resolve("liveplot-following.png"));
            assertTrue(markerColumnIsRed(ui, view, image, disconnect), "no red disconnect marker drawn");

            // the whole run, then one zoom step around the spike: the largest value is drawn at each level
            view.showAll();
            double liveSeconds = live.toSeconds() - live.fromSeconds();
            Predicate<Frame> wholeRun = frame -> frame.toSeconds() - frame.fromSeconds() > liveSeconds;
            waitForFrameWith(ui, view, session, largest, wholeRun);
            Screenshots.capture(ui.shell, dir.resolve("liveplot-all.png"));
            ToolItem logY = PlotHarness.toolItem(ui.shell, PlotWidgetIds.LOG_Y);
            logY.setSelection(true);
            logY.notifyListeners(SWT.Selection, new Event());
            UiWait.until(ui.display, () -> view.chart().getAxisSet().getYAxis(0).isLogScaleEnabled(),
                    Duration.ofSeconds(10), "log Y");
            Frame all = waitForFrameWith(ui, view, session, largest, wholeRun);
            Screenshots.capture(ui.shell, dir.resolve("liveplot-all-logy.png"));
            int spikePx = view.chart().getAxisSet().getXAxis(0).getPixelCoordinate(after.worstTimeUs() / 1e6);
            view.zoomAt(spikePx, true);
            double allSeconds = all.toSeconds() - all.fromSeconds();
            Frame zoomed = waitForFrameWith(ui, view, session, largest,
                    frame -> frame.toSeconds() - frame.fromSeconds() < allSeconds * 0.9);
            assertFalse(view.isFollowing(), "zooming stops following");
            double spikeSeconds = after.worstTimeUs() / 1e6;
            assertTrue(zoomed.fromSeconds() <= spikeSeconds && spikeSeconds <= zoomed.toSeconds(),
                    "the zoom keeps the spike in view: " + zoomed);
        } finally {
            board.close();
            sequence.join();
        }
    }

    /** Waits for a new painted frame computed from every published sample whose largest drawn value is {@code largest}. */
    private static Frame waitForFrameWith(PlotHarness ui, LivePlotView view, LiveSession session, int largest) {
        return waitForFrameWith(ui, view, session, largest, frame -> true);
    }

    /**
     * As above, for a frame that also satisfies {@code wanted}: a frame computed before a change (zoom, pan) can
     * still be painted after it, so the test names the window it waits for.
     */
    private static Frame waitForFrameWith(PlotHarness ui, LivePlotView view, LiveSession session, int largest,
            Predicate<Frame> wanted) {
        long published = session.sampleCount();
        Frame before = view.lastFrame();
        view.requestRefresh();
        return UiWait.until(ui.display, () -> {
            Frame f = view.lastFrame();
            if (f == null || f == before) {
                view.requestRefresh();
                return null;
            }
            long drawnFrom = 0;
            for (int n : f.snapshotSizes()) {
                drawnFrom += n;
            }
            if (drawnFrom < published || f.maxDrawn() != largest || !wanted.test(f)) {
                view.requestRefresh();
                return null;
            }
            return f;
        }, Duration.ofSeconds(15), "a frame drawing the largest delay " + largest + " us (last: "
                + (view.lastFrame() == null ? "none" : view.lastFrame().maxDrawn()) + ")");
    }

    /** True if the plot area's pixel column of the disconnect holds the marker's red. */
    private static boolean markerColumnIsRed(PlotHarness ui, LivePlotView view, ImageData image, LiveEvent e) {
        Control plot = view.chart().getPlotArea().getControl();
        Point origin = plot.toDisplay(0, 0);
        Rectangle shellBounds = ui.shell.getBounds();
        int px = view.chart().getAxisSet().getXAxis(0).getPixelCoordinate(e.timeUs() / 1e6);
        int top = origin.y - shellBounds.y;
        // the followed window moves on between the capture and this look: the marker is within a few pixels
        int best = 0;
        for (int dx = -3; dx <= 3; dx++) {
            int x = origin.x - shellBounds.x + px + dx;
            int red = 0;
            for (int y = top + 5; y < top + plot.getSize().y - 5 && y < image.height; y++) {
                RGB rgb = image.palette.getRGB(image.getPixel(x, y));
                if (rgb.red > 200 && rgb.green < 60 && rgb.blue < 60) {
                    red++;
                }
            }
            best = Math.max(best, red);
        }
        return best > plot.getSize().y / 3;
    }
}
