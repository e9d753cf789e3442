package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.eclipse.core.commands.Command;
import org.eclipse.core.commands.ParameterizedCommand;
import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.e4.ui.model.application.ui.menu.MHandledItem;
import org.eclipse.e4.ui.workbench.renderers.swt.HandledContributionItem;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.menus.CommandContributionItem;
import org.eclipse.ui.navigator.CommonNavigator;
import org.eclipse.ui.services.IEvaluationService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentChanges;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.experiments.compare.CompareEditor;
import org.wqlab.ui.experiments.compare.CompareEditorInput;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.export.EditorExportHandler;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.ui.experiments.navigator.ExperimentNode;
import org.wqlab.ui.testing.QuickAccess;
import org.wqlab.ui.testing.UiWait;

/**
 * The Experiments view's toolbar and context menu are commands, under Xvfb: they are command contributions, their
 * handlers follow the selection (Compare needs two readable experiments), Quick Access offers Compare Experiments
 * once two are selected, and Compare executed through the handler service opens the compare editor on them.
 */
class ExperimentCommandsTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String LOG = """
            6,500,4200000,-;latency_mon: start cpu=0 period_ms=100 threshold_ms=9 report_all=0
            6,501,288408001,-;usb 2-1: USB disconnect, device number 2
            2,503,290337837,-;DELAY: 1929
            2,505,295000000,-;DELAY: 12
            """;

    @Test
    void theViewsActionsAreCommandsThatFollowTheSelection() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        ExperimentsView view = (ExperimentsView) window.getActivePage().showView(ViewIds.EXPERIMENTS);
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        Workspace workspace = ExperimentProjects.workspaceOf(project);
        ExperimentFolder a = experiment(workspace, "commands A");
        ExperimentFolder b = experiment(workspace, "commands B");
        try {
            commandsFollowTheSelection(window, view, a, b);
        } finally {
            ExperimentChanges.delete(a);
            ExperimentChanges.delete(b);
            WorkbenchServices.get(ExperimentCatalog.class).refresh();
            // the other tests of this bundle count the experiments of the shared workspace
            UiWait.until(display, () -> loaded(view, a.dir()) == null && loaded(view, b.dir()) == null, WAIT,
                    "the test's experiments to leave the view");
        }
    }

    /**
     * The experiment and compare editors' context menus are the export commands; Export Chart as PNG writes the
     * chart as drawn (its size) and Export Comparison Table as CSV writes a row per experiment, each to the file
     * its parameter names.
     */
    @Test
    void theEditorsContextMenusAreExportCommands(@TempDir Path tmp) throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        Workspace workspace = ExperimentProjects.workspaceOf(project);
        ExperimentFolder a = experiment(workspace, "exports A");
        ExperimentFolder b = experiment(workspace, "exports B");
        IWorkbenchPage page = window.getActivePage();
        try {
            Command png = window.getService(ICommandService.class).getCommand(PNG);
            assertEquals("Export Chart as PNG...", png.getName());
            assertEquals(ExperimentCommand.CATEGORY, png.getCategory().getId());
            assertFalse(enabled(window, PNG), "no experiment or compare editor is active");

            ExperimentEditor editor = (ExperimentEditor) page.openEditor(
                    new ExperimentEditorInput(a.dir(), a.dir().getFileName().toString()), ExperimentIds.EDITOR);
            UiWait.until(display, () -> editor.details() != null, WAIT, "the experiment to load");
            Control plot = editor.chart().chart().getPlotArea().getControl();
            assertEquals(List.of(PNG, ExperimentCommand.EXPORT_CSV.id(), ExperimentCommand.EXPORT_SVG.id(),
                    ExperimentCommand.EXPORT_HTML.id(), ExperimentCommand.EXPORT_TEXT.id()),
                    UiWait.until(display, () -> nonEmpty(menuCommands(plot.getMenu())), WAIT, "the editor's menu"),
                    "the experiment editor's context menu");
            assertTrue(enabled(window, PNG) && enabled(window, ExperimentCommand.EXPORT_CSV.id()),
                    "PNG and CSV export enabled on a loaded experiment editor");
            Path pngFile = tmp.resolve("chart.png");
            execute(window, PNG, pngFile);
            ImageData image = new ImageData(pngFile.toString());
            Point size = editor.chart().chart().getSize();
            assertEquals(List.of(size.x, size.y), List.of(image.width, image.height), "the PNG is the chart's size");
            assertTrue(size.x > 1 && size.y > 1, "the chart is shown: " + size);
            page.closeEditor(editor, false);

            CompareEditor compare = (CompareEditor) page.openEditor(
                    new CompareEditorInput(List.of(a.dir(), b.dir())), ExperimentIds.COMPARE_EDITOR);
            UiWait.until(display, () -> compare.comparison() != null, WAIT, "the comparison to load");
            List<String> expected = List.of(PNG, ExperimentCommand.EXPORT_HTML.id(), ExperimentCommand.EXPORT_TEXT.id(),
                    ExperimentIds.VIEW + ".exportOverlaySvg", CSV_TABLE);
            assertEquals(expected, UiWait.until(display, () -> nonEmpty(menuCommands(compare.table().getMenu())),
                    WAIT, "the compare editor's menu"), "the compare table's context menu");
            assertEquals(expected, menuCommands(compare.chart().chart().getPlotArea().getControl().getMenu()),
                    "the compare chart's context menu");
            assertFalse(enabled(window, ExperimentCommand.EXPORT_CSV.id()),
                    "the experiment CSV export is not the compare editor's");
            Path csv = tmp.resolve("comparison.csv");
            execute(window, CSV_TABLE, csv);
            List<String> lines = UiWait.until(display, () -> {
                try {
                    List<String> l = Files.exists(csv) ? Files.readAllLines(csv) : List.of();
                    return l.size() == 3 ? l : null;
                } catch (java.io.IOException e) {
                    return null;
                }
            }, WAIT, "the comparison CSV with a header and two rows");
            assertTrue(lines.get(0).startsWith("id,name,date"), lines.get(0));
            assertTrue(lines.stream().anyMatch(l -> l.contains("exports A"))
                    && lines.stream().anyMatch(l -> l.contains("exports B")), lines.toString());
            page.closeEditor(compare, false);
            assertFalse(enabled(window, PNG), "disabled again once the editors are closed");
        } finally {
            page.closeAllEditors(false);
            ExperimentChanges.delete(a);
            ExperimentChanges.delete(b);
            WorkbenchServices.get(ExperimentCatalog.class).refresh();
            UiWait.until(display, () -> WorkbenchServices.get(ExperimentCatalog.class).experiments().stream()
                    .noneMatch(e -> e.dir().equals(a.dir()) || e.dir().equals(b.dir())), WAIT,
                    "the test's experiments to leave the catalog");
        }
    }

    /** In the Project Explorer, Open and Compare are the commands, handled for its selection. */
    @Test
    void theProjectExplorersOpenAndCompareAreTheCommands() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        Workspace workspace = ExperimentProjects.workspaceOf(project);
        ExperimentFolder a = experiment(workspace, "explorer A");
        ExperimentFolder b = experiment(workspace, "explorer B");
        IWorkbenchPage page = window.getActivePage();
        try {
            CommonNavigator explorer = (CommonNavigator) page.showView(IPageLayout.ID_PROJECT_EXPLORER);
            page.activate(explorer);
            project.refreshLocal(IResource.DEPTH_INFINITE, null);
            List<ExperimentNode> nodes = List.of(node(a), node(b));
            UiWait.until(display, () -> {
                explorer.selectReveal(new StructuredSelection(nodes));
                return explorer.getCommonViewer().getStructuredSelection().size() == 2;
            }, WAIT, "both experiments selected in the Project Explorer");
            List<String> menu = menuCommands(explorer.getCommonViewer().getTree().getMenu());
            assertTrue(menu.containsAll(List.of(ExperimentCommand.OPEN.id(), ExperimentCommand.COMPARE.id())),
                    "the Project Explorer's menu holds Open and Compare: " + menu);
            assertTrue(enabled(window, ExperimentCommand.COMPARE.id()), "Compare enabled for two");
            execute(window, ExperimentCommand.COMPARE.id());
            CompareEditor compare = UiWait.until(display,
                    () -> page.getActiveEditor() instanceof CompareEditor c ? c : null, WAIT, "the compare editor");
            assertEquals(List.of(a.dir(), b.dir()).stream().sorted().toList(),
                    ((CompareEditorInput) compare.getEditorInput()).dirs().stream().sorted().toList());
            page.closeEditor(compare, false);

            page.activate(explorer);
            UiWait.until(display, () -> {
                explorer.selectReveal(new StructuredSelection(nodes.get(0)));
                return explorer.getCommonViewer().getStructuredSelection().size() == 1;
            }, WAIT, "experiment A alone selected");
            assertFalse(enabled(window, ExperimentCommand.COMPARE.id()), "Compare disabled for one");
            execute(window, ExperimentCommand.OPEN.id());
            ExperimentEditor editor = UiWait.until(display,
                    () -> page.getActiveEditor() instanceof ExperimentEditor e ? e : null, WAIT, "the experiment editor");
            assertEquals(a.dir(), ((ExperimentEditorInput) editor.getEditorInput()).dir());
        } finally {
            page.closeAllEditors(false);
            ExperimentChanges.delete(a);
            ExperimentChanges.delete(b);
            WorkbenchServices.get(ExperimentCatalog.class).refresh();
            UiWait.until(display, () -> WorkbenchServices.get(ExperimentCatalog.class).experiments().stream()
                    .noneMatch(e -> e.dir().equals(a.dir()) || e.dir().equals(b.dir())), WAIT,
                    "the test's experiments to leave the catalog");
        }
    }

    private static ExperimentNode node(ExperimentFolder folder) {
        for (IContainer c : ResourcesPlugin.getWorkspace().getRoot().findContainersForLocationURI(folder.dir().toUri())) {
            if (c instanceof IFolder f) {
                return new ExperimentNode(f);
            }
        }
        throw new AssertionError("no workspace folder at " + folder.dir());
    }

    private static final String PNG = ExperimentIds.VIEW + ".exportChartPng";
    private static final String CSV_TABLE = ExperimentIds.VIEW + ".exportComparisonCsv";

    private static List<String> nonEmpty(List<String> ids) {
        return ids.isEmpty() ? null : ids;
    }

    private static List<String> menuCommands(Menu menu) {
        menu.notifyListeners(SWT.Show, new Event());
        List<String> ids = new ArrayList<>();
        collect(menu, ids);
        menu.notifyListeners(SWT.Hide, new Event());
        return ids;
    }

    private static boolean enabled(IWorkbenchWindow window, String id) {
        Command c = window.getService(ICommandService.class).getCommand(id);
        c.setEnabled(window.getService(IEvaluationService.class).getCurrentState());
        return c.isEnabled();
    }

    private static void execute(IWorkbenchWindow window, String id, Path file) {
        Command c = window.getService(ICommandService.class).getCommand(id);
        try {
            window.getService(IHandlerService.class).executeCommand(ParameterizedCommand.generateCommand(c,
                    Map.of(EditorExportHandler.FILE_PARAMETER, file.toString())), null);
        } catch (Exception e) {
            throw new AssertionError("executing " + id + " to " + file + ": " + e, e);
        }
    }

    private static void commandsFollowTheSelection(IWorkbenchWindow window, ExperimentsView view, ExperimentFolder a,
            ExperimentFolder b) throws Exception {
        Display display = window.getWorkbench().getDisplay();
        Shell shell = window.getShell();
        IWorkbenchPage page = window.getActivePage();
        WorkbenchServices.get(ExperimentCatalog.class).refresh();
        ExperimentSummary sa = UiWait.until(display, () -> loaded(view, a.dir()), WAIT, "experiment A in the view");
        ExperimentSummary sb = UiWait.until(display, () -> loaded(view, b.dir()), WAIT, "experiment B in the view");

        ICommandService commands = window.getService(ICommandService.class);
        for (ExperimentCommand c : ExperimentCommand.values()) {
            Command command = commands.getCommand(c.id());
            assertTrue(command.isDefined() && command.isHandled(), c.id() + " is a defined, handled command");
            assertEquals(ExperimentCommand.CATEGORY, command.getCategory().getId(), c.id() + "'s category");
            assertFalse(command.getDescription() == null || command.getDescription().isBlank(), c.id());
        }

        page.activate(view);
        UiWait.settle(display);
        List<ToolItem> toolbar = UiWait.until(display, () -> {
            List<ToolItem> items = viewToolItems(shell);
            return items.size() == 2 ? items : null;
        }, WAIT, "the view's two toolbar commands: " + viewToolItems(shell));
        assertEquals(List.of(ExperimentCommand.COMPARE.id(), ExperimentCommand.REFRESH.id()),
                toolbar.stream().map(i -> commandId(i.getData())).toList(), "the toolbar's commands");
        ToolItem compareButton = toolbar.get(0);

        view.select(List.of(sa));
        UiWait.until(display, () -> !enabled(window, ExperimentCommand.COMPARE) && !compareButton.isEnabled()
                && enabled(window, ExperimentCommand.RENAME), WAIT, "Compare disabled, Rename enabled for one");
        List<String> menu = contextMenuCommands(view);
        assertTrue(menu.containsAll(Arrays.stream(ExperimentCommand.values()).map(ExperimentCommand::id).toList()),
                "the context menu (with its Export menu) holds every command: " + menu);

        view.select(List.of(sa, sb));
        UiWait.until(display, () -> enabled(window, ExperimentCommand.COMPARE) && compareButton.isEnabled()
                && !enabled(window, ExperimentCommand.RENAME), WAIT, "Compare enabled, Rename disabled for two");
        Runnable ctrl3 = () -> execute(window, "org.eclipse.ui.window.quickAccess");
        List<String> offered = QuickAccess.proposals(display, shell, ctrl3, "Compare Experiments",
                "Compare Experiments");
        assertFalse(offered.stream().anyMatch(t -> t.contains("Rename Experiment")), offered.toString());

        execute(window, ExperimentCommand.COMPARE.id());
        CompareEditor compare = UiWait.until(display,
                () -> page.getActiveEditor() instanceof CompareEditor c ? c : null, WAIT, "the compare editor");
        assertEquals(List.of(a.dir(), b.dir()).stream().sorted().toList(),
                compare.getEditorInput() instanceof org.wqlab.ui.experiments.compare.CompareEditorInput in
                        ? in.dirs().stream().sorted().toList() : List.of(), "the experiments compared");
        page.closeEditor(compare, false);
    }

    private static ExperimentFolder experiment(Workspace workspace, String name) throws Exception {
        ExperimentFolder folder = workspace.create(name, Instant.now());
        Files.writeString(folder.kernelLog(), LOG, StandardCharsets.UTF_8);
        folder.writeMetadata(ExperimentMetadata.of(folder.id(), name, Instant.now(), ExperimentStatus.COMPLETED));
        return folder;
    }

    private static ExperimentSummary loaded(ExperimentsView view, Path dir) {
        if (view.viewer().getInput() instanceof List<?> rows) {
            for (Object o : rows) {
                if (o instanceof ExperimentSummary s && s.dir().equals(dir) && s.loaded()) {
                    return s;
                }
            }
        }
        return null;
    }

    private static boolean enabled(IWorkbenchWindow window, ExperimentCommand command) {
        Command c = window.getService(ICommandService.class).getCommand(command.id());
        c.setEnabled(window.getService(IEvaluationService.class).getCurrentState());
        return c.isEnabled();
    }

    private static void execute(IWorkbenchWindow window, String commandId) {
        try {
            window.getService(IHandlerService.class).executeCommand(commandId, null);
        } catch (Exception e) {
            throw new AssertionError("executing " + commandId + ": " + e, e);
        }
    }

    /** Tool items anywhere in the window whose contribution is one of this view's commands. */
    private static List<ToolItem> viewToolItems(Control root) {
        List<ToolItem> out = new ArrayList<>();
        if (root.isDisposed() || !root.isVisible()) {
            return out;
        }
        if (root instanceof ToolBar bar) {
            for (ToolItem item : bar.getItems()) {
                String id = commandId(item.getData());
                if (id != null && id.startsWith(ExperimentIds.VIEW + ".")) {
                    out.add(item);
                }
            }
        }
        if (root instanceof Composite c) {
            for (Control child : c.getChildren()) {
                out.addAll(viewToolItems(child));
            }
        }
        return out;
    }

    /** The command of a command contribution (3.x CommandContributionItem or the e4 HandledContributionItem). */
    private static String commandId(Object data) {
        if (data instanceof CommandContributionItem c) {
            return c.getCommand().getId();
        }
        if (data instanceof HandledContributionItem h && h.getModel() instanceof MHandledItem m) {
            return m.getCommand().getElementId();
        }
        return null;
    }

    /** The context menu as a right-click fills it, its Export submenu included. */
    private static List<String> contextMenuCommands(ExperimentsView view) {
        Menu menu = view.viewer().getTable().getMenu();
        menu.notifyListeners(SWT.Show, new Event());
        List<String> ids = new ArrayList<>();
        collect(menu, ids);
        menu.notifyListeners(SWT.Hide, new Event());
        return ids;
    }

    private static void collect(Menu menu, List<String> ids) {
        for (MenuItem item : menu.getItems()) {
            String id = commandId(item.getData());
            if (id != null) {
                ids.add(id);
            }
            if (item.getMenu() != null) {
                item.getMenu().notifyListeners(SWT.Show, new Event());
                collect(item.getMenu(), ids);
            }
        }
    }
}
