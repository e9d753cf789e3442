package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.StepType;
import org.wqlab.ui.sequence.OpenDefaultSequenceHandler;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.sequence.edit.StepPath;
import org.wqlab.ui.sequence.WidgetIds;
import org.wqlab.ui.testing.UiWait;
import org.wqlab.usb.UsbDisconnectDriver;

/**
 * The form and the source kept in step, in the real workbench: an edit in the form shows in the source, an edit of the source
 * shows in the form, and Edit > Undo (the workbench command) undoes both, on a file outside the workspace.
 */
class RoundTripTest {
    private static final String UNDO = "org.eclipse.ui.edit.undo";
    private static final String REDO = "org.eclipse.ui.edit.redo";

    @TempDir
    Path dir;
    private EditorHarness ui;
    private SequenceEditor editor;
    private Path file;
    private String original;

    @BeforeEach
    void open() throws Exception {
        ui = new EditorHarness();
        file = dir.resolve("round-trip.wqseq");
        // the report procedure: nine steps, a repeat, the original module (the default sequence has thirteen)
        original = SequenceJson.reportProcedure().text();
        Files.writeString(file, original, StandardCharsets.UTF_8);
        editor = (SequenceEditor) OpenDefaultSequenceHandler.openFile(ui.page, file);
        editor.showSteps();
        UiWait.settle(ui.display);
    }

    @AfterEach
    void close() {
        ui.page.closeEditor(editor, false);
        UiWait.settle(ui.display);
    }

    private String text() {
        return editor.document().get();
    }

    private void showForm() {
        editor.showSteps();
        UiWait.settle(ui.display);
    }

    private void showSource() {
        editor.showSource();
        UiWait.settle(ui.display);
    }

    private TreeItem item(int... path) {
        Tree tree = ui.find(WidgetIds.TREE, Tree.class);
        TreeItem item = tree.getItem(path[0]);
        for (int i = 1; i < path.length; i++) {
            item = item.getItem(path[i]);
        }
        return item;
    }

    @Test
    void formEditShowsInSourceAndUndoes() throws Exception {
        Tree tree = ui.find(WidgetIds.TREE, Tree.class);
        assertEquals(9, tree.getItemCount(), "the report procedure's steps");
        assertEquals("3  baseline", item(2).getText(0));
        assertFalse(editor.isDirty());

        editor.stepsPage().select(StepPath.of(2));
        Text seconds = ui.find(WidgetIds.field("seconds"), Text.class);
        assertEquals("${settle.s}", seconds.getText());
        seconds.setText("7");
        UiWait.settle(ui.display);
        assertTrue(text().contains("\"seconds\": \"7\""), text());
        assertFalse(text().contains("\"seconds\": \"${settle.s}\""));
        assertTrue(editor.isDirty(), "a form edit makes the editor dirty");
        showSource();
        StyledText source = editor.sourcePage().viewer().getTextWidget();
        assertTrue(source.getText().contains("\"seconds\": \"7\""), "the Source page shows the form's edit");
        assertEquals("7 s", item(2).getText(2));

        showForm();
        ui.execute(UNDO);
        assertEquals(original, text(), "Edit > Undo on the Steps page undoes the form edit");
        UiWait.until(ui.display, () -> ui.find(WidgetIds.field("seconds"), Text.class).getText().equals("${settle.s}"),
                EditorHarness.SHORT, "the form to follow the undo");
        ui.execute(REDO);
        assertTrue(text().contains("\"seconds\": \"7\""), "Edit > Redo");
        ui.execute(UNDO);
        assertEquals(original, text());
    }

    @Test
    void addRemoveMoveDuplicateAndRepeatChildren() throws Exception {
        Combo type = ui.find(WidgetIds.ADD_TYPE, Combo.class);
        editor.stepsPage().select(StepPath.of(0));
        type.select(StepType.REPEAT.ordinal());
        ui.click(ui.find(WidgetIds.ADD, Button.class));
        assertEquals("2  repeat", item(1).getText(0), "added after the selection");
        type.select(StepType.MARK.ordinal());
        ui.click(ui.find(WidgetIds.ADD_INSIDE, Button.class));
        assertEquals("2.1  mark", item(1, 0).getText(0), "a step inside the repeat");
        ui.find(WidgetIds.field("label"), Text.class).setText("inside");
        ui.click(ui.find(WidgetIds.DUPLICATE, Button.class));
        assertEquals("inside", item(1, 1).getText(2), "the duplicate is the next step");
        ui.find(WidgetIds.field("label"), Text.class).setText("second");
        ui.click(ui.find(WidgetIds.UP, Button.class));
        assertEquals("second", item(1, 0).getText(2), "moved up");
        String repeat = text().substring(text().indexOf("\"type\": \"repeat\""));
        assertTrue(repeat.indexOf("\"second\"") < repeat.indexOf("\"inside\""), "the source has the new order");
        ui.click(ui.find(WidgetIds.REMOVE, Button.class));
        assertEquals(1, item(1).getItemCount());
        assertEquals(10, SequenceJson.parse("t", text()).steps().size(), "9 steps and the repeat");

        showSource();
        for (int i = 0; i < 20 && !text().equals(original); i++) {
            ui.execute(UNDO);
        }
        assertEquals(original, text(), "every form edit undoes, back to the file as opened");
        showForm();
        UiWait.until(ui.display, () -> ui.find(WidgetIds.TREE, Tree.class).getItemCount() == 9, EditorHarness.SHORT,
                "the form to follow the undo");
    }

    @Test
    void sourceEditShowsInFormAndUndoes() throws Exception {
        showSource();
        StyledText source = editor.sourcePage().viewer().getTextWidget();
        int at = source.getText().indexOf("\"name\": \"after\"") + "\"name\": \"after".length();
        source.setCaretOffset(at);
        source.insert(" the stall");
        UiWait.settle(ui.display);
        assertTrue(text().contains("\"name\": \"after the stall\""));

        showForm();
        UiWait.until(ui.display, () -> item(7).getText(0).equals("8  after the stall"), EditorHarness.SHORT,
                "the form to show the source's edit (was '" + item(7).getText(0) + "')");
        editor.stepsPage().select(StepPath.of(7));
        assertEquals("after the stall", ui.find(WidgetIds.field("name"), Text.class).getText());

        showSource();
        ui.execute(UNDO);
        assertEquals(original, text(), "Edit > Undo on the Source page");
        showForm();
        UiWait.until(ui.display, () -> item(7).getText(0).equals("8  after"), EditorHarness.SHORT,
                "the form to follow the undo");

        // a source that does not parse: the form says so and stops editing until it parses again
        showSource();
        source.setCaretOffset(source.getText().indexOf("\"steps\""));
        source.insert("oops ");
        showForm();
        Label problems = ui.find(WidgetIds.PROBLEMS, Label.class);
        UiWait.until(ui.display, () -> problems.getText().contains("malformed JSON"), EditorHarness.SHORT,
                "the structure error (was '" + problems.getText() + "')");
        assertFalse(ui.find(WidgetIds.ADD, Button.class).getEnabled(), "no form edits while the source is broken");
        showSource();
        ui.execute(UNDO);
        showForm();
        UiWait.until(ui.display, () -> problems.getText().isEmpty(), EditorHarness.SHORT, "the error to go");
        assertTrue(ui.find(WidgetIds.ADD, Button.class).getEnabled());
    }

    @Test
    void validationNamesStepAndFieldAndSysfsDriversAreControlRuns() throws Exception {
        editor.stepsPage().select(StepPath.of(6));
        ui.find(WidgetIds.field("pattern"), Text.class).setText("DELAY: ([0-9]+");
        Label problems = ui.find(WidgetIds.PROBLEMS, Label.class);
        assertTrue(problems.getText().contains(
                "step 7 (wait for the stall to end): field 'pattern': bad regular expression 'DELAY: ([0-9]+'"),
                problems.getText());
        assertTrue(editor.stepsPage().getManagedForm().getForm().getMessageType() > 0, "the form header shows it");

        editor.stepsPage().select(StepPath.of(5));
        Combo driver = ui.find(WidgetIds.field("driver"), Combo.class);
        driver.setText("sysfs-remove");
        UiWait.settle(ui.display);
        assertTrue(text().contains("\"driver\": \"sysfs-remove\""));
        assertEquals("\u26a0 " + UsbDisconnectDriver.CONTROL_RUN,
                ui.find(WidgetIds.DRIVER_NOTE, Label.class).getText());
        assertTrue(item(5).getText(2).endsWith(UsbDisconnectDriver.CONTROL_RUN), item(5).getText(2));
        ui.page.setPartState(ui.page.getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
        UiWait.settle(ui.display);
        // the problem list is drawn in dark red: the capture is of this window when its first line has that colour
        ui.capture("sequence-editor-problems.png", data -> ui.anyPixel(data, problems, 8,
                rgb -> rgb.red > 90 && rgb.green < 40 && rgb.blue < 40));
        ui.page.setPartState(ui.page.getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_RESTORED);
        driver.setText("sim-pull");
        UiWait.settle(ui.display);
        assertEquals("", ui.find(WidgetIds.DRIVER_NOTE, Label.class).getText());

        editor.doSave(new NullProgressMonitor());
        assertFalse(editor.isDirty());
        String saved = Files.readString(file, StandardCharsets.UTF_8);
        assertEquals(text(), saved, "saved as shown");
        assertNotEquals(original, saved);
        assertTrue(saved.contains("\"pattern\": \"DELAY: ([0-9]+\""));
    }
}
