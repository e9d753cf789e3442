package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.time.Duration;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.IEditorPart;
import org.junit.jupiter.api.Test;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.sequence.WidgetIds;
import org.wqlab.ui.testing.UiWait;

/**
 * The sequence editor's Check under Xvfb: on the built-in simulated board (no board selected), the default sequence's
 * needs are all there, listed as "N of N items ok" and "ready"; the Steps page shows it, and the picture is kept
 * (docs/preflight.png).
 */
class PreflightCheckTest {

    private static final Duration CHECK = Duration.ofSeconds(120);

    @Test
    void checkListsWhatTheDefaultSequenceNeedsOnTheSimulatedBoard() throws Exception {
        EditorHarness ui = new EditorHarness();
        UiWait.until(ui.display, () -> Job.getJobManager().find(SequenceRunJob.FAMILY).length == 0 ? Boolean.TRUE
                : null, Duration.ofSeconds(240), "an earlier test's run to end");
        ui.page.closeAllEditors(false);
        Files.deleteIfExists(ExperimentsLocation.defaultSequenceCopy());
        ui.fileMenuItem("Open Default Sequence");
        IEditorPart active = ui.page.getActiveEditor();
        assertTrue(active instanceof SequenceEditor, "the sequence editor opened: " + active);
        SequenceEditor editor = (SequenceEditor) active;
        editor.showSteps();
        UiWait.settle(ui.display);

        ui.page.setPartState(ui.page.getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
        UiWait.settle(ui.display);
        ToolItem check = ui.toolItem(WidgetIds.CHECK);
        assertTrue(check.getToolTipText().startsWith("Check what a run needs on the board"), check.getToolTipText());
        ui.click(check);
        String text = UiWait.until(ui.display, () -> {
            String t = editor.stepsPage().preflightText();
            return t.contains("ready") || t.contains("stop") || t.contains("cannot") ? t : null;
        }, CHECK, "the Check's findings (" + editor.stepsPage().preflightText() + ")");
        assertTrue(text.startsWith("Check on "), text);
        assertTrue(text.endsWith("ready: nothing missing"), text);
        assertTrue(text.matches("(?s).*\\n(\\d+) of \\1 items ok\\n.*"), text);
        Label shown = (Label) EditorHarness.byId(editor.stepsPage().getManagedForm().getForm(), WidgetIds.PREFLIGHT);
        assertEquals(text, shown.getText());
        UiWait.settle(ui.display);
        org.eclipse.swt.graphics.Rectangle onScreen = ui.display.map(shown, null, shown.getBounds().width > 0
                ? new org.eclipse.swt.graphics.Rectangle(0, 0, shown.getSize().x, shown.getSize().y)
                : new org.eclipse.swt.graphics.Rectangle(0, 0, 1, 1));
        org.eclipse.swt.graphics.Rectangle form = ui.display.map(editor.stepsPage().getManagedForm().getForm(), null,
                editor.stepsPage().getManagedForm().getForm().getClientArea());
        assertTrue(shown.isVisible() && onScreen.height > 0 && form.contains(onScreen.x, onScreen.y + onScreen.height
                - 1), "the findings show on the page: " + onScreen + " in " + form);
        ui.capture("preflight.png", data -> true);
        ui.page.setPartState(ui.page.getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_RESTORED);
    }
}
