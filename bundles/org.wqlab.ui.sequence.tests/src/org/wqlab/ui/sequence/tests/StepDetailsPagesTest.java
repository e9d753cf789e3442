package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.StepType;
import org.wqlab.sequence.edit.SequenceEdits;
import org.wqlab.sequence.edit.StepPath;
import org.wqlab.ui.sequence.OpenDefaultSequenceHandler;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.StepsPage;
import org.wqlab.ui.sequence.WidgetIds;
import org.wqlab.ui.testing.UiWait;

/**
 * The Steps page's details part: a step of each type, added with Add, shows that type's page with a visible control
 * for every field the type takes and none for another type's field; an edit there changes that step in the source.
 */
class StepDetailsPagesTest {
    @TempDir
    Path dir;

    @Test
    void everyStepTypeShowsItsOwnFields() throws Exception {
        EditorHarness ui = new EditorHarness();
        Path file = dir.resolve("details.wqseq");
        Files.writeString(file, SequenceJson.defaultSequence().text(), StandardCharsets.UTF_8);
        SequenceEditor editor = (SequenceEditor) OpenDefaultSequenceHandler.openFile(ui.page, file);
        try {
            editor.showSteps();
            UiWait.settle(ui.display);
            StepsPage steps = editor.stepsPage();
            for (StepType type : StepType.values()) {
                int count = editor.model().sequence().steps().size();
                steps.select(StepPath.of(count - 1));
                ui.find(WidgetIds.ADD_TYPE, Combo.class).select(type.ordinal());
                ui.click(ui.find(WidgetIds.ADD, Button.class));
                StepPath added = StepPath.of(count);
                assertEquals(added, steps.selected().orElseThrow(), type.id() + " selected after Add");
                for (String key : fieldsOf(type)) {
                    Control c = steps.field(key);
                    assertNotNull(c, type.id() + " has a control for " + key);
                    assertTrue(c.isVisible(), type.id() + "'s " + key + " is shown");
                    assertEquals(WidgetIds.field(key), c.getData(WidgetIds.KEY));
                }
                String foreign = type == StepType.SLEEP ? "label" : "seconds";
                assertNull(steps.field(foreign), type.id() + " shows no " + foreign);
            }

            int mark = editor.model().sequence().steps().size() - 2;
            steps.select(StepPath.of(mark));
            ((Text) steps.field("label")).setText("from the details page");
            UiWait.settle(ui.display);
            Step edited = SequenceEdits.step(SequenceJson.parse("t", editor.document().get()), StepPath.of(mark));
            assertEquals(StepType.MARK, edited.type());
            assertEquals("from the details page", edited.field("label"));
        } finally {
            ui.page.closeEditor(editor, false);
            UiWait.settle(ui.display);
        }
    }

    private static List<String> fieldsOf(StepType type) {
        List<String> keys = new ArrayList<>(List.of("name"));
        keys.addAll(type.required());
        keys.addAll(type.optional());
        keys.remove("steps");
        if (type.accepts("params")) {
            keys.add("params");
        }
        return keys;
    }
}
