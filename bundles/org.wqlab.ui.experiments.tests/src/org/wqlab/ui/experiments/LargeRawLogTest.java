package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentChanges;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.editor.RawLogView;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.testing.UiWait;

/**
 * The Raw log tab of a kernel log of a million lines under Xvfb: every line is a row, read from the file when shown;
 * a line far down is selected and in view, and the search (off the UI thread) finds a line near the end.
 */
class LargeRawLogTest {
    private static final Duration WAIT = Duration.ofSeconds(180);
    private static final int LINES = 1_000_000;
    private static final int NEEDLE_LINE = 999_999;

    @Test
    void aMillionLinesAreAllThereAndSearchable() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        IWorkbenchPage page = window.getActivePage();
        page.showView(ViewIds.EXPERIMENTS);
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        Workspace workspace = ExperimentProjects.workspaceOf(project);
        ExperimentFolder folder = workspace.create("large raw log", Instant.now());
        try {
            writeLog(folder);
            folder.writeMetadata(ExperimentMetadata.of(folder.id(), "large raw log", Instant.now(),
                    ExperimentStatus.COMPLETED));
            ExperimentEditor editor = (ExperimentEditor) page.openEditor(
                    new ExperimentEditorInput(folder.dir(), "large raw log"), ExperimentIds.EDITOR);
            selectTab(editor, "Raw log");
            UiWait.until(display, editor::details, WAIT, "the experiment to load");
            RawLogView rawLog = editor.rawLog();
            List<Long> told = new ArrayList<>();
            rawLog.addLineSelectionListener(told::add);
            rawLog.selectLine(900_000); // kept until the rows are there, if they are not yet
            UiWait.until(display, rawLog::ready, WAIT, "the raw log to be indexed: " + rawLog.searchStatus());
            assertEquals(LINES, rawLog.lineCount());
            Table table = rawLog.table();
            assertEquals(LINES, table.getItemCount(), "a row per line");

            assertEquals(900_000, rawLog.selectedLine());
            assertEquals(899_999, table.getSelectionIndex());
            assertEquals("[  900.000000] DELAY: 1", rawLog.lineText(900_000));
            assertEquals("[  900.000000] DELAY: 1", table.getItem(899_999).getText(1), "the row shows its line");
            assertEquals("900000", table.getItem(899_999).getText(0));
            assertEquals("[  899.999000] latency_mon: tick 899999", rawLog.lineText(899_999));
            assertEquals("[    0.001000] latency_mon: tick 1", rawLog.lineText(1));
            EditorTabs.inView(display, table, 899_999, WAIT);
            assertEquals(List.of(), told, "a selection by the program is not the user's");

            table.setSelection(899_989);
            Event click = new Event();
            click.item = table.getItem(899_989);
            table.notifyListeners(SWT.Selection, click);
            assertEquals(List.of(899_990L), told, "the user's selection is told, as a file line");

            Text search = rawLog.search();
            search.setText("NEEDLE-7f3a");
            assertEquals("searching\u2026", rawLog.searchStatus(), "the search runs off the UI thread");
            found(display, rawLog, NEEDLE_LINE);
            assertEquals("[  999.999000] wqlab: needle-7f3a near the end", table.getSelection()[0].getText(1));
            EditorTabs.inView(display, table, NEEDLE_LINE - 1, WAIT);
            search.setText("latency_mon: tick 17");
            found(display, rawLog, 17); // from the top row, near the end: wraps to the beginning
            search.setText("no line says this");
            UiWait.until(display, () -> rawLog.searchStatus().equals("not found"), WAIT,
                    "a search through every line: " + rawLog.searchStatus());
            assertEquals(17, rawLog.selectedLine(), "the selection stays");

            table.setSelection(new int[] { 899_999, 899_998 });
            table.getMenu().getItem(0).notifyListeners(SWT.Selection, new Event());
            Clipboard clipboard = new Clipboard(display);
            try {
                assertEquals("[  899.999000] latency_mon: tick 899999\n[  900.000000] DELAY: 1\n",
                        clipboard.getContents(TextTransfer.getInstance()), "Copy: the selected rows as shown");
            } finally {
                clipboard.dispose();
            }
            page.closeEditor(editor, false);
        } finally {
            page.closeAllEditors(false);
            ExperimentChanges.delete(folder);
            WorkbenchServices.get(ExperimentCatalog.class).refresh();
            // the other tests of this bundle count the experiments of the shared workspace
            UiWait.until(display, () -> WorkbenchServices.get(ExperimentCatalog.class).experiments().stream()
                    .noneMatch(e -> e.dir().equals(folder.dir())), WAIT, "the test's experiment to leave the catalog");
        }
    }

    /** latency_mon's records, a millisecond apart: every tenth a DELAY, line 999 999 one to search for. */
    private static void writeLog(ExperimentFolder folder) throws Exception {
        try (BufferedWriter w = Files.newBufferedWriter(folder.kernelLog(), StandardCharsets.UTF_8)) {
            for (int line = 1; line <= LINES; line++) {
                long us = line * 1000L;
                if (line == NEEDLE_LINE) {
                    w.write("6," + line + "," + us + ",-;wqlab: needle-7f3a near the end\n");
                } else if (line % 10 == 0) {
                    w.write("2," + line + "," + us + ",-;DELAY: " + (line / 10 % 3000 + 1) + "\n");
                } else {
                    w.write("6," + line + "," + us + ",-;latency_mon: tick " + line + "\n");
                }
            }
        }
    }

    private static void found(Display display, RawLogView rawLog, long line) {
        UiWait.until(display, () -> rawLog.selectedLine() == line && rawLog.searchStatus().equals("line " + line), WAIT,
                "the search to select line " + line + "; selected " + rawLog.selectedLine() + ", says "
                        + rawLog.searchStatus());
    }

    private static void selectTab(ExperimentEditor editor, String title) {
        CTabFolder tabs = (CTabFolder) find(editor.banner().getParent(), ExperimentIds.EDITOR_TABS);
        for (CTabItem item : tabs.getItems()) {
            if (item.getText().equals(title)) {
                tabs.setSelection(item);
            }
        }
    }

    private static Control find(org.eclipse.swt.widgets.Composite parent, String key) {
        for (Control c : parent.getChildren()) {
            if (key.equals(c.getData(ExperimentIds.KEY))) {
                return c;
            }
        }
        throw new AssertionError("no " + key);
    }
}
