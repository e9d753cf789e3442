package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;

import org.eclipse.core.resources.IProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ST;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
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
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * The experiment editor's Raw log tab under Xvfb: /dev/kmsg records read as dmesg prints them, numbered, coloured
 * by level, and searchable; a rename shows in the open editor.
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
        StyledText log = editor.rawLog().text();
        assertEquals("[    4.200000] latency_mon: start cpu=0 period_ms=100 threshold_ms=9 report_all=0", log.getLine(0));
        assertEquals("[  288.408001] usb 2-1: USB disconnect, device number 2", log.getLine(1));
        assertEquals(" SUBSYSTEM=usb", log.getLine(2), "the dictionary stays on its own line, so numbers match");
        assertEquals("[  288.500000] wqlab: mark after\\x0aDELAY: 99999", log.getLine(4), "wqlab's escape as written");
        assertEquals("[  290.337837] DELAY: 1929", log.getLine(5));
        assertTrue(!log.getText().contains(";DELAY"), log.getText());

        // the tab shown: line numbers in the gutter, the critical DELAY line in red
        selectTab(editor, "Raw log");
        UiWait.settle(display);
        StyleRange crit = log.getStyleRangeAtOffset(log.getOffsetAtLine(5) + 3);
        assertEquals(display.getSystemColor(SWT.COLOR_RED).getRGB(), crit.foreground.getRGB(), "KERN_CRIT is red");
        assertEquals(SWT.BOLD, crit.fontStyle);
        assertEquals(display.getSystemColor(SWT.COLOR_DARK_YELLOW).getRGB(),
                log.getStyleRangeAtOffset(log.getOffsetAtLine(4) + 3).foreground.getRGB(), "a warning");
        assertEquals(null, log.getStyleRangeAtOffset(log.getOffsetAtLine(6) + 3), "KERN_INFO is plain");
        assertEquals(ST.BULLET_NUMBER, log.getLineBullet(5).type, "numbered");
        assertEquals(ST.BULLET_NUMBER, log.getLineBullet(0).type);

        Text search = editor.rawLog().search();
        search.setText("DELAY");
        assertEquals(new Point(log.getOffsetAtLine(4), log.getOffsetAtLine(4) + log.getLine(4).length()),
                log.getSelection(), "the first match's line is selected");
        search.notifyListeners(SWT.DefaultSelection, new Event());
        assertEquals(log.getLine(5), log.getSelectionText(), "Enter: the next match, the DELAY: 1929 line");
        assertEquals(5, log.getLineAtOffset(log.getCaretOffset()));
        search.notifyListeners(SWT.DefaultSelection, new Event());
        assertEquals("[  295.000000] DELAY: 12", log.getSelectionText());
        search.notifyListeners(SWT.DefaultSelection, new Event());
        assertEquals(log.getLine(4), log.getSelectionText(), "wraps to the top");
        search.setText("delay: 19");
        assertEquals("[  290.337837] DELAY: 1929", log.getSelectionText(), "case does not matter");
        UiWait.settle(display);
        Screenshots.capture(shell, Screenshots.directory().resolve("experiment-raw-log.png"));

        ExperimentChanges.rename(folder, "raw log, renamed");
        UiWait.until(display, () -> "raw log, renamed".equals(editor.getPartName())
                && editor.banner().getText().startsWith("raw log, renamed  |  "), WAIT,
                "the open editor to show the new name: " + editor.getPartName());
        assertEquals("raw log, renamed", editor.chart().chart().getTitle().getText());
        page.closeEditor(editor, false);
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
