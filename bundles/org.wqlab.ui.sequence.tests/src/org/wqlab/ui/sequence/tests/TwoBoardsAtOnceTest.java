package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.console.ConsolePlugin;
import org.eclipse.ui.console.IConsole;
import org.eclipse.ui.console.MessageConsole;
import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.Boards;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.vboard.VboardArch;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.plot.Frame;
import org.wqlab.ui.plot.LivePlotPart;
import org.wqlab.ui.plot.LivePlotView;
import org.wqlab.ui.plot.NewLivePlotHandler;
import org.wqlab.ui.plot.PlotWidgetIds;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceLauncher;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.testing.UiWait;

/**
 * Kernel A beside kernel B, under Xvfb: the default sequence runs at once on the built-in simulated board (default
 * config) and on a second simulated board of the tailored config, each its own Job; a third Run on a running board says
 * it is busy and starts nothing; the Boards view says which boards run; the Live Plot is set to board A, Window > New
 * Live Plot opens a second one for board B, each titled by its board and drawing its own board's stall (about 6.5 s
 * and 2.3 s after the pull); each board's Console holds its own log only.
 */
class TwoBoardsAtOnceTest {
    private static final Duration RUN = Duration.ofSeconds(400);
    private static final String A = BuiltInSimulator.BOARD_NAME;
    private static final String B = "Simulated R-Car H3 (tailored config)";
    private static final String LIVE_PLOT = NewLivePlotHandler.VIEW_ID;

    @Test
    void twoSimulatedBoardsRunAtOnceEachInItsOwnLivePlot() throws Exception {
        EditorHarness ui = new EditorHarness();
        UiWait.until(ui.display, () -> Job.getJobManager().find(SequenceRunJob.FAMILY).length == 0 ? Boolean.TRUE
                : null, RUN, "an earlier test's run to end");
        ui.page.closeAllEditors(false);
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        if (registry.entry(B).isEmpty()) {
            registry.add(new BoardEntry(new BoardProfile(B, "127.0.0.1", 0, "root", AuthMethod.PASSWORD, null, null,
                    HostKeyPolicy.REFUSE_UNKNOWN, null, null), new BoardKind("simulator"), Optional.empty(), "",
                    VboardArch.X86_64, 0, Map.of("profile", "rcar-h3-tailored")));
        }
        Files.deleteIfExists(ExperimentsLocation.defaultSequenceCopy());
        ui.fileMenuItem("Open Default Sequence");
        SequenceEditor editor = (SequenceEditor) ui.page.getActiveEditor();
        String sequence = editor.model().sequence().name();

        SequenceRunJob a = SequenceLauncher.run(editor, ui.window, A);
        SequenceRunJob b = SequenceLauncher.run(editor, ui.window, B);
        assertNotNull(a, "the run on " + A + " starts");
        assertNotNull(b, "the run on " + B + " starts while A's goes on");
        assertNotSame(a, b);
        UiWait.until(ui.display, () -> a.getState() == Job.RUNNING && b.getState() == Job.RUNNING, RUN,
                "both runs to be running at the same time");
        assertEquals(List.of(a, b), editor.runJobs(), "the editor runs on both boards; its steps show the newest");

        // a board runs one sequence at a time: a second Run on B says so and starts nothing
        SequenceRunJob[] again = new SequenceRunJob[1];
        boolean[] returned = new boolean[1];
        List<String> said = new ArrayList<>();
        // the message's own event loop runs this reader: it notes the dialog's text and closes it, as a person does
        Runnable[] reader = new Runnable[1];
        reader[0] = () -> {
            Shell busy = shellTitled(ui, "Board Busy");
            if (busy != null) {
                said.add(String.join(" ", texts(busy, new ArrayList<>())));
                busy.close();
            } else if (!returned[0]) {
                ui.display.timerExec(50, reader[0]);
            }
        };
        ui.display.timerExec(50, reader[0]);
        again[0] = SequenceLauncher.run(editor, ui.window, B);
        returned[0] = true;
        assertEquals(1, said.size(), "one Board Busy message: " + said);
        assertTrue(said.get(0).contains("'" + B + "' is running '" + sequence + "'"), said.get(0));
        assertNull(again[0], "nothing started");
        assertEquals(2, Job.getJobManager().find(SequenceRunJob.FAMILY).length, "still the two runs");

        // the Boards view says which boards run
        ui.page.showView("org.wqlab.ui.boards");
        UiWait.until(ui.display, () -> boardsRowSays(ui, A, "running '" + sequence + "'")
                && boardsRowSays(ui, B, "running '" + sequence + "'"), EditorHarness.SHORT,
                "the Boards view to show both boards running");

        // the Live Plot set to A by its Board combo; Window > New Live Plot opens one for B, the board not shown
        LiveSession liveA = UiWait.until(ui.display, a::liveSession, Duration.ofSeconds(60), "A's live session");
        LiveSession liveB = UiWait.until(ui.display, b::liveSession, Duration.ofSeconds(60), "B's live session");
        LiveSessions sessions = WorkbenchServices.get(LiveSessions.class);
        assertEquals(List.of(liveA, liveB), List.of(sessions.of(A).orElseThrow(), sessions.of(B).orElseThrow()));
        closeExtraPlots(ui);
        LivePlotPart first = plot(ui.page.showView(LIVE_PLOT));
        Combo boardCombo = (Combo) EditorHarness.byId(first.view().control(), PlotWidgetIds.BOARD);
        assertNotNull(boardCombo, "the Live Plot has a Board combo");
        // Newest run first, then every board that ran here (earlier tests' boards too)
        UiWait.until(ui.display, () -> List.of(boardCombo.getItems()).containsAll(List.of(A, B))
                && boardCombo.getItem(0).equals(LivePlotView.NEWEST_RUN), EditorHarness.SHORT,
                "the Board combo to offer both boards");
        boardCombo.select(List.of(boardCombo.getItems()).indexOf(A));
        boardCombo.notifyListeners(SWT.Selection, new Event());
        UiWait.until(ui.display, () -> first.view().session() == liveA, EditorHarness.SHORT, "the first plot on A");
        ui.menuItem("Window", "New Live Plot");
        IViewReference secondRef = UiWait.until(ui.display, () -> plotReference(ui, "2"), EditorHarness.SHORT,
                "a second Live Plot view");
        LivePlotPart second = plot(secondRef.getView(false));
        assertEquals(B, second.board(), "the new plot shows the board no plot showed");
        assertEquals(liveB, second.view().session());
        UiWait.until(ui.display, () -> tabTexts(ui).containsAll(List.of("Live Plot: " + A, "Live Plot: " + B)),
                EditorHarness.SHORT, "each plot's tab to name its board");

        UiWait.until(ui.display, () -> a.result() != null && b.result() != null, RUN, "both runs to end ("
                + editor.runSummary() + ")");
        assertEquals(ExperimentStatus.COMPLETED, a.result().status(), a.result().summary());
        assertEquals(ExperimentStatus.COMPLETED, b.result().status(), b.result().summary());
        assertNotSame(a.result().folder().dir(), b.result().folder().dir());
        assertFalse(a.result().folder().dir().equals(b.result().folder().dir()), "an experiment each");
        UiWait.until(ui.display, () -> registry.runs().all().isEmpty(), EditorHarness.SHORT, "both boards freed");

        // each plot draws its own board's stall: the report's 6.5 s (default config) and 2.3 s (tailored), +-10 %
        int worstA = liveA.stats().afterDisconnects().get(0).worstDelayUs();
        int worstB = liveB.stats().afterDisconnects().get(0).worstDelayUs();
        assertTrue(Math.abs(worstA - 6_500_000) <= 650_000, "A's stall after the pull: " + worstA + " us");
        assertTrue(Math.abs(worstB - 2_300_000) <= 230_000, "B's stall after the pull: " + worstB + " us");
        first.view().showAll();
        second.view().showAll();
        ui.display.setCursorLocation(0, ui.shell.getBounds().height - 1); // no tooltip over the plots
        UiWait.settle(ui.display);
        ui.capture("two-boards-live.png", data -> true);
        waitForFrameWith(ui, first.view(), liveA.stats().maxUs());
        waitForFrameWith(ui, second.view(), liveB.stats().maxUs());

        // nothing of one board's log reaches the other's Console
        String logA = console(A).getDocument().get();
        String logB = console(B).getDocument().get();
        assertTrue(logA.contains("board: " + A) && !logA.contains(B), "A's Console holds A's run only");
        assertTrue(logB.contains("board: " + B) && !logB.contains(A), "B's Console holds B's run only");

        ui.page.hideView(secondRef);
        first.show(null);
        ui.page.closeEditor(editor, false);
        registry.remove(B);
    }

    private static void waitForFrameWith(EditorHarness ui, LivePlotView view, int largest) {
        UiWait.until(ui.display, () -> {
            Frame f = view.lastFrame();
            if (f == null || f.maxDrawn() != largest) {
                view.requestRefresh();
                return null;
            }
            return f;
        }, Duration.ofSeconds(15), "a frame of " + view.session().name() + " drawing its largest delay " + largest
                + " us (last: " + (view.lastFrame() == null ? "none" : view.lastFrame().maxDrawn()) + ")");
    }

    private static LivePlotPart plot(org.eclipse.ui.IViewPart view) {
        org.eclipse.e4.ui.model.application.ui.basic.MPart part = view.getSite()
                .getService(org.eclipse.e4.ui.model.application.ui.basic.MPart.class);
        return (LivePlotPart) part.getObject();
    }

    /** The texts of the window's tabs, as it shows them. */
    private static List<String> tabTexts(EditorHarness ui) {
        List<String> found = new ArrayList<>();
        tabTexts(ui.shell, found);
        return found;
    }

    private static void tabTexts(Control c, List<String> out) {
        if (c instanceof org.eclipse.swt.custom.CTabFolder folder) {
            for (org.eclipse.swt.custom.CTabItem item : folder.getItems()) {
                out.add(item.getText());
            }
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                tabTexts(child, out);
            }
        }
    }

    private static IViewReference plotReference(EditorHarness ui, String secondaryId) {
        for (IViewReference ref : ui.page.getViewReferences()) {
            if (LIVE_PLOT.equals(ref.getId()) && java.util.Objects.equals(secondaryId, ref.getSecondaryId())
                    && ref.getView(false) != null) {
                return ref;
            }
        }
        return null;
    }

    private static void closeExtraPlots(EditorHarness ui) {
        for (IViewReference ref : ui.page.getViewReferences()) {
            if (LIVE_PLOT.equals(ref.getId()) && ref.getSecondaryId() != null) {
                ui.page.hideView(ref);
            }
        }
    }

    private static boolean boardsRowSays(EditorHarness ui, String board, String status) {
        Tree tree = (Tree) EditorHarness.byId(ui.shell, org.wqlab.ui.boards.WidgetIds.TREE);
        if (tree == null) {
            return false;
        }
        for (TreeItem row : tree.getItems()) {
            if (row.getText(0).equals(board)) {
                for (int c = 1; c < tree.getColumnCount(); c++) {
                    if (row.getText(c).equals(status)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static Shell shellTitled(EditorHarness ui, String title) {
        for (Shell s : ui.display.getShells()) {
            if (!s.isDisposed() && s.isVisible() && title.equals(s.getText())) {
                return s;
            }
        }
        return null;
    }

    private static List<String> texts(Control c, List<String> out) {
        if (c instanceof Label l && !l.getText().isBlank()) {
            out.add(l.getText());
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                texts(child, out);
            }
        }
        return out;
    }

    private static MessageConsole console(String board) {
        for (IConsole c : ConsolePlugin.getDefault().getConsoleManager().getConsoles()) {
            if (c instanceof MessageConsole m && m.getName().equals("wqlab sequence run on " + board)) {
                return m;
            }
        }
        throw new AssertionError("no Console of " + board + "'s runs");
    }
}
