package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.Boards;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.ui.PageInput;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.experiments.ExperimentColumn;
import org.wqlab.ui.experiments.ExperimentsView;
import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.ui.firststeps.FirstStepsEditor;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.testing.UiWait;

/**
 * The first start as a newcomer meets it, under Xvfb: the First Steps page (shown at start in an empty editor area,
 * and from Help > First Steps) connects the simulated board and opens the default sequence by its links; Ctrl+F11
 * runs it to a completed experiment. No view is touched by hand.
 */
class FirstStepsTest {
    private static final Duration CONNECT = Duration.ofSeconds(60);
    private static final Duration RUN = Duration.ofSeconds(240);

    @Test
    void firstStepsLinksConnectOpenAndCtrlF11Runs() throws Exception {
        EditorHarness ui = new EditorHarness();
        IEditorPart page = ui.page.findEditor(PageInput.FIRST_STEPS);
        if (page == null) {
            ui.menuItem("Help", "First Steps");
            page = ui.page.findEditor(PageInput.FIRST_STEPS);
        }
        assertTrue(page instanceof FirstStepsEditor, "the First Steps page is open: " + page);
        ui.page.activate(page);
        UiWait.settle(ui.display);
        ui.capture("first-steps.png", data -> true);

        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        String simulated = registry.entries().stream().filter(BoardEntry::builtInSimulator).map(BoardEntry::name)
                .findFirst().orElseThrow();
        activate(ui, "firstSteps.connect");
        UiWait.until(ui.display, () -> registry.status(simulated) instanceof BoardStatus.Connected, CONNECT,
                "the simulated board to connect (" + registry.status(simulated) + ")");

        Files.deleteIfExists(ExperimentsLocation.defaultSequenceCopy());
        activate(ui, "firstSteps.open");
        IEditorPart active = ui.page.getActiveEditor();
        assertTrue(active instanceof SequenceEditor, "the default sequence opened: " + active);
        SequenceEditor editor = (SequenceEditor) active;
        assertEquals("default.wqseq", editor.getTitle());

        // runs are recorded in the Experiments view's default project, as in the product
        ExperimentsView experiments = (ExperimentsView) ui.page.showView(ViewIds.EXPERIMENTS, null,
                IWorkbenchPage.VIEW_VISIBLE);
        ui.page.activate(editor);

        ui.pressCtrlF11();
        SequenceRunJob job = UiWait.until(ui.display, editor::runJob, CONNECT, "Ctrl+F11 to start the run");
        Path recording = UiWait.until(ui.display, () -> WorkbenchServices.get(LiveSessions.class).current().flatMap(s -> s.recordingInto())
                .orElse(null), CONNECT, "the run's experiment folder");
        TableItem running = UiWait.until(ui.display, () -> {
            TableItem row = row(experiments, recording);
            return row != null && "running".equals(row.getText(ExperimentColumn.STATUS.ordinal()))
                    && row.getText(ExperimentColumn.WORST.ordinal()).matches("\\d+\\.\\d ms so far") ? row : null;
        }, RUN, "the Experiments view to show the run as running with its worst delay so far (rows: "
                + rows(experiments) + ")");
        String soFar = running.getText(ExperimentColumn.WORST.ordinal());
        UiWait.until(ui.display, () -> editor.runJob() == null, RUN, "the run to end (" + editor.runSummary() + ")");
        RunResult result = job.result();
        assertNotNull(result, editor.runSummary());
        assertEquals(ExperimentStatus.COMPLETED, result.status(), result.summary());
        assertEquals(ExperimentStatus.COMPLETED, result.folder().readMetadata().status(), "recorded completed");
        TableItem completed = UiWait.until(ui.display, () -> {
            TableItem row = row(experiments, recording);
            return row != null && "completed".equals(row.getText(ExperimentColumn.STATUS.ordinal())) ? row : null;
        }, CONNECT, "the Experiments view to show the run completed (rows: " + rows(experiments) + ")");
        String worst = completed.getText(ExperimentColumn.WORST.ordinal());
        assertTrue(worst.matches("\\d+\\.\\d ms"), "the recorded worst delay, no longer 'so far': " + worst);
        assertTrue(Double.parseDouble(worst.split(" ")[0]) >= Double.parseDouble(soFar.split(" ")[0]),
                "the worst delay only grows: " + soFar + " during the run, " + worst + " after");
        ui.page.setPartState(ui.page.getReference(editor), IWorkbenchPage.STATE_RESTORED);
        ui.page.closeEditor(editor, false);
    }

    @Test
    void helpMenuOpensTheUserGuide() throws Exception {
        EditorHarness ui = new EditorHarness();
        ui.menuItem("Help", "wqlab User Guide");
        IEditorPart guide = ui.page.findEditor(PageInput.USER_GUIDE);
        assertNotNull(guide, "Help > wqlab User Guide opened the guide");
        org.eclipse.swt.custom.StyledText text = ui.find("userGuide.text", org.eclipse.swt.custom.StyledText.class);
        String shown = text.getText();
        assertTrue(shown.startsWith("wqlab user guide"), shown.substring(0, Math.min(80, shown.length())));
        assertTrue(shown.contains("Run > Run Sequence (Ctrl+F11"), "the guide says how to run, Markdown stripped");
        assertTrue(text.getStyleRanges().length > 50, "headings, bold and code are styled");
        ui.page.closeEditor(guide, false);
    }

    private static TableItem row(ExperimentsView view, Path dir) {
        for (TableItem item : view.viewer().getTable().getItems()) {
            if (item.getData() instanceof ExperimentSummary s && s.dir().equals(dir)) {
                return item;
            }
        }
        return null;
    }

    private static String rows(ExperimentsView view) {
        StringBuilder sb = new StringBuilder();
        for (TableItem item : view.viewer().getTable().getItems()) {
            sb.append(item.getText(0)).append(" / ").append(item.getText(ExperimentColumn.WORST.ordinal()))
                    .append(" / ").append(item.getText(ExperimentColumn.STATUS.ordinal())).append("; ");
        }
        return sb.toString();
    }

    /** Activates a First Steps link as the keyboard does (Enter on the focused link). */
    private static void activate(EditorHarness ui, String id) {
        Control link = ui.find(id, Control.class);
        link.setFocus();
        Event enter = new Event();
        enter.type = SWT.KeyDown;
        enter.character = '\r';
        enter.keyCode = SWT.CR;
        link.notifyListeners(SWT.KeyDown, enter);
        UiWait.settle(ui.display);
    }
}
