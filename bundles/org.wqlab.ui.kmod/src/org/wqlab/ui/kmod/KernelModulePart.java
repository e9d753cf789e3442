package org.wqlab.ui.kmod;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.e4.ui.workbench.modeling.ESelectionService;
import org.eclipse.e4.ui.workbench.modeling.ISelectionListener;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.wqlab.boards.BoardListener;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.Boards;
import org.wqlab.kmod.KmodException;
import org.wqlab.kmod.KmodSources;
import org.wqlab.kmod.LoadOutcome;
import org.wqlab.kmod.LoadRequest;
import org.wqlab.kmod.LocalBuild;
import org.wqlab.kmod.ModuleManager;
import org.wqlab.kmod.ModuleParameters;
import org.wqlab.kmod.ParameterCheck;
import org.wqlab.kmod.TargetBuild;
import org.wqlab.target.BoardConnection;
import org.wqlab.ui.boards.BoardRow;

/**
 * The Kernel Module view: latency-mon on the board selected in the Boards view. Shows whether it is loaded and with
 * which parameters; builds it (here with a kernel tree and toolchain, or on the board), deploys and loads it, unloads
 * it. Every board step runs as a Job with progress; an "already loaded" answer offers a reload.
 */
public final class KernelModulePart {
    /** Wrapped texts (board, state, details) take this width at least and grow with the view. */
    private static final int WRAP_WIDTH = 220;


    public static final String WIDGET_KEY = "org.wqlab.widget";
    private static final String MODULE = ParameterCheck.LATENCY_MON;

    @Inject
    private ESelectionService selectionService;

    private final ModuleManager manager = new ModuleManager();
    private BoardRegistry registry;
    private String board;
    private Display display;
    private Label boardLabel;
    private Label stateLabel;
    private Text details;
    private Text moduleFile;
    private Text kernelTree;
    private Text arch;
    private Text crossCompile;
    private Text parameters;
    private Text pinCpu;
    private Text remoteDir;
    private List<Button> boardButtons;
    /** The module file this view offered for the selected board, or "" (a file the user chose is kept). */
    private String offeredModule = "";
    private final ISelectionListener selectionListener = (part, selection) -> selected(selection);
    private final BoardListener boardListener = () -> {
        Display d = display;
        if (d != null && !d.isDisposed()) {
            d.asyncExec(this::showBoard);
        }
    };

    @PostConstruct
    public void createControls(Composite part, Boards boards) {
        display = part.getDisplay();
        Composite parent = scrolling(part);
        GridLayoutFactory.swtDefaults().numColumns(3).applyTo(parent);

        boardLabel = label(parent, "board", "No board selected: select one in the Boards view", 3);
        stateLabel = label(parent, "state", "", 3);

        moduleFile = field(parent, "Module file (.ko)", "moduleFile", "");
        Button browse = button(parent, "browse", "Browse...", this::browse);
        GridDataFactory.fillDefaults().applyTo(browse);

        Group build = new Group(parent, SWT.NONE);
        build.setText("Build latency-mon");
        GridLayoutFactory.swtDefaults().numColumns(3).applyTo(build);
        GridDataFactory.fillDefaults().grab(true, false).span(3, 1).applyTo(build);
        kernelTree = remembered(build, "Kernel build dir", "kernelTree", KmodBuildPreferences.KERNEL_BUILD_DIR);
        new Label(build, SWT.NONE);
        arch = remembered(build, "ARCH", "arch", KmodBuildPreferences.ARCH);
        new Label(build, SWT.NONE);
        crossCompile = remembered(build, "CROSS_COMPILE", "crossCompile", KmodBuildPreferences.CROSS_COMPILE);
        new Label(build, SWT.NONE);
        Composite buildButtons = new Composite(build, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(buildButtons);
        GridDataFactory.fillDefaults().span(3, 1).applyTo(buildButtons);
        button(buildButtons, "build", "Build here", this::buildHere);
        Button buildOnBoard = button(buildButtons, "buildOnBoard", "Build on the board", this::buildOnBoard);

        LoadDefaults defaults = LoadDefaults.ofDefaultSequence();
        parameters = field(parent, "Parameters", "parameters", defaults.parameters());
        new Label(parent, SWT.NONE);
        pinCpu = field(parent, "taskset CPU (original module)", "pinCpu", defaults.pinCpu());
        new Label(parent, SWT.NONE);
        remoteDir = remembered(parent, "Board folder", "remoteDir", KmodBuildPreferences.REMOTE_DIR);
        new Label(parent, SWT.NONE);

        Composite actions = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(3).applyTo(actions);
        GridDataFactory.fillDefaults().span(3, 1).applyTo(actions);
        Button load = button(actions, "deployLoad", "Deploy + Load", this::deployAndLoad);
        Button unload = button(actions, "unload", "Unload", this::unload);
        Button refresh = button(actions, "refresh", "Refresh state", this::refreshState);
        boardButtons = List.of(buildOnBoard, load, unload, refresh);

        details = new Text(parent, SWT.MULTI | SWT.READ_ONLY | SWT.BORDER | SWT.WRAP | SWT.V_SCROLL);
        details.setData(WIDGET_KEY, "details");
        GridDataFactory.fillDefaults().grab(true, true).span(3, 1).hint(WRAP_WIDTH, 120).applyTo(details);

        try {
            registry = boards.registry();
            registry.addListener(boardListener);
        } catch (Exception e) {
            show("The board registry cannot be opened", e.getMessage(), true);
        }
        if (selectionService != null) {
            selectionService.addSelectionListener(selectionListener);
            selected(selectionService.getSelection());
        }
        showBoard();
    }

    @PreDestroy
    public void dispose() {
        if (selectionService != null) {
            selectionService.removeSelectionListener(selectionListener);
        }
        if (registry != null) {
            registry.removeListener(boardListener);
        }
        display = null;
    }

    /** Follows the Boards view; a selection of anything else keeps the board shown. */
    private void selected(Object selection) {
        Object first = selection instanceof IStructuredSelection s ? s.getFirstElement() : selection;
        if (first instanceof BoardRow row && !row.name().equals(board)) {
            board = row.name();
            offerBoardModule();
            showBoard();
            if (connection().isPresent()) {
                refreshState();
            }
        }
    }

    private void showBoard() {
        if (boardLabel == null || boardLabel.isDisposed()) {
            return;
        }
        boolean connected = connection().isPresent();
        boardLabel.setText(board == null ? "No board selected: select one in the Boards view"
                : "Board: " + board + (connected ? "" : " (not connected: connect it in the Boards view)"));
        for (Button b : boardButtons) {
            b.setEnabled(connected);
        }
        boardLabel.getParent().layout(true, true);
    }

    /**
     * A module the selected board can load (the simulated board's own, the virtual board's build) fills an empty
     * module field, or replaces the one offered for the board selected before. Found off the UI thread.
     */
    private void offerBoardModule() {
        String forBoard = board;
        BoardRegistry r = registry;
        if (r == null || forBoard == null) {
            return;
        }
        Job find = Job.createSystem("Finding the module " + forBoard + " can load", monitor -> {
            Optional<Path> module;
            try {
                module = r.offeredModule(forBoard);
            } catch (IOException e) {
                module = Optional.empty();
            }
            Optional<Path> found = module;
            Display d = display;
            if (d != null && !d.isDisposed()) {
                d.asyncExec(() -> {
                    if (moduleFile.isDisposed() || !forBoard.equals(board)) {
                        return;
                    }
                    String current = moduleFile.getText().strip();
                    if (current.isEmpty() || current.equals(offeredModule)) {
                        offeredModule = found.map(Path::toString).orElse("");
                        moduleFile.setText(offeredModule);
                    }
                });
            }
        });
        find.schedule();
    }

    private Optional<BoardConnection> connection() {
        return registry == null || board == null ? Optional.empty() : registry.connection(board);
    }

    private void refreshState() {
        withConnection("Reading the kernel module state", (c, progress) -> manager.state(c, MODULE));
    }

    private void deployAndLoad() {
        LoadRequest request;
        try {
            request = request();
        } catch (IllegalArgumentException e) {
            show("Cannot load", e.getMessage(), true);
            return;
        }
        withConnection("Deploying and loading " + request.moduleFile().getFileName(),
                (c, progress) -> manager.deployAndLoad(c, request, progress), result -> {
                    if (result instanceof LoadOutcome.AlreadyLoaded already && MessageDialog.openQuestion(
                            details.getShell(), "Kernel Module", already.name() + " is loaded already on " + board
                                    + ". Unload it and load " + request.moduleFile().getFileName() + " with "
                                    + request.parameters() + "?")) {
                        withConnection("Reloading " + already.name(), (c, p) -> manager.reload(c, request, p));
                    }
                });
    }

    private void unload() {
        withConnection("Unloading " + MODULE, (c, progress) -> manager.unload(c, MODULE, progress));
    }

    private void buildHere() {
        String tree = kernelTree.getText().strip();
        if (tree.isEmpty()) {
            show("Cannot build", "Set the kernel build dir (the target kernel's prepared tree)", true);
            return;
        }
        LocalBuild build;
        try {
            build = LocalBuild.cross(KmodSources.locate(), Path.of(tree), arch.getText(), crossCompile.getText());
        } catch (KmodException | IllegalArgumentException e) {
            show("Cannot build", e.getMessage(), true);
            return;
        }
        run(new KmodJob("Building latency-mon against " + tree, progress -> {
            try {
                return build.build(Files.createTempDirectory("wqlab-kmod-build"), Duration.ofMinutes(10),
                        progress::step);
            } catch (IOException e) {
                throw new KmodException("cannot create a build folder: " + e.getMessage(), e);
            }
        }, this::finishedBuild));
    }

    private void buildOnBoard() {
        KmodSources sources;
        try {
            sources = KmodSources.locate();
        } catch (KmodException e) {
            show("Cannot build", e.getMessage(), true);
            return;
        }
        String folder = remoteDir.getText().strip();
        withConnection("Building latency-mon on " + board, (c, progress) -> {
            try {
                return new TargetBuild(Duration.ofSeconds(30), Duration.ofMinutes(10)).build(c, sources, folder,
                        Files.createTempDirectory("wqlab-kmod-target-build"), progress);
            } catch (IOException e) {
                throw new KmodException("cannot create a local folder for the built module: " + e.getMessage(), e);
            }
        }, result -> finishedBuild(result, null));
    }

    private void finishedBuild(Object result, String error) {
        asyncShow(result, error, () -> {
            if (result instanceof Path built) {
                moduleFile.setText(built.toString());
            }
        });
    }

    private LoadRequest request() {
        String file = moduleFile.getText().strip();
        if (file.isEmpty()) {
            throw new IllegalArgumentException("Choose a module file (.ko) or build one");
        }
        String cpu = pinCpu.getText().strip();
        OptionalInt pin;
        try {
            pin = cpu.isEmpty() ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(cpu));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("taskset CPU '" + cpu + "' is not a number");
        }
        return new LoadRequest(Path.of(file), ModuleParameters.parse(parameters.getText()), pin,
                remoteDir.getText());
    }

    @FunctionalInterface
    private interface BoardStep {
        Object run(BoardConnection connection, org.wqlab.kmod.KmodProgress progress) throws Exception;
    }

    private void withConnection(String title, BoardStep step) {
        withConnection(title, step, result -> { });
    }

    private void withConnection(String title, BoardStep step, java.util.function.Consumer<Object> then) {
        Optional<BoardConnection> connection = connection();
        if (connection.isEmpty()) {
            show("Not connected", "Connect the board in the Boards view first", true);
            return;
        }
        BoardConnection c = connection.get();
        run(new KmodJob(title, progress -> {
            try {
                return step.run(c, progress);
            } catch (org.wqlab.target.TransportException | KmodException | InterruptedException e) {
                throw e;
            } catch (Exception e) {
                throw new KmodException(e.getMessage(), e);
            }
        }, (result, error) -> asyncShow(result, error, () -> then.accept(result))));
    }

    private void run(KmodJob job) {
        stateLabel.setText(job.getName() + "...");
        job.schedule();
    }

    private void asyncShow(Object result, String error, Runnable then) {
        Display d = display;
        if (d == null || d.isDisposed()) {
            return;
        }
        d.asyncExec(() -> {
            if (details.isDisposed()) {
                return;
            }
            if (error != null) {
                show("Failed", error, true);
                return;
            }
            OutcomeText.Text text = OutcomeText.of(result);
            show(text.summary(), text.details(), text.error());
            then.run();
        });
    }

    private void show(String summary, String detail, boolean error) {
        stateLabel.setText((error ? "Error: " : "") + summary);
        stateLabel.setForeground(error ? display.getSystemColor(SWT.COLOR_DARK_RED) : null);
        details.setText(detail == null ? "" : detail.strip());
        stateLabel.getParent().layout(true, true);
    }

    private void browse() {
        FileDialog dialog = new FileDialog(moduleFile.getShell(), SWT.OPEN);
        dialog.setFilterExtensions(new String[] {"*.ko", "*"});
        String chosen = dialog.open();
        if (chosen != null) {
            moduleFile.setText(chosen);
        }
    }

    private static Label label(Composite parent, String id, String text, int span) {
        Label label = new Label(parent, SWT.WRAP);
        label.setText(text);
        label.setData(WIDGET_KEY, id);
        GridDataFactory.fillDefaults().grab(true, false).span(span, 1).hint(WRAP_WIDTH, SWT.DEFAULT).applyTo(label);
        return label;
    }

    /**
     * The view's content in a scrolled composite: in a narrow or short view every field stays reachable (scrollbars
     * appear below the content's preferred size).
     */
    private static Composite scrolling(Composite part) {
        part.setLayout(new org.eclipse.swt.layout.FillLayout());
        org.eclipse.swt.custom.ScrolledComposite scroller = new org.eclipse.swt.custom.ScrolledComposite(part,
                SWT.H_SCROLL | SWT.V_SCROLL);
        scroller.setExpandHorizontal(true);
        scroller.setExpandVertical(true);
        Composite content = new Composite(scroller, SWT.NONE);
        scroller.setContent(content);
        scroller.addListener(SWT.Resize, e -> scroller.setMinSize(content.computeSize(SWT.DEFAULT, SWT.DEFAULT)));
        return content;
    }

    /** A field whose value comes from, and goes back to, the kernel module build preferences. */
    private static Text remembered(Composite parent, String name, String id, String preferenceKey) {
        Text text = field(parent, name, id, KmodBuildPreferences.store().getString(preferenceKey));
        text.addModifyListener(e -> KmodBuildPreferences.remember(preferenceKey, text.getText()));
        return text;
    }

    private static Text field(Composite parent, String name, String id, String value) {
        new Label(parent, SWT.NONE).setText(name);
        Text text = new Text(parent, SWT.BORDER | SWT.SINGLE);
        text.setText(value);
        text.setData(WIDGET_KEY, id);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(text);
        return text;
    }

    private static Button button(Composite parent, String id, String text, Runnable action) {
        Button button = new Button(parent, SWT.PUSH);
        button.setText(text);
        button.setData(WIDGET_KEY, id);
        button.addListener(SWT.Selection, e -> action.run());
        return button;
    }
}
