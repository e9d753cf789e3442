package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.ui.sequence.OpenDefaultSequenceHandler;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.WidgetIds;
import org.wqlab.ui.testing.UiWait;

/**
 * The Steps page's variables table: Add, then a click on the selected row's name and value edits them in place (as
 * the hint under the table says), Remove; the saved file has the edits. Six rows show without scrolling.
 */
class VariablesTableTest {
    @TempDir
    Path dir;

    @Test
    void addEditAndRemoveVariablesAsTheHintSays() throws Exception {
        EditorHarness ui = new EditorHarness();
        Path file = dir.resolve("variables.wqseq");
        Files.writeString(file, SequenceJson.defaultSequence().text(), StandardCharsets.UTF_8);
        SequenceEditor editor = (SequenceEditor) OpenDefaultSequenceHandler.openFile(ui.page, file);
        try {
            editor.showSteps();
            UiWait.settle(ui.display);
            Table table = ui.find(WidgetIds.VARIABLES, Table.class);
            table.setTopIndex(0);
            Rectangle client = table.getClientArea();
            for (int i = 0; i < 6; i++) {
                Rectangle b = table.getItem(i).getBounds();
                assertTrue(b.y >= client.y && b.y + b.height <= client.y + client.height,
                        "row " + (i + 1) + " at " + b + " shown whole in " + client);
            }
            assertTrue(ui.find(WidgetIds.VARIABLES, Control.class).getParent().getChildren().length > 2,
                    "Add and Remove beside the table");

            int before = table.getItemCount();
            ui.click(ui.find(WidgetIds.VARIABLE_ADD, Button.class));
            UiWait.until(ui.display, () -> table.getItemCount() == before + 1, EditorHarness.SHORT, "a new row");
            finishEdit(ui, table); // Add starts editing the new name: leave it as it is first
            TableItem added = row(table, "name");
            clickSelected(ui, table, added, 0);
            type(ui, table, "board.ip");
            clickSelected(ui, table, row(table, "board.ip"), 1);
            type(ui, table, "127.0.0.1");
            assertEquals("127.0.0.1", row(table, "board.ip").getText(1));

            clickSelected(ui, table, row(table, "after.s"), 1);
            type(ui, table, "7");
            table.setSelection(row(table, "settle.s"));
            table.notifyListeners(SWT.Selection, selectionOf(row(table, "settle.s")));
            ui.click(ui.find(WidgetIds.VARIABLE_REMOVE, Button.class));
            UiWait.until(ui.display, () -> find(table, "settle.s") == null, EditorHarness.SHORT, "settle.s removed");

            ui.page.setPartState(ui.page.getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
            UiWait.settle(ui.display);
            org.eclipse.ui.forms.widgets.FormToolkit.ensureVisible(table);
            UiWait.settle(ui.display);
            ui.capture("sequence-variables.png", data -> true);
            ui.page.setPartState(ui.page.getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_RESTORED);
            editor.doSave(new NullProgressMonitor());
            assertFalse(editor.isDirty(), "saved");
            Map<String, String> saved = SequenceJson.parse(file.toString(),
                    Files.readString(file, StandardCharsets.UTF_8)).variables();
            assertEquals("127.0.0.1", saved.get("board.ip"), saved.toString());
            assertEquals("7", saved.get("after.s"), saved.toString());
            assertFalse(saved.containsKey("settle.s"), saved.toString());
            assertFalse(saved.containsKey("name"), "the added row was renamed: " + saved);
            assertEquals(before, saved.size(), saved.toString());
        } finally {
            ui.page.closeEditor(editor, false);
        }
    }

    /** A left click on a cell of the row that is already selected: the table's in-place editor opens there. */
    private static void clickSelected(EditorHarness ui, Table table, TableItem item, int column) {
        table.setSelection(item);
        table.notifyListeners(SWT.Selection, selectionOf(item));
        UiWait.settle(ui.display);
        Rectangle cell = item.getBounds(column);
        Event down = new Event();
        down.x = cell.x + cell.width / 2;
        down.y = cell.y + cell.height / 2;
        down.button = 1;
        down.count = 1;
        table.notifyListeners(SWT.MouseDown, down);
        UiWait.settle(ui.display);
    }

    /** Replaces the text of the open cell editor and presses Enter. */
    private static void type(EditorHarness ui, Table table, String text) {
        Text cell = UiWait.until(ui.display, () -> cellEditor(table), EditorHarness.SHORT, "the cell editor");
        cell.setText(text);
        cell.notifyListeners(SWT.DefaultSelection, new Event());
        UiWait.settle(ui.display);
    }

    private static void finishEdit(EditorHarness ui, Table table) {
        Text cell = UiWait.until(ui.display, () -> cellEditor(table), EditorHarness.SHORT, "Add to edit the name");
        cell.notifyListeners(SWT.DefaultSelection, new Event());
        UiWait.settle(ui.display);
    }

    private static Text cellEditor(Table table) {
        return Arrays.stream(table.getChildren()).filter(c -> c instanceof Text && c.isVisible()).map(Text.class::cast)
                .findFirst().orElse(null);
    }

    private static Event selectionOf(TableItem item) {
        Event e = new Event();
        e.item = item;
        return e;
    }

    private static TableItem row(Table table, String name) {
        TableItem item = find(table, name);
        if (item == null) {
            throw new AssertionError("no variable " + name + " in " + List.of(table.getItems()).stream()
                    .map(i -> i.getText(0)).toList());
        }
        return item;
    }

    private static TableItem find(Table table, String name) {
        return Arrays.stream(table.getItems()).filter(i -> i.getText(0).equals(name)).findFirst().orElse(null);
    }
}
