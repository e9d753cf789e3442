package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.wqlab.analysis.trace.PixelSpan;
import org.wqlab.analysis.trace.TimelineRows;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.kernel.GroundTruth;
import org.wqlab.sim.kernel.WorkRecord;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.editor.WorkTimelineView;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * The Work items tab of the default simulated run under Xvfb: CPU 0's row draws hub_event where the simulator ran
 * it (its own record of the execution), the monitor's work item only after it, the stall shaded; a click on the bar
 * describes it, the wheel zooms around the pointer.
 */
class WorkTimelineTest {
    private static final Duration RUN = Duration.ofSeconds(240);
    private static final Duration SHOWN = Duration.ofSeconds(60);

    @Test
    void hubEventCoversTheStallOnCpu0AndTheMonitorRunsAfterIt() throws Exception {
        LabWindow lab = LabWindow.open();
        Display display = lab.display();
        Shell shell = lab.shell();
        IWorkbenchPage page = lab.page();
        Workspace workspace = lab.workspace();

        GroundTruth[] truth = new GroundTruth[1];
        RunResult run = inBackground(display, () -> SimulatedRun.run(workspace, Map.of(), board -> {
            board.kernel().groundTruth().retainInMemory(true);
            truth[0] = board.kernel().groundTruth();
        }));
        assertEquals(ExperimentStatus.COMPLETED, run.status(), run.summary());
        WorkRecord hub = truth[0].workRecords("hub_event").stream().filter(w -> w.cpu() == 0)
                .max(Comparator.comparingLong(w -> w.endNs() - w.startNs()))
                .orElseThrow(() -> new AssertionError("the simulator ran no hub_event on CPU 0"));
        long truthStart = hub.startNs() / 1000;
        long truthEnd = hub.endNs() / 1000;
        long truthLength = truthEnd - truthStart;
        assertTrue(truthLength > 500_000, "the stall's hub_event: " + truthLength + " us");

        ExperimentEditor editor = (ExperimentEditor) page.openEditor(
                new ExperimentEditorInput(run.folder().dir(), "timeline"), ExperimentIds.EDITOR);
        selectTab(editor, "Work items");
        WorkTimelineView timeline = editor.timeline();
        TimelineRows rows = UiWait.until(display, timeline::rows, SHOWN, "trace.log to be read");
        TimelineRows.Row cpu0 = rows.cpuRows().stream().filter(r -> r.cpu() == 0).findFirst()
                .orElseThrow(() -> new AssertionError("no CPU 0 row: " + rows.cpuRows()));

        // zoomed to the stall with its length on either side, as a user would look at it
        timeline.setRange(truthStart - truthLength, truthEnd + truthLength);
        UiWait.settle(display);
        List<PixelSpan> spans = timeline.spans(cpu0);
        PixelSpan longest = spans.stream()
                .filter(s -> rows.functions().get(s.function()).symbol().equals("hub_event"))
                .max(Comparator.comparingInt(s -> s.x1() - s.x0()))
                .orElseThrow(() -> new AssertionError("no hub_event bar on CPU 0: " + spans));
        // the monitor's item, drawn over any column it shares, may cut the bar where hub_event slept
        List<PixelSpan> bar = spans.stream().filter(s -> s.execution() == longest.execution()).toList();
        int barX0 = bar.get(0).x0();
        int barX1 = bar.get(bar.size() - 1).x1();
        long drawnStart = timeline.timeAt(barX0);
        long drawnEnd = timeline.timeAt(barX1);
        long tolerance = truthLength / 20;
        assertTrue(Math.abs(drawnStart - truthStart) <= tolerance,
                "bar starts at " + drawnStart + " us, hub_event started at " + truthStart + " us");
        assertTrue(Math.abs(drawnEnd - truthEnd) <= tolerance,
                "bar ends at " + drawnEnd + " us, hub_event ended at " + truthEnd + " us");

        // the stall is hub_event's CPU-bound part, between the sleeps the simulator's profile gives it
        SimulatedBoardProfile profile = Profiles.builtIn(Profiles.DEFAULT);
        long stallStart = truthStart + profile.hubEventSleepBeforeNs() / 1000;
        long stallEnd = truthEnd - profile.hubEventSleepAfterNs() / 1000;
        int monitorIndex = -1;
        for (int i = 0; i < cpu0.executions().size(); i++) {
            if (rows.monitor(cpu0.functionIndex()[i]) && cpu0.startUs()[i] > stallStart) {
                monitorIndex = i;
                break;
            }
        }
        assertTrue(monitorIndex >= 0, "no monitor work item on CPU 0 after the stall began");
        long monitorStart = cpu0.startUs()[monitorIndex];
        assertTrue(monitorStart >= stallEnd && monitorStart <= truthEnd + tolerance, "the monitor started at "
                + monitorStart + " us; the stall ran " + stallStart + " .. " + stallEnd + " us");
        int shown = monitorIndex;
        PixelSpan monitor = spans.stream().filter(s -> s.execution() == shown).findFirst()
                .orElseThrow(() -> new AssertionError("the monitor's item after the stall is not drawn: " + spans));
        assertTrue(rows.monitor(monitor.function()));
        assertTrue(timeline.timeAt(monitor.x0() + 1) >= stallEnd, "drawn at column " + monitor.x0());

        // a click on the bar names it; the stall is shaded as late
        Control canvas = timeline.canvas();
        int y = timeline.rowMiddle(cpu0);
        int x = WorkTimelineView.LABEL_WIDTH + (barX0 + barX1) / 2;
        click(canvas, x, y);
        assertNotNull(timeline.selection(), "the click selected a bar");
        String details = timeline.details().getText();
        assertTrue(details.contains("hub_event") && details.contains("usb_hub_wq")
                && details.contains("worker kworker/0:") && details.contains("held the CPU"), details);
        assertTrue(timeline.lateIntervals().stream().anyMatch(l -> l[2] == 0 && l[0] < stallEnd && l[1] > stallStart),
                "a late interval of CPU 0 over the stall");

        // a click on the CPU's name shows its workers' rows under it, the bar again in its worker's row
        String worker = timeline.selection().work().worker();
        click(canvas, 10, y);
        List<TimelineRows.Row> visible = timeline.visibleRows();
        assertEquals(cpu0, visible.get(0));
        TimelineRows.Row workerRow = visible.stream().filter(r -> r.worker().equals(worker)).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + worker + ": " + visible));
        assertEquals(0, workerRow.cpu());
        assertTrue(timeline.spans(workerRow).stream()
                .anyMatch(s -> rows.functions().get(s.function()).symbol().equals("hub_event")
                        && s.x0() <= barX0 + 1 && s.x1() >= barX1 - 1), "the worker's row draws the whole bar");

        Path dir = Screenshots.directory();
        hideSideViews(page);
        UiWait.settle(display);
        Screenshots.capture(shell, dir.resolve("timeline.png"));

        // the wheel zooms in around the pointer: the time under it stays put
        long anchor = timeline.timeAt(x - WorkTimelineView.LABEL_WIDTH);
        long before = timeline.toUs() - timeline.fromUs();
        Event wheel = new Event();
        wheel.x = x;
        wheel.y = y;
        wheel.count = 3;
        canvas.notifyListeners(SWT.MouseVerticalWheel, wheel);
        assertTrue(timeline.toUs() - timeline.fromUs() < before, "zoomed in");
        long after = timeline.timeAt(x - WorkTimelineView.LABEL_WIDTH);
        assertTrue(Math.abs(after - anchor) <= (timeline.toUs() - timeline.fromUs()) / 100,
                "the time under the pointer moved from " + anchor + " to " + after);
        page.closeEditor(editor, false);
    }

    private static void click(Control canvas, int x, int y) {
        Event down = new Event();
        down.button = 1;
        down.x = x;
        down.y = y;
        canvas.notifyListeners(SWT.MouseDown, down);
        Event up = new Event();
        up.button = 1;
        up.x = x;
        up.y = y;
        canvas.notifyListeners(SWT.MouseUp, up);
    }

    static void hideSideViews(IWorkbenchPage page) {
        for (String id : List.of(ViewIds.LIVE_PLOT, ViewIds.CONSOLE, ViewIds.PROGRESS, ViewIds.KERNEL_MODULE,
                ViewIds.PROPERTIES, ViewIds.BOARDS)) {
            IViewPart v = page.findView(id);
            if (v != null) {
                page.hideView(v);
            }
        }
    }

    static void selectTab(ExperimentEditor editor, String title) {
        var tabs = (CTabFolder) find(editor.banner().getParent(), ExperimentIds.EDITOR_TABS);
        for (var item : tabs.getItems()) {
            if (item.getText().equals(title)) {
                tabs.setSelection(item);
                return;
            }
        }
        throw new AssertionError("no tab " + title);
    }

    private static Control find(Composite parent, String key) {
        for (var c : parent.getChildren()) {
            if (key.equals(c.getData(ExperimentIds.KEY))) {
                return c;
            }
        }
        throw new AssertionError("no " + key);
    }

    static <T> T inBackground(Display display, Callable<T> work) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(work.call());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        }, "simulated run");
        t.start();
        UiWait.until(display, f::isDone, RUN, "the simulated run");
        return f.get();
    }
}
