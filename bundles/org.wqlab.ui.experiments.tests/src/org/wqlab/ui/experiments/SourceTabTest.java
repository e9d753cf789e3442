package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.editor.RawLogView;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * A LAVA job log as LAVA's dispatcher wrote it, imported: the Raw log holds the kernel's records, the Source tab
 * beside it the whole job log, and "Show in Source" on the pull's row finds it there, among the dispatcher's lines.
 */
class SourceTabTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** The pull's record in the job log (grep -n 'usb 2-1: USB disconnect' lava-job-default-128mib.yaml). */
    private static final int PULL_IN_SOURCE = 1484;

    @Test
    void aLavaJobLogsSourceTabShowsTheDispatchersLinesAroundTheKernelsOnes() throws Exception {
        EditorTabs.Workbench wb = EditorTabs.workbench();
        Display display = wb.display();
        Path log = Files.createTempDirectory("lava-").resolve("job_6.yaml");
        try (InputStream in = getClass().getResourceAsStream("/testdata/lava-job-default-128mib.yaml")) {
            Files.copy(in, log, StandardCopyOption.REPLACE_EXISTING);
        }
        LoadedExperiment imported = EditorTabs.inBackground(display,
                () -> ExperimentLoader.importLog(wb.workspace(), log, "LAVA job 6", Instant.now()), WAIT);
        List<String> kernelLog = Files.readAllLines(imported.folder().kernelLog());
        long pull = kernelLog.indexOf("6,540,15447442,-;usb 2-1: USB disconnect, device number 2") + 1L;
        assertTrue(pull > 0, "the pull's record in kernel.log");

        ExperimentEditor editor = (ExperimentEditor) wb.page().openEditor(
                new ExperimentEditorInput(imported.folder().dir(), "LAVA job 6"), ExperimentIds.EDITOR);
        wb.page().setPartState(wb.page().getReference(editor), IWorkbenchPage.STATE_MAXIMIZED);
        RawLogView source = UiWait.until(display, editor::source, WAIT, "the Source tab");
        assertEquals(List.of("Raw log", "Source"), titles(editor).subList(titles(editor).indexOf("Raw log"),
                titles(editor).indexOf("Raw log") + 2), "Source stands right of the Raw log");
        assertEquals("job_6.yaml, as imported (lava-job)", source.table().getColumn(1).getText());
        assertEquals(0, source.lineCount(), "the source is read when it is first shown, not before");

        RawLogView rawLog = editor.rawLog();
        EditorTabs.select(editor, "Raw log");
        UiWait.until(display, rawLog::ready, WAIT, "the raw log to be indexed");
        assertEquals(696, rawLog.lineCount());
        rawLog.selectLine(pull);
        assertEquals("[   15.447442] usb 2-1: USB disconnect, device number 2", rawLog.lineText(pull));
        MenuItem showInSource = Arrays.stream(rawLog.table().getMenu().getItems())
                .filter(i -> i.getText().equals("Show in &Source")).findFirst().orElseThrow();
        showInSource.notifyListeners(SWT.Selection, new Event());

        UiWait.until(display, () -> source.ready() && source.selectedLine() == PULL_IN_SOURCE, WAIT,
                "the pull's line selected in the source: selected " + source.selectedLine() + ", says "
                        + source.searchStatus());
        assertEquals(1738, source.lineCount(), "every line of the job log, the dispatcher's among them");
        assertEquals("- {\"dt\": \"2026-12-07T13:34:01.065836\", \"lvl\": \"info\", \"msg\": \"lava-dispatcher,"
                + " installed at version: 2023.01\"}", source.lineText(1));
        assertTrue(source.lineText(PULL_IN_SOURCE - 13).contains("\"msg\": \">> qmp-usb: disconnect done\\r\""),
                "the dispatcher's pull, a few lines before the kernel saw it: " + source.lineText(PULL_IN_SOURCE - 13));
        assertEquals("line " + PULL_IN_SOURCE, source.searchStatus());
        UiWait.until(display, () -> source.isShown(PULL_IN_SOURCE - 1), WAIT, "the pull's line drawn");
        assertEquals(source.control(), selectedTab(editor).getControl(), "the Source tab is shown");
        assertEquals("", rawLog.search().getText(), "the Raw log's own search is left alone");

        EditorTabs.drawn(display, source.table());
        assertTrue(source.isShown(PULL_IN_SOURCE - 1), "the pull's line still drawn, as the picture shows it");
        Screenshots.capture(wb.shell(), Screenshots.directory().resolve("experiment-source.png"));
        wb.page().closeEditor(editor, false);
    }

    private static List<String> titles(ExperimentEditor editor) {
        return Arrays.stream(EditorTabs.tabs(editor).getItems()).map(CTabItem::getText).toList();
    }

    private static CTabItem selectedTab(ExperimentEditor editor) {
        return EditorTabs.tabs(editor).getSelection();
    }
}
