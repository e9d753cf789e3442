package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;

import org.eclipse.core.resources.IProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
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
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.editor.RawLogView;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * The experiment editor's Raw log tab under Xvfb: /dev/kmsg records read as dmesg prints them, a row per line of the
 * file numbered as there, coloured by level, and searchable; a rename shows in the open editor.
 */
class RawLogAndRenameTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String LOG = """
            6,500,4200000,-;latency_mon: start cpu=0 period_ms=100 threshold_ms=9 report_all=0
            6,501,288408001,-;usb 2-1: USB disconnect, device number 2
             SUBSYSTEM=usb
             DEVICE=c189:129
            12,502,288500000,-;wqlab: mark after\\x5cx0aDELAY: 99999
            2,503,290337837,-;DELAY: 1929
            6,504,291000000,-;after the stall
            2,505,295000000,-;DELAY: 12
            """;

    @Test
    void rawLogReadsAsDmesgAndSearchSelectsTheLine() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        Shell shell = window.getShell();
        IWorkbenchPage page = window.getActivePage();
        page.showView(ViewIds.EXPERIMENTS);
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        Workspace workspace = ExperimentProjects.workspaceOf(project);
        ExperimentFolder folder = workspace.create("raw log", Instant.now());
        Files.writeString(folder.kernelLog(), LOG, StandardCharsets.UTF_8);
        folder.writeMetadata(ExperimentMetadata.of(folder.id(), "raw log", Instant.now(), ExperimentStatus.COMPLETED));

        ExperimentEditor editor = (ExperimentEditor) page.openEditor(new ExperimentEditorInput(folder.dir(), "raw log"),
                ExperimentIds.EDITOR);
        UiWait.until(display, editor::details, WAIT, "the experiment to load");
        assertTrue(!editor.bootSelector().isVisible() && editor.shownBoot() == null, "one boot: no Boot selector");
        RawLogView rawLog = editor.rawLog();
        UiWait.until(display, rawLog::ready, WAIT, "the raw log to be indexed");
        assertEquals(8, rawLog.lineCount(), "a row per line of the file");
        Table log = rawLog.table();
        assertEquals(8, log.getItemCount());
        assertEquals("[    4.200000] latency_mon: start cpu=0 period_ms=100 threshold_ms=9 report_all=0",
                rawLog.lineText(1));
        assertEquals("[  288.408001] usb 2-1: USB disconnect, device number 2", rawLog.lineText(2));
        assertEquals(" SUBSYSTEM=usb", rawLog.lineText(3), "the dictionary stays on its own line, so numbers match");
        assertEquals("[  288.500000] wqlab: mark after\\x0aDELAY: 99999", rawLog.lineText(5), "wqlab's escape as written");
        assertEquals("[  290.337837] DELAY: 1929", rawLog.lineText(6));
        for (int row = 0; row < log.getItemCount(); row++) {
            String shown = log.getItem(row).getText(1);
            assertEquals(rawLog.lineText(row + 1), shown, "row " + row + " shows its line");
            assertTrue(!shown.contains(";DELAY"), shown);
        }

        // the tab shown: the file's line numbers in their column, the critical DELAY line in red
        selectTab(editor, "Raw log");
        UiWait.settle(display);
        TableItem crit = log.getItem(5);
        assertEquals("[  290.337837] DELAY: 1929", crit.getText(1));
        assertEquals(display.getSystemColor(SWT.COLOR_RED).getRGB(), crit.getForeground(1).getRGB(), "KERN_CRIT is red");
        assertEquals(SWT.BOLD, crit.getFont(1).getFontData()[0].getStyle() & SWT.BOLD);
        assertEquals(display.getSystemColor(SWT.COLOR_DARK_YELLOW).getRGB(), log.getItem(4).getForeground(1).getRGB(),
                "a warning");
        assertEquals(log.getForeground().getRGB(), log.getItem(6).getForeground(1).getRGB(), "KERN_INFO is plain");
        assertEquals(0, log.getItem(6).getFont(1).getFontData()[0].getStyle() & SWT.BOLD, "and not bold");
        assertEquals("Line", log.getColumn(0).getText());
        assertEquals("6", crit.getText(0), "numbered as in the file");
        assertEquals("1", log.getItem(0).getText(0));

        Text search = editor.rawLog().search();
        search.setText("DELAY");
        found(display, rawLog, 5, "the first match's line is selected");
        search.notifyListeners(SWT.DefaultSelection, new Event());
        found(display, rawLog, 6, "Enter: the next match, the DELAY: 1929 line");
        assertEquals("[  290.337837] DELAY: 1929", log.getSelection()[0].getText(1));
        search.notifyListeners(SWT.DefaultSelection, new Event());
        found(display, rawLog, 8, "the next one");
        assertEquals("[  295.000000] DELAY: 12", log.getSelection()[0].getText(1));
        search.notifyListeners(SWT.DefaultSelection, new Event());
        found(display, rawLog, 5, "wraps to the top");
        search.setText("delay: 19");
        found(display, rawLog, 6, "case does not matter");
        assertEquals("[  290.337837] DELAY: 1929", log.getSelection()[0].getText(1));
        EditorTabs.drawn(display, log);
        Screenshots.capture(shell, Screenshots.directory().resolve("experiment-raw-log.png"));

        ExperimentChanges.rename(folder, "raw log, renamed");
        UiWait.until(display, () -> "raw log, renamed".equals(editor.getPartName())
                && editor.banner().getText().startsWith("raw log, renamed  |  "), WAIT,
                "the open editor to show the new name: " + editor.getPartName());
        assertEquals("raw log, renamed", editor.chart().chart().getTitle().getText());
        page.closeEditor(editor, false);
    }

    /** Waits for the search to select file line {@code line} and say so beside the field. */
    private static void found(Display display, RawLogView rawLog, long line, String what) {
        UiWait.until(display, () -> rawLog.selectedLine() == line && rawLog.searchStatus().equals("line " + line), WAIT,
                what + ": line " + line + "; selected " + rawLog.selectedLine() + ", says " + rawLog.searchStatus());
    }

    private static void selectTab(ExperimentEditor editor, String title) {
        var tabs = (org.eclipse.swt.custom.CTabFolder) find(editor.banner().getParent(), ExperimentIds.EDITOR_TABS);
        for (var item : tabs.getItems()) {
            if (item.getText().equals(title)) {
                tabs.setSelection(item);
            }
        }
    }

    private static org.eclipse.swt.widgets.Control find(org.eclipse.swt.widgets.Composite parent, String key) {
        for (var c : parent.getChildren()) {
            if (key.equals(c.getData(ExperimentIds.KEY))) {
                return c;
            }
        }
        throw new AssertionError("no " + key);
    }
}
