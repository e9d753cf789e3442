package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * The experiment editor's "Where it went" tab after the default simulated run under Xvfb, at 1440x900 and 1280x800:
 * the worst delay's parts with hub_event first, what each CPU ran, the per-function table with the monitor's row;
 * every table lies inside the window.
 */
class DelayBreakdownTabTest {
    private static final Duration SHOWN = Duration.ofSeconds(60);

    @Test
    void theWorstDelaysPartsTasksAndKworkTableAreShown() throws Exception {
        LabWindow lab = LabWindow.open();
        Display display = lab.display();
        Shell shell = lab.shell();
        IWorkbenchPage page = lab.page();
        RunResult run = WorkTimelineTest.inBackground(display, () -> SimulatedRun.run(lab.workspace(), Map.of()));
        assertEquals(ExperimentStatus.COMPLETED, run.status(), run.summary());

        ExperimentEditor editor = (ExperimentEditor) page.openEditor(
                new ExperimentEditorInput(run.folder().dir(), "where it went"), ExperimentIds.EDITOR);
        WorkTimelineTest.selectTab(editor, "Where it went");
        String headline = UiWait.until(display, () -> editor.breakdownHeadline().getText().contains("explained")
                ? editor.breakdownHeadline().getText() : null, SHOWN, "the breakdown to be shown");
        assertTrue(headline.matches("The worst delay, \\d+ ms on CPU 0: (9[5-9]|100)\\.\\d % explained\\..*"),
                headline);

        Composite tab = editor.breakdownHeadline().getParent().getParent();
        Table parts = find(tab, ExperimentIds.EDITOR_BREAKDOWN, Table.class);
        TableItem first = parts.getItem(0);
        assertEquals("hub_event", first.getText(0));
        assertEquals("work item", first.getText(1));
        assertTrue(Double.parseDouble(first.getText(3)) >= 90, "hub_event's share: " + first.getText(3));
        assertTrue(texts(parts, 1).contains("hard IRQ") && texts(parts, 1).contains("softirq"), texts(parts, 1)
                .toString());
        assertEquals("unexplained", parts.getItem(parts.getItemCount() - 1).getText(0));
        Table tasks = find(tab, ExperimentIds.EDITOR_TASKS, Table.class);
        assertTrue(tasks.getItemCount() >= 1, "a row per traced CPU");
        assertEquals("0", tasks.getItem(0).getText(0));
        assertTrue(tasks.getItem(0).getText(2).matches("kworker/0:\\d+ \\(hub_event\\)"), tasks.getItem(0).getText(2));
        Table kwork = find(tab, ExperimentIds.EDITOR_KWORK, Table.class);
        assertTrue(texts(kwork, 0).contains("* latency_mon_work"), texts(kwork, 0).toString());
        assertTrue(texts(kwork, 0).contains("hub_event"), texts(kwork, 0).toString());

        WorkTimelineTest.hideSideViews(page);
        Path dir = Screenshots.directory();
        for (int[] size : new int[][] {{1440, 900}, {1280, 800}}) {
            shell.setBounds(0, 0, size[0], size[1]);
            UiWait.settle(display);
            for (Table t : List.of(parts, tasks, kwork)) {
                Rectangle r = display.map(t.getParent(), shell, t.getBounds());
                assertTrue(r.width > 100 && r.height > 60 && r.x + r.width <= shell.getClientArea().width
                        && r.y + r.height <= shell.getClientArea().height, t.getData(ExperimentIds.KEY) + " at "
                                + size[0] + "x" + size[1] + ": " + r);
            }
            Screenshots.capture(shell, dir.resolve(size[0] == 1440 ? "delay-breakdown.png"
                    : "delay-breakdown-1280x800.png"));
        }
        page.closeEditor(editor, false);
    }

    private static List<String> texts(Table t, int column) {
        List<String> out = new ArrayList<>();
        for (TableItem i : t.getItems()) {
            out.add(i.getText(column));
        }
        return out;
    }

    private static <T extends Control> T find(Composite parent, String key, Class<T> type) {
        for (Control c : parent.getChildren()) {
            if (key.equals(c.getData(ExperimentIds.KEY)) && type.isInstance(c)) {
                return type.cast(c);
            }
            if (c instanceof Composite comp) {
                try {
                    return find(comp, key, type);
                } catch (AssertionError notHere) {
                    // keep looking
                }
            }
        }
        throw new AssertionError("no " + key);
    }
}
