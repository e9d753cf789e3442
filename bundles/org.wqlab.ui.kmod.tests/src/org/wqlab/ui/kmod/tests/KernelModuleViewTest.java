package org.wqlab.ui.kmod.tests;

import org.wqlab.ui.WorkbenchServices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.Boards;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.sim.Board;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.Command;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.HostKeyPrompt;
import org.wqlab.target.SecretKind;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.boards.WidgetIds;
import org.wqlab.ui.kmod.KernelModulePart;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.TreeRows;
import org.wqlab.ui.testing.UiWait;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * In the real workbench under Xvfb: the CI-built arm64 latency-mon loaded and unloaded on a
 * simulated R-Car H3 (profile with that module's vermagic) through the Kernel Module view's buttons.
 */
class KernelModuleViewTest {
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration STEP = Duration.ofSeconds(90);
    private static final String BOARD = "H3 with the CI kernel (test)";

    @Test
    void loadAndUnloadOnTheSimulatedBoardThroughTheView() throws Exception {
        Path module = Path.of(System.getProperty("wqlab.kmod.out", "kmod/out")).resolve("latency-mon-arm64.ko");
        if (Boolean.getBoolean("wqlab.require.kmod")) {
            assertTrue(Files.isRegularFile(module), "kmod/ci-build.sh did not produce " + module);
        } else {
            assumeTrue(Files.isRegularFile(module), "not built (run kmod/ci-build.sh): " + module);
        }
        String vermagic = null;
        for (String line : Files.readAllLines(module.resolveSibling("vermagic.txt"))) {
            if (line.startsWith("latency-mon-arm64.ko: ")) {
                vermagic = line.substring("latency-mon-arm64.ko: ".length());
            }
        }
        assertTrue(vermagic != null, "vermagic.txt has no arm64 line");

        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        Shell shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        shell.setMaximized(true);
        IWorkbenchPage page = window.getActivePage();

        Path state = Files.createTempDirectory(Path.of(System.getProperty("wqlab.config.dir", "target")).getParent(),
                "kmod-sim");
        Board board = Board.realTime(profile(state, vermagic), 10);
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        try (SimSshServer sim = SimSshServer.start(board, state.resolve("state"), 0, List.of())) {
            // the simulated shell's mkdir only acts on tracefs instances; a real board's `mkdir -p` makes the folder
            Files.createDirectories(state.resolve("state/fs/tmp/wqlab"));
            SimSshServer.Login login = sim.login();
            registry.add(org.wqlab.target.BoardProfile.of(BOARD, login.host(), login.port(), login.user())
                    .withAuth(AuthMethod.PASSWORD, null).withHostKeyPolicy(HostKeyPolicy.ACCEPT_NEW));
            registry.putSecret(BOARD, SecretKind.PASSWORD, login.password().toCharArray());
            registry.connect(BOARD, HostKeyPrompt.REFUSE);

            page.showView(ViewIds.KERNEL_MODULE);
            page.showView(ViewIds.BOARDS);
            Tree tree = UiWait.until(display, () -> byId(shell, WidgetIds.TREE, Tree.class), STARTUP, "the boards tree");
            TreeItem row = UiWait.until(display, () -> TreeRows.named(tree, BOARD), STEP, "the board in the tree");
            TreeRows.select(tree, row);

            Label stateLabel = UiWait.until(display, () -> byId(shell, "state", Label.class), STEP, "the module state");
            Label boardLabel = byId(shell, "board", Label.class);
            UiWait.until(display, () -> boardLabel.getText().equals("Board: " + BOARD), STEP,
                    "the selected board in the view, saw '" + boardLabel.getText() + "'");
            UiWait.until(display, () -> stateLabel.getText().equals("latency_mon is not loaded"), STEP,
                    "the state read from the board, saw '" + stateLabel.getText() + "'");

            byId(shell, "moduleFile", Text.class).setText(module.toString());
            byId(shell, "parameters", Text.class).setText("cpu=-1 report_all=1 classic=0");
            click(byId(shell, "deployLoad", Button.class));
            UiWait.until(display, () -> stateLabel.getText().equals("latency_mon is loaded with classic=0 cpu=-1 report_all=1"),
                    STEP, "the load, saw '" + stateLabel.getText() + "' / " + byId(shell, "details", Text.class).getText());
            String details = byId(shell, "details", Text.class).getText();
            assertTrue(details.contains("/tmp/wqlab/latency-mon-arm64.ko") && details.contains(vermagic), details);
            String modules = registry.connection(BOARD).orElseThrow()
                    .run(Command.of("cat").arg("/proc/modules"), STEP).stdoutText();
            assertTrue(modules.contains("latency_mon"), modules);
            capturePart(page, display, shell, "kmod-loaded.png");

            click(byId(shell, "unload", Button.class));
            UiWait.until(display, () -> stateLabel.getText().equals("latency_mon unloaded"), STEP,
                    "the unload, saw '" + stateLabel.getText() + "'");
            modules = registry.connection(BOARD).orElseThrow().run(Command.of("cat").arg("/proc/modules"), STEP)
                    .stdoutText();
            assertFalse(modules.contains("latency_mon"), modules);
            capturePart(page, display, shell, "kmod-unloaded.png");
        } finally {
            registry.disconnect(BOARD);
            registry.remove(BOARD);
            board.close();
        }
    }

    /**
     * On the built-in simulated board the view offers the board's own latency-mon and starts from the default
     * sequence's parameters; Deploy + Load loads it with them, Unload unloads it.
     */
    @Test
    void theSimulatedBoardsOwnModuleLoadsWithTheDefaultSequencesParameters() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        Shell shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        IWorkbenchPage page = window.getActivePage();
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        String sim = BuiltInSimulator.BOARD_NAME;
        String expected = defaultSequenceLoadParameters();
        try {
            registry.connect(sim, HostKeyPrompt.REFUSE);
            page.showView(ViewIds.KERNEL_MODULE);
            page.showView(ViewIds.BOARDS);
            Tree tree = UiWait.until(display, () -> byId(shell, WidgetIds.TREE, Tree.class), STARTUP, "the boards tree");
            TreeRows.select(tree, UiWait.until(display, () -> TreeRows.named(tree, sim), STEP, "the simulated board"));

            Text moduleFile = byId(shell, "moduleFile", Text.class);
            UiWait.until(display, () -> moduleFile.getText().endsWith("latency-mon.ko"), STEP,
                    "the board's own module offered, saw '" + moduleFile.getText() + "'");
            assertEquals(expected, byId(shell, "parameters", Text.class).getText(),
                    "the default sequence's parameters");
            assertEquals("", byId(shell, "pinCpu", Text.class).getText(), "the default sequence pins no CPU");

            Label stateLabel = byId(shell, "state", Label.class);
            click(byId(shell, "deployLoad", Button.class));
            UiWait.until(display, () -> stateLabel.getText().startsWith("latency_mon is loaded with "), STEP,
                    "the load, saw '" + stateLabel.getText() + "' / " + byId(shell, "details", Text.class).getText());
            for (String parameter : expected.split(" ")) {
                assertTrue(stateLabel.getText().contains(parameter), stateLabel.getText() + " has " + parameter);
            }
            var board = registry.connection(sim).orElseThrow();
            assertTrue(board.run(Command.of("cat").arg("/proc/modules"), STEP).stdoutText().contains("latency_mon"));
            String reportAll = board.run(Command.of("cat").arg("/sys/module/latency_mon/parameters/report_all"), STEP)
                    .stdoutText().strip();
            assertEquals(expected.contains("report_all=1") ? "1" : "0", reportAll, "the parameter as the kernel has it");

            click(byId(shell, "unload", Button.class));
            UiWait.until(display, () -> stateLabel.getText().equals("latency_mon unloaded"), STEP,
                    "the unload, saw '" + stateLabel.getText() + "'");
            assertFalse(board.run(Command.of("cat").arg("/proc/modules"), STEP).stdoutText().contains("latency_mon"));
        } finally {
            registry.disconnect(sim);
        }
    }

    /** The parameters of the default sequence's load step, read from its JSON as shipped. */
    private static String defaultSequenceLoadParameters() throws Exception {
        var sequence = org.wqlab.sequence.SequenceJson.defaultSequence();
        var variables = new org.wqlab.sequence.Variables(sequence.variables(), java.util.Map.of());
        for (var step : sequence.steps()) {
            if (step.type() == org.wqlab.sequence.StepType.LOAD_MODULE) {
                List<String> words = new ArrayList<>();
                step.params().forEach((k, v) -> words.add(k + "=" + variables.substitute(v)));
                return String.join(" ", words);
            }
        }
        throw new AssertionError("the default sequence loads no module");
    }

    /** The Kernel Module view maximized, as a user would look at it, then restored. */
    private static void capturePart(IWorkbenchPage page, Display display, Shell shell, String name) throws Exception {
        org.eclipse.ui.IViewReference ref = page.findViewReference(ViewIds.KERNEL_MODULE);
        page.setPartState(ref, IWorkbenchPage.STATE_MAXIMIZED);
        UiWait.settle(display);
        Screenshots.capture(shell, Screenshots.directory().resolve(name));
        page.setPartState(ref, IWorkbenchPage.STATE_RESTORED);
        UiWait.settle(display);
    }

    private static SimulatedBoardProfile profile(Path dir, String vermagic) throws Exception {
        JsonObject json;
        try (InputStream in = Profiles.class.getResourceAsStream("/profiles/rcar-h3-default.json")) {
            json = JsonParser.parseReader(new InputStreamReader(in, StandardCharsets.UTF_8)).getAsJsonObject();
        }
        json.addProperty("name", "rcar-h3-ci-kernel");
        json.addProperty("vermagic", vermagic);
        json.addProperty("kernelRelease", vermagic.strip().split("\\s+")[0]);
        Path file = dir.resolve("profile.json");
        Files.writeString(file, json.toString(), StandardCharsets.UTF_8);
        return Profiles.load(file);
    }

    private static <T> T byId(Control root, String id, Class<T> type) {
        List<Control> found = new ArrayList<>();
        collect(root, id, found);
        for (Control c : found) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    private static void collect(Control c, String id, List<Control> found) {
        if (c.isDisposed()) {
            return;
        }
        if (id.equals(c.getData(KernelModulePart.WIDGET_KEY))) {
            found.add(c);
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                collect(child, id, found);
            }
        }
    }

    private static void click(Button b) {
        Event e = new Event();
        e.widget = b;
        b.notifyListeners(SWT.Selection, e);
    }

}
