package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.live.BootView;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * A kern.log of three boots (a pull in each, worst delays 35, 40 and 45 ms) imported into the workspace: the editor
 * offers the three boots, shows the last one first, and boot 2 shows its own worst delay and disconnect.
 */
class BootSelectorTest {
    private static final Duration SHOWN = Duration.ofSeconds(60);

    @Test
    void theEditorOfAThreeBootLogShowsOneBootAtATime() throws Exception {
        EditorTabs.Workbench wb = EditorTabs.workbench();
        Display display = wb.display();
        Shell shell = wb.shell();
        IWorkbenchPage page = wb.page();
        Path log = Files.createTempFile("kern-three-boots", ".log");
        try (InputStream in = getClass().getResourceAsStream("/testdata/kern-three-boots.log")) {
            Files.copy(in, log, StandardCopyOption.REPLACE_EXISTING);
        }
        LoadedExperiment imported = EditorTabs.inBackground(display,
                () -> ExperimentLoader.importLog(wb.workspace(), log, "three boots", Instant.now()), SHOWN);

        ExperimentEditor editor = (ExperimentEditor) page.openEditor(
                new ExperimentEditorInput(imported.folder().dir(), "three boots"), ExperimentIds.EDITOR);
        BootView last = UiWait.until(display, editor::shownBoot, SHOWN, "the last boot to be shown");
        Combo selector = editor.bootSelector();
        assertTrue(selector.isVisible(), "the Boot selector is shown");
        assertEquals(3, selector.getItemCount(), List.of(selector.getItems()).toString());
        assertEquals("Boot 2 of 3 (lines 7-11, 2 reports, started by kernel banner)", selector.getItem(1));
        assertEquals(2, selector.getSelectionIndex(), "the last boot first");
        assertEquals(3, last.boot().number());
        assertEquals(45_000, editor.chart().series().maxDelayUs());
        assertEquals("45.0 ms", statistic(editor, "worst delay"));

        selector.select(1);
        selector.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        UiWait.until(display, () -> editor.shownBoot().boot().number() == 2 ? true : null, SHOWN, "boot 2");
        assertEquals(40_000, editor.chart().series().maxDelayUs());
        assertEquals(2, editor.chart().series().sampleCount());
        assertEquals("40.0 ms", statistic(editor, "worst delay"));
        assertEquals("2", statistic(editor, "reports"));
        List<String> disconnects = statisticNames(editor).stream().filter(n -> n.startsWith("disconnect")).toList();
        assertEquals(List.of("disconnect 1 (1-1.3, line 10)"), disconnects);
        Table events = UiWait.until(display, () -> find(editor, ExperimentIds.EDITOR_EVENTS), SHOWN, "events");
        List<String> eventLines = new ArrayList<>();
        for (TableItem i : events.getItems()) {
            eventLines.add(i.getText(0) + " " + i.getText(2));
        }
        assertTrue(eventLines.contains("10 usb disconnect"), eventLines.toString());
        assertTrue(eventLines.stream().allMatch(e -> {
            long line = Long.parseLong(e.substring(0, e.indexOf(' ')));
            return line >= 7 && line <= 11;
        }), "only boot 2's events: " + eventLines);

        WorkTimelineTest.hideSideViews(page);
        Path dir = Screenshots.directory();
        for (int[] size : new int[][] { { 1440, 900 }, { 1280, 800 } }) {
            shell.setBounds(0, 0, size[0], size[1]);
            UiWait.settle(display);
            Rectangle r = display.map(selector.getParent(), shell, selector.getBounds());
            assertTrue(r.width > 200 && r.x + r.width <= shell.getClientArea().width, "the selector at " + size[0]
                    + "x" + size[1] + ": " + r);
            Screenshots.capture(shell, dir.resolve(size[0] == 1440 ? "boot-selector.png"
                    : "boot-selector-1280x800.png"));
        }
        page.closeEditor(editor, false);
        Files.delete(log);
    }

    private static String statistic(ExperimentEditor editor, String name) {
        Table stats = find(editor, ExperimentIds.EDITOR_STATS);
        for (TableItem i : stats.getItems()) {
            if (i.getText(0).equals(name)) {
                return i.getText(1);
            }
        }
        throw new AssertionError("no statistic " + name);
    }

    private static List<String> statisticNames(ExperimentEditor editor) {
        List<String> names = new ArrayList<>();
        for (TableItem i : find(editor, ExperimentIds.EDITOR_STATS).getItems()) {
            names.add(i.getText(0));
        }
        return names;
    }

    private static Table find(ExperimentEditor editor, String key) {
        var tabs = java.util.Arrays.stream(editor.banner().getParent().getChildren())
                .filter(c -> ExperimentIds.EDITOR_TABS.equals(c.getData(ExperimentIds.KEY)))
                .map(org.eclipse.swt.custom.CTabFolder.class::cast).findFirst().orElseThrow();
        for (var item : tabs.getItems()) {
            if (item.getControl() instanceof Table t && key.equals(t.getData(ExperimentIds.KEY))) {
                return t;
            }
        }
        throw new AssertionError("no " + key);
    }
}
