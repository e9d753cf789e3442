package org.wqlab.ide.driver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.jface.preference.IPreferenceNode;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorDescriptor;
import org.eclipse.ui.IPerspectiveDescriptor;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.keys.IBindingService;
import org.eclipse.ui.navigator.CommonNavigator;
import org.eclipse.ui.navigator.CommonViewer;
import org.eclipse.ui.views.IViewCategory;
import org.eclipse.ui.views.IViewDescriptor;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.Boards;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.sequence.RunCommands;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * wqlab in the IDE, as a user meets it: what the IDE lists (perspectives, Show View categories, preference pages,
 * editors, key bindings, menus), then the Latency Lab perspective opened, the simulated board connected, the default
 * sequence run on it and the experiment found in the Project Explorer, then Installation Details. Records facts; the
 * test outside the IDE judges them.
 */
final class Scenario {
    private static final Duration SHOWN = Duration.ofSeconds(60);
    private static final Duration CONNECT = Duration.ofSeconds(120);
    private static final Duration RUN = Duration.ofSeconds(400);

    private final Path dir;
    private final Display display;
    private final Report report = new Report();

    Scenario(Path dir, Display display) {
        this.dir = dir;
        this.display = display;
    }

    void runAndClose() {
        try {
            run();
        } catch (Throwable e) {
            report.failed(e);
            Shell shell = display.getActiveShell();
            if (shell != null) {
                Screenshots.capture(shell, dir.resolve("failure.png"));
            }
        }
        try {
            report.write(dir.resolve("report.properties"));
        } catch (IOException e) {
            e.printStackTrace();
        }
        PlatformUI.getWorkbench().close();
    }

    private void run() throws Exception {
        Files.createDirectories(dir);
        IWorkbench workbench = PlatformUI.getWorkbench();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, SHOWN, "the IDE's window");
        Shell shell = window.getShell();
        shell.setBounds(0, 0, 1440, 900);
        IWorkbenchPage page = window.getActivePage();
        report.put("ide.perspective.default", workbench.getPerspectiveRegistry().getDefaultPerspective());
        report.put("ide.perspective.initial", page.getPerspective().getId());
        report.put("ide.menus", Arrays.stream(shell.getMenuBar().getItems()).map(MenuItem::getText).toList());
        listed(workbench);

        workbench.showPerspective(ViewIds.PERSPECTIVE, window);
        page = window.getActivePage();
        report.put("perspective.opened", page.getPerspective().getId());
        report.put("perspective.views", Arrays.stream(page.getViewReferences()).map(IViewReference::getId).toList());

        IHandlerService handlers = window.getService(IHandlerService.class);
        String board = (String) handlers.executeCommand("org.wqlab.ui.boards.connectSimulated", null);
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        BoardStatus status = UiWait.until(display, () -> registry.status(board) instanceof BoardStatus.Connected
                || registry.status(board) instanceof BoardStatus.Failed ? registry.status(board) : null, CONNECT,
                "the simulated board to connect");
        report.put("board.name", board);
        report.put("board.status", status instanceof BoardStatus.Failed f ? "failed: " + f.message() : status.label());

        handlers.executeCommand("org.wqlab.ui.sequence.openDefault", null);
        IWorkbenchPage active = page;
        SequenceEditor editor = UiWait.until(display,
                () -> active.getActiveEditor() instanceof SequenceEditor e ? e : null, SHOWN, "the sequence editor");
        report.put("sequence.editor", editor.getSite().getId() + " " + editor.getTitle());
        handlers.executeCommand(RunCommands.RUN, null);
        SequenceRunJob job = UiWait.until(display, editor::runJob, SHOWN, "the run to start");
        UiWait.until(display, () -> editor.runJob() == null, RUN, "the run to end (" + editor.runSummary() + ")");
        RunResult result = job.result();
        report.put("run.status", result.status().name());
        report.put("run.summary", result.summary());
        report.put("run.experiment", result.folder().readMetadata().name());

        CommonNavigator explorer = (CommonNavigator) page.showView(ViewIds.PROJECT_EXPLORER);
        CommonViewer viewer = explorer.getCommonViewer();
        List<IProject> projects = ExperimentProjects.projects();
        report.put("explorer.projects", projects.stream().map(IProject::getName).toList());
        String name = result.folder().readMetadata().name();
        List<String> labels = UiWait.until(display, () -> {
            projects.forEach(p -> viewer.expandToLevel(p, 1));
            List<String> all = labels(viewer.getTree().getItems());
            return all.stream().anyMatch(l -> l.startsWith(name + "  (worst ")) ? all : null;
        }, SHOWN, "the Project Explorer to list " + name + ": " + labels(viewer.getTree().getItems()));
        report.put("explorer.labels", labels);
        TreeItem experimentRow = row(viewer.getTree().getItems(), name + "  (worst ");
        viewer.getTree().setSelection(experimentRow);
        viewer.getTree().showItem(experimentRow);
        report.put("screenshot.colours",
                Integer.toString(Screenshots.distinctColours(Screenshots.capture(shell, dir.resolve("ide-install.png")))));

        report.put("installed", new InstallationDetails(display, dir).rows(handlers));
    }

    /** What the IDE's own lists show of wqlab, and that the IDE's own entries are still there. */
    private void listed(IWorkbench workbench) {
        report.put("perspectives", Arrays.stream(workbench.getPerspectiveRegistry().getPerspectives())
                .map(p -> p.getId() + "=" + p.getLabel()).toList());
        List<String> views = new ArrayList<>();
        for (IViewCategory category : workbench.getViewRegistry().getCategories()) {
            for (IViewDescriptor view : category.getViews()) {
                views.add(view.getId() + "=" + category.getLabel());
            }
        }
        report.put("views", views);
        List<String> preferences = new ArrayList<>();
        for (IPreferenceNode root : workbench.getPreferenceManager().getRootSubNodes()) {
            preferencePaths(root, root.getLabelText(), preferences);
        }
        report.put("preferences", preferences);
        report.put("editor.wqseq", editor(workbench, "default.wqseq"));
        report.put("editor.txt", editor(workbench, "notes.txt"));
        IBindingService bindings = workbench.getService(IBindingService.class);
        for (String command : List.of("org.eclipse.ui.file.save", "org.eclipse.ui.window.quickAccess",
                "org.eclipse.ui.edit.findReplace", RunCommands.RUN)) {
            report.put("binding." + command, bindings.getBestActiveBindingFormattedFor(command));
        }
        IPerspectiveDescriptor wqlab = workbench.getPerspectiveRegistry().findPerspectiveWithId(ViewIds.PERSPECTIVE);
        report.put("perspective.label", wqlab == null ? null : wqlab.getLabel());
    }

    private static String editor(IWorkbench workbench, String file) {
        IEditorDescriptor d = workbench.getEditorRegistry().getDefaultEditor(file);
        return d == null ? null : d.getId();
    }

    /** "id=Root > Child" for every page. */
    private static void preferencePaths(IPreferenceNode node, String path, List<String> out) {
        out.add(node.getId() + "=" + path);
        for (IPreferenceNode child : node.getSubNodes()) {
            preferencePaths(child, path + " > " + child.getLabelText(), out);
        }
    }

    private static TreeItem row(TreeItem[] items, String prefix) {
        for (TreeItem item : items) {
            if (item.getText().startsWith(prefix)) {
                return item;
            }
            TreeItem below = item.getExpanded() ? row(item.getItems(), prefix) : null;
            if (below != null) {
                return below;
            }
        }
        return null;
    }

    private static List<String> labels(TreeItem[] items) {
        List<String> out = new ArrayList<>();
        for (TreeItem item : items) {
            out.add(item.getText());
            if (item.getExpanded()) {
                out.addAll(labels(item.getItems()));
            }
        }
        return out;
    }
}
