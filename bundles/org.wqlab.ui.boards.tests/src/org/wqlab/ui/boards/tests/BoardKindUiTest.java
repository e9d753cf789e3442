package org.wqlab.ui.boards.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.core.runtime.Platform;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.views.properties.IPropertySource;
import org.junit.jupiter.api.Test;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceRegistration;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardKind;
import org.wqlab.boards.BoardKindProvider;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardSource;
import org.wqlab.boards.Boards;
import org.wqlab.target.BoardProfile;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.boards.BoardRow;
import org.wqlab.ui.boards.WidgetIds;
import org.wqlab.ui.testing.TreeRows;
import org.wqlab.ui.testing.UiWait;

/**
 * A fourth board kind, installed from this test bundle alone as an OSGi service while the workbench runs: the Boards
 * view shows its action, the Add dialog offers it with its own setting, the Properties view shows its row, and
 * Connect goes through its own start and connect. Nothing outside the kind knows it.
 */
class BoardKindUiTest {
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration UI = Duration.ofSeconds(15);
    private static final Duration CONNECT = Duration.ofSeconds(90);
    private static final String BENCH = "bench on outlet 3 (test)";

    @Test
    void aKindFromATestBundleIsAddedShownRunAndConnectedInTheBoardsView() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        Shell shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        window.getActivePage().showView(ViewIds.BOARDS);
        Tree tree = UiWait.until(display, () -> Widgets.byId(shell, WidgetIds.TREE, Tree.class), UI, "the boards tree");
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();

        Path state = Files.createTempDirectory(Path.of(System.getProperty("wqlab.config.dir", "target")).getParent(),
                "power-bench");
        PowerBenchKind bench = new PowerBenchKind(state);
        assertEquals(null, Widgets.byId(shell, PowerBenchKind.CYCLE, ToolItem.class), "the action before the kind");
        ServiceRegistration<BoardKindProvider> registration = FrameworkUtil.getBundle(WidgetIds.class)
                .getBundleContext().registerService(BoardKindProvider.class, bench, null);
        try {
            ToolItem cycle = UiWait.until(display, () -> Widgets.byId(shell, PowerBenchKind.CYCLE, ToolItem.class),
                    UI, "the kind's Power Cycle button on the Boards view's toolbar");
            assertEquals("Power Cycle", cycle.getText());

            addThroughDialog(display, shell);
            BoardEntry added = registry.entry(BENCH).orElseThrow();
            assertEquals(PowerBenchKind.KIND, added.kind());
            assertEquals(Map.of(PowerBenchKind.OUTLET, "3"), added.settings());
            String json = Files.readString(registry.file(), StandardCharsets.UTF_8);
            assertTrue(json.contains("\"kind\": \"test-power-bench\"") && json.contains("\"outlet\": \"3\""), json);
            TreeItem row = UiWait.until(display, () -> TreeRows.named(tree, BENCH), UI, "the bench board's row");
            assertEquals("bench outlet 3", row.getText(2));

            TreeRows.select(tree, row);
            UiWait.until(display, cycle::isEnabled, UI, "Power Cycle to be enabled on the disconnected bench board");
            Widgets.click(cycle);
            UiWait.until(display, () -> bench.cycled().isEmpty() ? null : bench.cycled(), UI, "the power cycle");
            assertEquals(List.of(BENCH + " on outlet 3"), bench.cycled());

            IPropertySource properties = Platform.getAdapterManager().getAdapter(new BoardRow(BENCH),
                    IPropertySource.class);
            assertNotNull(properties, "no properties for the bench board");
            assertEquals("outlet 3", properties.getPropertyValue("Outlet"));
            assertEquals(PowerBenchKind.DISPLAY_NAME, properties.getPropertyValue("Kind"));

            TreeRows.select(tree, UiWait.until(display, () -> TreeRows.named(tree, BENCH), UI, "the row"));
            Widgets.click(Widgets.byId(shell, WidgetIds.CONNECT, ToolItem.class));
            UiWait.until(display, () -> {
                if (registry.status(BENCH).label().equals("error")) {
                    throw new AssertionError("the bench board failed: " + registry.status(BENCH));
                }
                return registry.status(BENCH).label().equals("connected")
                        && registry.entry(BENCH).orElseThrow().facts().isPresent();
            }, CONNECT, "the bench board to be connected");
            assertEquals(1, bench.starts());
            assertEquals(1, bench.connects());
            assertEquals(8, registry.entry(BENCH).orElseThrow().facts().orElseThrow().cpuCount());
            registry.disconnect(BENCH);
        } finally {
            if (registry.entry(BENCH).isPresent()) {
                registry.remove(BENCH);
            }
            registration.unregister();
            bench.close();
        }
        UiWait.until(display, () -> Widgets.byId(shell, PowerBenchKind.CYCLE, ToolItem.class) == null, UI,
                "the kind's button to go with the kind");
    }

    @Test
    void aBoardASourceListsIsShownWithItsSourceAndOnlyTheSourceChangesIt() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        Shell shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        window.getActivePage().showView(ViewIds.BOARDS);
        Tree tree = UiWait.until(display, () -> Widgets.byId(shell, WidgetIds.TREE, Tree.class), UI, "the boards tree");
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        String listed = "rack slot 4 (test)";
        BoardSource rack = new BoardSource() {
            @Override
            public String id() {
                return "rack:test";
            }

            @Override
            public String displayName() {
                return "test rack";
            }

            @Override
            public List<BoardEntry> boards() {
                return List.of(new BoardEntry(BoardProfile.of(listed, "127.0.0.1", 2222, "root"),
                        BoardKind.SSH, Optional.empty(), ""));
            }
        };
        ServiceRegistration<BoardSource> registration = FrameworkUtil.getBundle(WidgetIds.class).getBundleContext()
                .registerService(BoardSource.class, rack, null);
        try {
            TreeItem row = UiWait.until(display, () -> TreeRows.named(tree, listed), UI, "the listed board's row");
            assertEquals("disconnected", row.getText(1));
            assertEquals("root@127.0.0.1:2222 (listed by test rack)", row.getText(2));
            TreeRows.select(tree, row);
            ToolItem connect = Widgets.byId(shell, WidgetIds.CONNECT, ToolItem.class);
            UiWait.until(display, connect::isEnabled, UI, "Connect to be enabled on the listed board");
            for (String id : List.of(WidgetIds.EDIT, WidgetIds.DUPLICATE, WidgetIds.REMOVE)) {
                assertFalse(Widgets.byId(shell, id, ToolItem.class).isEnabled(), id + " on a board its source owns");
            }
        } finally {
            registration.unregister();
        }
        UiWait.until(display, () -> TreeRows.named(tree, listed) == null, UI, "the row to go with its source");
        assertFalse(Files.readString(registry.file(), StandardCharsets.UTF_8).contains(listed));
    }

    /** Add, choose the kind, its outlet; the SSH fields are the kind's to fill in. */
    private static void addThroughDialog(Display display, Shell shell) {
        Widgets.click(Widgets.byId(shell, WidgetIds.ADD, ToolItem.class));
        Shell dialog = UiWait.until(display, () -> Widgets.shell(display, WidgetIds.DIALOG_SHELL), UI,
                "the Add Board dialog");
        Combo kind = Widgets.byId(dialog, WidgetIds.DIALOG_KIND, Combo.class);
        assertNotNull(kind, "no kind to choose with a second addable kind installed");
        int index = List.of(kind.getItems()).indexOf(PowerBenchKind.DISPLAY_NAME);
        assertTrue(index >= 0, List.of(kind.getItems()).toString());
        kind.select(index);
        kind.notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        assertFalse(Widgets.byId(dialog, WidgetIds.DIALOG_HOST, Text.class).isEnabled(), "the kind fills in the host");
        Combo outlet = UiWait.until(display, () -> Widgets.byId(dialog,
                WidgetIds.DIALOG_FIELD_PREFIX + PowerBenchKind.OUTLET, Combo.class), UI, "the kind's outlet field");
        outlet.select(2);
        Widgets.byId(dialog, WidgetIds.DIALOG_NAME, Text.class).setText(BENCH);
        Button ok = Widgets.byId(dialog, WidgetIds.DIALOG_OK, Button.class);
        UiWait.until(display, ok::isEnabled, UI, "OK to be enabled");
        Widgets.click(ok);
        UiWait.until(display, dialog::isDisposed, UI, "the dialog to close");
    }
}
