package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.text.IRegion;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.console.ConsolePlugin;
import org.eclipse.ui.console.IConsole;
import org.eclipse.ui.console.IHyperlink;
import org.eclipse.ui.console.MessageConsole;
import org.eclipse.ui.menus.CommandContributionItem;
import org.junit.jupiter.api.Test;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.live.LiveSession;
import org.wqlab.live.LiveSessions;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.sequence.StepType;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.RunCommands;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.sequence.StepOutcome;
import org.wqlab.sequence.edit.StepPath;
import org.wqlab.ui.sequence.WidgetIds;
import org.wqlab.ui.testing.UiWait;

/**
 * A whole run from the editor, under Xvfb: File > Open Default Sequence (the menu item), add a mark step, save, run from
 * the editor's toolbar on the built-in simulated board (40x board time, set by the test's launch), every step turns
 * green, and the run is recorded as a completed experiment; the Console shows the log, the live session the run.
 */
class RunOnSimulatedBoardTest {
    private static final Duration RUN = Duration.ofSeconds(240);

    @Test
    void defaultSequenceWithAMarkRunsGreen() throws Exception {
        EditorHarness ui = new EditorHarness();
        // an editor an earlier test left open on the copy would be reused, and saving it over the fresh copy asks
        // whether to overwrite the file changed on disk (a dialog no one answers)
        UiWait.until(ui.display, () -> org.eclipse.core.runtime.jobs.Job.getJobManager().find(SequenceRunJob.FAMILY)
                .length == 0 ? Boolean.TRUE : null, RUN, "an earlier test's run to end");
        ui.page.closeAllEditors(false);
        UiWait.until(ui.display, () -> ui.page.getEditorReferences().length == 0 ? Boolean.TRUE : null,
                EditorHarness.SHORT, "every editor to close");
        Files.deleteIfExists(ExperimentsLocation.defaultSequenceCopy());
        ui.fileMenuItem("Open Default Sequence");
        IEditorPart active = ui.page.getActiveEditor();
        assertTrue(active instanceof SequenceEditor, "the sequence editor opened: " + active);
        SequenceEditor editor = (SequenceEditor) active;
        assertEquals("default.wqseq", editor.getTitle());
        editor.showSteps();
        UiWait.settle(ui.display);

        // a mark after the stall (a step between the pull and the wait-log could start after the stall was logged:
        // wait-log looks only at lines logged after it starts)
        // this editor's own widgets, whatever else the window shows
        Tree tree = inEditor(ui, editor, WidgetIds.TREE, Tree.class);
        Button add = inEditor(ui, editor, WidgetIds.ADD, Button.class);
        whileEditable(ui, editor, add::isEnabled, "the Add button to be enabled");
        assertEquals(13, tree.getItemCount(), "the default sequence's steps");
        editor.stepsPage().select(StepPath.of(10));
        inEditor(ui, editor, WidgetIds.ADD_TYPE, Combo.class).select(StepType.MARK.ordinal());
        ui.click(add);
        whileEditable(ui, editor, () -> tree.getItemCount() == 14, "the mark to be added");
        inEditor(ui, editor, WidgetIds.field("label"), Text.class).setText("stall over");
        UiWait.settle(ui.display);
        assertEquals("stall over", tree.getItem(11).getText(2));
        UiWait.watched(ui.display, "the save", () -> editor.doSave(new NullProgressMonitor()));
        assertFalse(editor.isDirty());
        Path saved = ExperimentsLocation.defaultSequenceCopy();
        assertTrue(Files.readString(saved, StandardCharsets.UTF_8).contains("\"label\": \"stall over\""));

        ui.page.setPartState(ui.page.getReference(editor), IWorkbenchPage.STATE_RESTORED);
        ToolItem headerRun = ui.toolItem(WidgetIds.RUN);
        ToolItem headerCancel = ui.toolItem(WidgetIds.CANCEL);
        assertEquals(List.of(RunCommands.RUN, RunCommands.CANCEL), List.of(headerCommand(headerRun),
                headerCommand(headerCancel)), "the form header's buttons are the Run and Cancel Run commands");
        assertFalse(headerCancel.isEnabled(), "Cancel Run disabled before the run");
        ui.click(headerRun);
        SequenceRunJob job = UiWait.until(ui.display, editor::runJob, EditorHarness.SHORT, "the run to start");
        UiWait.until(ui.display, headerCancel::isEnabled, EditorHarness.SHORT, "the header's Cancel Run enabled");
        LiveSession live = UiWait.until(ui.display, job::liveSession, Duration.ofSeconds(60),
                "the run's live session");
        assertEquals(live, WorkbenchServices.get(LiveSessions.class).current().orElse(null), "the run publishes its live session");
        UiWait.until(ui.display, () -> editor.runJob() == null, RUN, "the run to end (" + editor.runSummary() + ")");
        UiWait.until(ui.display, () -> !headerCancel.isEnabled(), EditorHarness.SHORT,
                "the header's Cancel Run disabled after the run");
        RunResult result = job.result();
        assertNotNull(result, editor.runSummary());
        assertEquals(ExperimentStatus.COMPLETED, result.status(), result.summary());

        Map<StepPath, StepOutcome> outcomes = editor.outcomes();
        assertEquals(14, outcomes.size(), outcomes.toString());
        outcomes.forEach((p, o) -> assertEquals(StepOutcome.State.OK, o.state(), "step " + p + ": " + o));
        UiWait.until(ui.display, () -> allGreen(tree), EditorHarness.SHORT, "every row painted green");

        assertEquals(ExperimentStatus.COMPLETED, result.folder().readMetadata().status(), "recorded completed");
        assertTrue(result.folder().dir().startsWith(ExperimentsLocation.root()), "in the experiments folder");
        assertTrue(result.folder().readMetadata().sequence().contains("stall over"), "the sequence as run");
        assertTrue(live.events().stream().anyMatch(e -> e.kind() == EventKind.USB_DISCONNECT),
                "the live session saw the disconnect: " + live.events());
        assertTrue(live.stats().maxUs() > 1_000_000, "and the stall: " + live.stats().maxUs() + " us");

        MessageConsole console = console();
        UiWait.until(ui.display, () -> console.getDocument().get().contains("completed"), EditorHarness.SHORT,
                "the Console to show the end of the run");
        String log = console.getDocument().get();
        assertTrue(log.contains("stall over"), "step messages in the Console");
        assertTrue(log.contains("DELAY: ") || log.contains("delay_us="), "the kernel log in the Console");
        assertTrue(Pattern.compile("(?m)^\\[ {0,4}\\d+\\.\\d{6}\\] usb 2-1: USB disconnect, device number \\d+$")
                .matcher(log).find(), "kernel lines as dmesg prints them: " + log);
        assertFalse(Pattern.compile("(?m)^\\d+,\\d+,\\d+,[^;]*;").matcher(log).find(), "no raw /dev/kmsg records");

        // the experiment's path at the end is a link that opens it
        String path = result.folder().dir().toString();
        IHyperlink link = UiWait.until(ui.display, () -> linkAt(console, "experiment: " + path), EditorHarness.SHORT,
                "a link on the experiment's path");
        link.linkActivated();
        IEditorPart opened = UiWait.until(ui.display, () -> ui.page.getActiveEditor() instanceof ExperimentEditor x
                ? x : null, EditorHarness.SHORT, "the experiment editor");
        assertEquals(result.folder().dir(), ((ExperimentEditorInput) opened.getEditorInput()).dir());
        ui.page.closeEditor(opened, false);
        ui.page.activate(editor);

        // the whole workbench: steps, Console, live plot; then the editor alone, larger
        ui.capture("sequence-run-workbench.png", data -> rowIsGreen(ui, tree, data));
        ui.page.setPartState(ui.page.getReference(editor), IWorkbenchPage.STATE_MAXIMIZED);
        UiWait.settle(ui.display);
        ui.capture("sequence-editor.png", data -> rowIsGreen(ui, tree, data));
        ui.page.setPartState(ui.page.getReference(editor), IWorkbenchPage.STATE_RESTORED);
        ui.page.closeEditor(editor, false);
    }

    /** The screenshot shows the first step's row green. */
    private static boolean rowIsGreen(EditorHarness ui, Tree tree, org.eclipse.swt.graphics.ImageData data) {
        org.eclipse.swt.graphics.Rectangle row = tree.getItem(0).getBounds(0);
        return ui.anyPixel(data, tree, row.y + row.height / 2, RunOnSimulatedBoardTest::isGreen);
    }

    private static boolean isGreen(RGB rgb) {
        return rgb.green > 200 && rgb.red < 180 && rgb.blue < 180;
    }

    private static boolean allGreen(Tree tree) {
        for (TreeItem item : tree.getItems()) {
            if (!green(item)) {
                return false;
            }
        }
        return true;
    }

    private static boolean green(TreeItem item) {
        if (!isGreen(item.getBackground(0).getRGB())) {
            return false;
        }
        for (TreeItem child : item.getItems()) {
            if (!green(child)) {
                return false;
            }
        }
        return true;
    }

    /** The console's hyperlink over the path in {@code text} ("experiment: PATH"), or null. */
    private static IHyperlink linkAt(MessageConsole console, String text) {
        int at = console.getDocument().get().indexOf(text);
        if (at < 0) {
            return null;
        }
        int start = at + "experiment: ".length();
        for (IHyperlink link : console.getHyperlinks()) {
            IRegion r = console.getRegion(link);
            if (r != null && r.getOffset() == start && r.getLength() == text.length() - "experiment: ".length()) {
                return link;
            }
        }
        return null;
    }

    private static <T extends org.eclipse.swt.widgets.Control> T inEditor(EditorHarness ui, SequenceEditor editor,
            String id, Class<T> type) {
        org.eclipse.swt.widgets.Control root = editor.stepsPage().getManagedForm().getForm();
        return type.cast(UiWait.until(ui.display, () -> EditorHarness.byId(root, id), EditorHarness.SHORT,
                "widget " + id + " of the editor"));
    }

    /** Waits for a condition of the form; on a timeout the failure says why the form would not edit. */
    private static void whileEditable(EditorHarness ui, SequenceEditor editor, java.util.function.BooleanSupplier done,
            String what) {
        try {
            UiWait.until(ui.display, () -> done.getAsBoolean() ? Boolean.TRUE : null, EditorHarness.SHORT, what);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + " (the source parses: " + editor.model().parses()
                    + ", a run of the editor: " + editor.runJob() + ", problems: " + editor.model().all()
                    + ", steps: " + inEditor(ui, editor, WidgetIds.TREE, Tree.class).getItemCount() + ", open editors: "
                    + java.util.Arrays.stream(ui.page.getEditorReferences()).map(r -> r.getTitle()).toList() + ")", e);
        }
    }

    private static MessageConsole console() {
        for (IConsole c : ConsolePlugin.getDefault().getConsoleManager().getConsoles()) {
            if (c instanceof MessageConsole m
                    && m.getName().equals("wqlab sequence run on " + org.wqlab.boards.BuiltInSimulator.BOARD_NAME)) {
                return m;
            }
        }
        throw new AssertionError("no console of the built-in board's runs");
    }

    private static String headerCommand(ToolItem item) {
        return item.getData() instanceof CommandContributionItem c ? c.getCommand().getId() : null;
    }
}
