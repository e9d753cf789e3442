package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.eclipse.core.resources.IProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.navigator.CommonNavigator;
import org.eclipse.ui.navigator.CommonViewer;
import org.junit.jupiter.api.Test;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.core.store.ExperimentChanges;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.experiments.compare.CompareEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.export.ExportActions;
import org.wqlab.ui.experiments.model.DelayText;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * The Experiments view and editors in the real workbench under Xvfb: the default sequence runs on the
 * built-in simulated board (real SSH on 127.0.0.1) into the workspace's wqlab project; the Experiments view lists
 * the run when it ends, with the worst delay computed independently from the recorded log; the experiment opens
 * in its editor; two runs open in the compare editor; an interrupted experiment opens marked as such.
 */
class ExperimentsWorkbenchTest {
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration RUN = Duration.ofSeconds(240);
    private static final Duration SHOWN = Duration.ofSeconds(30);

    private Display display;
    private Shell shell;
    private IWorkbenchPage page;

    @Test
    void runsAreListedOpenedAndCompared() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        shell.setBounds(0, 0, 1600, 1000);
        page = window.getActivePage();
        ExperimentsView view = (ExperimentsView) page.showView(ViewIds.EXPERIMENTS);
        IProject project = UiWait.until(display,
                () -> ExperimentProjects.projects().stream().findFirst().orElse(null), STARTUP,
                "the Experiments view to create the wqlab project");
        Workspace workspace = ExperimentProjects.workspaceOf(project);

        // two runs of the default sequence: the page cache filled with 4 GiB, then with 2 GiB
        RunResult big = inBackground(() -> SimulatedRun.run(workspace, Map.of()));
        assertEquals(ExperimentStatus.COMPLETED, big.status(), big.summary());
        Statistics bigStats = independentStatistics(big.folder());
        assertTrue(bigStats.maxUs() > 1_000_000, "the stall after the pull: " + bigStats.maxUs() + " us");
        TableItem bigRow = waitForRow(view, big.folder(), DelayText.ms(bigStats.maxUs()), "completed");
        assertEquals(big.folder().readMetadata().name(), bigRow.getText(ExperimentColumn.NAME.ordinal()));
        assertEquals("Simulated default", bigRow.getText(ExperimentColumn.BOARD.ordinal()));
        assertFalse(bigRow.getText(ExperimentColumn.KERNEL.ordinal()).isBlank(), "kernel release listed");

        RunResult small = inBackground(() -> SimulatedRun.run(workspace, Map.of("size.mib", "2048")));
        assertEquals(ExperimentStatus.COMPLETED, small.status(), small.summary());
        Statistics smallStats = independentStatistics(small.folder());
        waitForRow(view, small.folder(), DelayText.ms(smallStats.maxUs()), "completed");

        // sort by worst delay, largest first
        Table table = view.viewer().getTable();
        table.getColumn(ExperimentColumn.WORST.ordinal()).notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        // the workspace is shared with the other editor tests of this runtime: their runs are listed too
        long[] worsts = java.util.Arrays.stream(table.getItems()).map(TableItem::getData)
                .filter(ExperimentSummary.class::isInstance).mapToLong(d -> ((ExperimentSummary) d).worstUs()).toArray();
        long firstWorst = worsts[0];
        assertEquals(java.util.Arrays.stream(worsts).max().orElseThrow(), firstWorst, "sorted by worst delay, descending");
        assertTrue(firstWorst >= Math.max(bigStats.maxUs(), smallStats.maxUs()), "the largest worst delay first");

        // the editor: plot, stats, events, raw log of the first run
        ExperimentEditor editor = (ExperimentEditor) page.openEditor(
                new ExperimentEditorInput(big.folder().dir(), "big"), ExperimentIds.EDITOR);
        UiWait.until(display, editor::details, SHOWN, "the experiment to load in the editor");
        assertEquals(bigStats.maxUs(), editor.details().stats().maxUs());
        assertTrue(editor.banner().getText().contains("worst " + DelayText.ms(bigStats.maxUs())),
                editor.banner().getText());
        var frame = UiWait.until(display, editor.chart()::lastFrame, SHOWN, "the plot's first frame");
        assertEquals(bigStats.maxUs(), frame.maxDrawn(), "the worst delay is drawn");
        assertTrue(editor.chart().chart().getSeriesSet().getSeries().length >= 1, "a CPU in the legend");
        // the run traced the workqueue: its verdict names the work item that held CPU 0
        UiWait.until(display, () -> editor.verdict().getText().startsWith("stalled:"), SHOWN, "the verdict");
        assertTrue(editor.verdict().getText().contains("hub_event on usb_hub_wq"), editor.verdict().getText());
        assertTrue(editor.details().loaded().content().events().stream()
                .anyMatch(e -> e.kind() == EventKind.USB_DISCONNECT), "the disconnect is among the events");
        UiWait.until(display, editor.rawLog()::ready, SHOWN, "the raw log to be indexed");
        assertTrue(java.util.stream.LongStream.rangeClosed(1, editor.rawLog().lineCount())
                .anyMatch(line -> editor.rawLog().lineText(line).contains("latency_mon")), "raw log shown");
        String asRun = editor.sequenceAsRun().getText();
        assertTrue(editor.details().loaded().metadata().sequence().contains("${size.mib}"), "the sequence as written");
        assertTrue(!asRun.contains("${size.mib}") && asRun.contains("\"count=" + editor.details().variables()
                .get("size.mib")), "the copy's size resolved in the sequence as run");
        var factNames = java.util.Arrays.stream(editor.boardFacts().getItems()).map(i -> i.getText(0)).toList();
        assertTrue(factNames.contains("Board time per wall time") && factNames.contains("CPU serving the USB interrupt")
                && !factNames.contains("boardTimeSpeed"), factNames.toString());
        view.select(List.of(summaryOf(view, big.folder())));
        showOnlyExperimentsAndEditors();
        UiWait.settle(display);
        Path dir = Screenshots.directory();
        Screenshots.capture(shell, dir.resolve("experiments.png"));
        Path png = dir.resolve("experiment-chart-export.png");
        ExportActions.savePng(editor.chart().snapshot(), png);
        ImageData exported = new ImageData(png.toString());
        assertEquals(editor.chart().chart().getSize().x, exported.width, "the PNG is the chart as drawn");
        assertTrue(Screenshots.distinctColours(exported) > 5, "the exported chart is not blank");

        // compare the two runs
        view.select(List.of(summaryOf(view, big.folder()), summaryOf(view, small.folder())));
        ExperimentActions.openCompare(view.getSite(), view.selection());
        IEditorPart active = UiWait.until(display, () -> page.getActiveEditor() instanceof CompareEditor c ? c : null,
                SHOWN, "the compare editor");
        CompareEditor compare = (CompareEditor) active;
        UiWait.until(display, compare::comparison, SHOWN, "the comparison to load");
        assertEquals(2, compare.table().getItemCount());
        // the overlay opens around the disconnects: each run's worst delay (its stall after the pull) is drawn, and
        // the legend names the runs as the comparison does
        var overlay = UiWait.until(display, compare.chart()::lastFrame, SHOWN, "the overlay's first frame");
        assertEquals(-3.0, overlay.fromSeconds(), "from 3 s before the disconnects");
        assertEquals(compare.comparison().labels(), java.util.Arrays.stream(compare.chart().chart().getSeriesSet()
                .getSeries()).map(org.eclipse.swtchart.ISeries::getId).toList());
        for (int i = 0; i < 2; i++) {
            String label = compare.comparison().labels().get(i);
            assertEquals(compare.comparison().rows().get(i).worstUs(), overlay.maxDrawn(label), label + "'s worst");
        }
        assertFalse(compare.comparison().verdict().isBlank());
        assertEquals(compare.comparison().verdict(), compare.verdict().getText());
        // both copies cost the same per cached MiB (the 4 GiB copy fills what RAM the board has for the cache):
        // the editor says the difference is the cached size
        String why = compare.explanation().getText();
        assertTrue(why.contains("the same cost") && why.contains("the difference is the cached size (2048 vs "), why);
        List<String> worstCells = new ArrayList<>();
        for (TableItem item : compare.table().getItems()) {
            worstCells.add(item.getText(7));
        }
        assertTrue(worstCells.contains(DelayText.ms(bigStats.maxUs())), worstCells::toString);
        assertTrue(worstCells.contains(DelayText.ms(smallStats.maxUs())), worstCells::toString);
        // docs/compare.png at 1440x900, the smallest screen the workbench is laid out for
        org.eclipse.swt.graphics.Rectangle bounds = shell.getBounds();
        shell.setBounds(0, 0, 1440, 900);
        page.setPartState(page.getReference(compare), IWorkbenchPage.STATE_MAXIMIZED);
        UiWait.settle(display);
        UiWait.until(display, () -> compare.chart().lastFrame() != null
                && compare.chart().lastFrame().columns() == compare.chart().chart().getPlotArea().getSize().x, SHOWN,
                "the overlay's frame for its maximized width");
        Screenshots.capture(shell, dir.resolve("compare.png"));
        page.setPartState(page.getReference(compare), IWorkbenchPage.STATE_RESTORED);
        shell.setBounds(bounds);

        // the Project Explorer shows the runs as experiments, with their worst delay
        CommonNavigator explorer = (CommonNavigator) page.showView(ViewIds.PROJECT_EXPLORER);
        CommonViewer tree = explorer.getCommonViewer();
        String bigLabel = "(worst " + DelayText.ms(bigStats.maxUs());
        UiWait.until(display, () -> {
            tree.expandToLevel(project, 1);
            return labels(tree).stream().anyMatch(l -> l.contains(bigLabel));
        }, SHOWN, "the Project Explorer to label the run with " + bigLabel + ": " + labels(tree));
        Screenshots.capture(shell, dir.resolve("project-explorer.png"));
        page.showView(ViewIds.EXPERIMENTS);

        // File menu: link an experiments folder, switch workspace
        List<String> fileMenu = fileMenuItems();
        assertTrue(fileMenu.contains("Switch Workspace..."), fileMenu::toString);
        assertTrue(fileMenu.contains("Link Experiments Folder..."), fileMenu::toString);

        // an interrupted experiment (a copy of the first, marked as a run that did not finish) opens marked
        ExperimentFolder cut = copyAsInterrupted(workspace, big.folder());
        waitForRow(view, cut, DelayText.ms(bigStats.maxUs()), "interrupted");
        ExperimentEditor cutEditor = (ExperimentEditor) page.openEditor(
                new ExperimentEditorInput(cut.dir(), "cut"), ExperimentIds.EDITOR);
        UiWait.until(display, cutEditor::details, SHOWN, "the interrupted experiment to load");
        assertTrue(cutEditor.banner().getText().startsWith("INTERRUPTED"), cutEditor.banner().getText());

        // rename, filter, then delete: the view follows the folder
        ExperimentChanges.rename(cut, "interrupted copy");
        UiWait.until(display, () -> rowOf(view, cut) != null
                && "interrupted copy".equals(rowOf(view, cut).getText(ExperimentColumn.NAME.ordinal())), SHOWN,
                "the renamed experiment");
        UiWait.until(display, () -> "interrupted copy".equals(cutEditor.getPartName())
                && cutEditor.banner().getText().contains("interrupted copy  |  "), SHOWN,
                "the open editor to take the new name: " + cutEditor.getPartName());
        int listed = table.getItemCount();
        view.setFilterText("interrupted COPY");
        assertEquals(1, table.getItemCount(), "the filter keeps only the renamed experiment");
        view.setFilterText("");
        assertEquals(listed, table.getItemCount());
        page.closeEditor(cutEditor, false);
        ExperimentChanges.delete(cut);
        UiWait.until(display, () -> rowOf(view, cut) == null && table.getItemCount() == listed - 1, SHOWN,
                "the deleted experiment to leave the view");
    }

    private List<String> fileMenuItems() {
        for (MenuItem top : shell.getMenuBar().getItems()) {
            if (top.getText().replace("&", "").equals("File")) {
                Menu menu = top.getMenu();
                menu.notifyListeners(SWT.Show, new org.eclipse.swt.widgets.Event());
                List<String> out = new ArrayList<>();
                for (MenuItem item : menu.getItems()) {
                    out.add(item.getText().replace("&", "").split("\t")[0]);
                }
                menu.notifyListeners(SWT.Hide, new org.eclipse.swt.widgets.Event());
                return out;
            }
        }
        return List.of();
    }

    /** For the documentation screenshot: the Experiments view beside the editor area, nothing else. */
    private void showOnlyExperimentsAndEditors() {
        for (String id : List.of(ViewIds.LIVE_PLOT, ViewIds.CONSOLE, ViewIds.PROGRESS, ViewIds.KERNEL_MODULE,
                ViewIds.PROPERTIES, ViewIds.BOARDS)) {
            IViewPart v = page.findView(id);
            if (v != null) {
                page.hideView(v);
            }
        }
    }

    private static Statistics independentStatistics(ExperimentFolder folder) throws Exception {
        return StatisticsCalculator.compute(ExperimentLoader.load(folder).content());
    }

    private ExperimentFolder copyAsInterrupted(Workspace workspace, ExperimentFolder from) throws Exception {
        ExperimentFolder to = workspace.create("cut short", java.time.Instant.now());
        Files.copy(from.kernelLog(), to.kernelLog(), StandardCopyOption.REPLACE_EXISTING);
        var m = from.readMetadata();
        to.writeMetadata(new org.wqlab.core.model.ExperimentMetadata(m.formatVersion(), to.id(), "cut short",
                m.created(), m.boardFacts(), m.module(), m.parameters(), m.sequence(), ExperimentStatus.INTERRUPTED,
                "running (a run that stops without finishing stays 'interrupted')"));
        return to;
    }

    private TableItem waitForRow(ExperimentsView view, ExperimentFolder folder, String worst, String status) {
        return UiWait.until(display, () -> {
            TableItem row = rowOf(view, folder);
            return row != null && worst.equals(row.getText(ExperimentColumn.WORST.ordinal()))
                    && status.equals(row.getText(ExperimentColumn.STATUS.ordinal())) ? row : null;
        }, SHOWN, "the Experiments view to list " + folder.id() + " with worst " + worst + " and status " + status
                + " (rows: " + rows(view) + ")");
    }

    private static TableItem rowOf(ExperimentsView view, ExperimentFolder folder) {
        for (TableItem item : view.viewer().getTable().getItems()) {
            if (item.getData() instanceof ExperimentSummary s && s.dir().equals(folder.dir())) {
                return item;
            }
        }
        return null;
    }

    private static ExperimentSummary summaryOf(ExperimentsView view, ExperimentFolder folder) {
        TableItem row = rowOf(view, folder);
        assertNotNull(row, "no row for " + folder.id());
        return (ExperimentSummary) row.getData();
    }

    private static List<String> rows(ExperimentsView view) {
        List<String> out = new ArrayList<>();
        for (TableItem item : view.viewer().getTable().getItems()) {
            StringBuilder b = new StringBuilder();
            for (ExperimentColumn c : ExperimentColumn.values()) {
                b.append(item.getText(c.ordinal())).append(" | ");
            }
            out.add(b.toString());
        }
        return out;
    }

    private static List<String> labels(CommonViewer tree) {
        List<String> out = new ArrayList<>();
        for (TreeItem top : tree.getTree().getItems()) {
            out.add(top.getText());
            for (TreeItem child : top.getItems()) {
                out.add(child.getText());
            }
        }
        return out;
    }

    /** Runs work off the UI thread while the UI keeps dispatching (the view must refresh meanwhile). */
    private <T> T inBackground(Callable<T> work) throws Exception {
        return EditorTabs.inBackground(display, work, RUN);
    }
}
