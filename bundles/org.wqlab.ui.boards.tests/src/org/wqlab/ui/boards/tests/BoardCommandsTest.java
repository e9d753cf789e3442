package org.wqlab.ui.boards.tests;

import org.wqlab.ui.WorkbenchServices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.commands.Command;
import org.eclipse.e4.ui.model.application.ui.menu.MHandledItem;
import org.eclipse.e4.ui.workbench.renderers.swt.HandledContributionItem;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.menus.CommandContributionItem;
import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.Boards;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.boards.BoardCommand;
import org.wqlab.ui.boards.WidgetIds;
import org.wqlab.ui.testing.QuickAccess;
import org.wqlab.ui.testing.TreeRows;
import org.wqlab.ui.testing.UiWait;

/**
 * The Boards view's buttons are commands, under Xvfb in the real workbench: the toolbar and the context menu hold
 * command contributions, Quick Access offers the commands that fit the selected board (and not the others), and a
 * command executed through the handler service acts on the selection: Duplicate adds a board to the registry,
 * Connect connects the built-in simulated board.
 */
class BoardCommandsTest {
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration UI = Duration.ofSeconds(15);
    private static final Duration CONNECT = Duration.ofSeconds(90);
    /** The view's own commands, then the actions of the installed board kinds (the virtual board's Build and Stop VM). */
    private static List<String> buttonsOf(BoardRegistry registry) {
        List<String> ids = new ArrayList<>(Arrays.stream(BoardCommand.values()).map(BoardCommand::id).toList());
        registry.kinds().forEach(k -> k.actions().forEach(a -> ids.add(a.id())));
        return ids;
    }

    @Test
    void theBoardsViewsButtonsAreCommandsThatQuickAccessFindsAndTheHandlerServiceRuns() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        Shell shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        window.getActivePage().showView(ViewIds.BOARDS);
        Tree tree = UiWait.until(display, () -> Widgets.byId(shell, WidgetIds.TREE, Tree.class), UI, "the boards tree");
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        String builtIn = BuiltInSimulator.BOARD_NAME;
        registry.disconnect(builtIn); // as the other test of this bundle may have left it
        UiWait.until(display, () -> "disconnected".equals(registry.status(builtIn).label()), UI, "disconnected");

        List<String> buttons = buttonsOf(registry);
        assertTrue(buttons.containsAll(List.of(WidgetIds.BUILD_VM, WidgetIds.STOP_VM)), buttons.toString());
        ICommandService commands = window.getService(ICommandService.class);
        for (Command c : commands.getDefinedCommands()) {
            if (c.getCategory() != null && BoardCommand.CATEGORY.equals(c.getCategory().getId())) {
                assertTrue(buttons.contains(c.getId()), c.getId() + " is in the Boards category but not a button");
                assertFalse(c.getName().isBlank(), c.getId() + " has a name");
                assertFalse(c.getDescription() == null || c.getDescription().isBlank(), c.getId() + " is described");
            }
        }
        for (String id : buttons) {
            Command c = commands.getCommand(id);
            assertTrue(c.isDefined() && c.isHandled(), id + " is a defined, handled command");
            assertEquals(BoardCommand.CATEGORY, c.getCategory().getId(), id + "'s category");
        }

        ToolItem connectButton = Widgets.byId(shell, WidgetIds.CONNECT, ToolItem.class);
        List<String> shown = commandIds(List.of(connectButton.getParent().getItems()));
        assertEquals(buttons, shown.stream().filter(buttons::contains).toList(), "the toolbar's own commands");
        for (String other : shown.stream().filter(id -> !buttons.contains(id)).toList()) {
            // another bundle's button (Add LAVA Server): a defined, handled command of a wqlab category
            Command c = commands.getCommand(other);
            assertTrue(c.isDefined() && c.isHandled() && c.getCategory().getId().startsWith("org.wqlab.ui"), other);
        }
        assertEquals("Connect", connectButton.getText());
        assertEquals(buttons, commandIds(contextMenuItems(tree)).stream().filter(buttons::contains).toList(),
                "the context menu's own commands");

        TreeRows.select(tree, TreeRows.named(tree, builtIn));
        UiWait.settle(display);
        ToolItem disconnectButton = Widgets.byId(shell, WidgetIds.DISCONNECT, ToolItem.class);
        assertTrue(commands.getCommand(WidgetIds.CONNECT).isEnabled(), "Connect with a disconnected board selected");
        assertFalse(commands.getCommand(WidgetIds.DISCONNECT).isEnabled(), "Disconnect with no connected board");
        UiWait.until(display, () -> connectButton.isEnabled() && !disconnectButton.isEnabled(), UI,
                "the Connect button enabled and Disconnect disabled, as their commands");

        Runnable ctrl3 = () -> execute(window, "org.eclipse.ui.window.quickAccess");
        List<String> offered = QuickAccess.proposals(display, shell, ctrl3, "Connect Board", "Connect Board");
        assertFalse(offered.stream().anyMatch(t -> t.contains("Disconnect Board")),
                "Quick Access offers Disconnect for a disconnected board: " + offered);
        QuickAccess.proposals(display, shell, ctrl3, "Duplicate Board", "Duplicate Board");
        QuickAccess.proposals(display, shell, ctrl3, "Edit Board", "Edit Board...");

        int before = registry.entries().size();
        execute(window, WidgetIds.DUPLICATE);
        List<BoardEntry> after = registry.entries();
        assertEquals(before + 1, after.size(), "Duplicate added a board: " + after);
        BoardEntry copy = registry.entry(builtIn + " (copy)").orElseThrow(() -> new AssertionError(
                "no copy of " + builtIn + " in " + after));
        assertEquals(registry.entry(builtIn).orElseThrow().profile().port(), copy.profile().port());
        TreeItem copyRow = UiWait.until(display, () -> TreeRows.named(tree, copy.name()), UI, "the copy in the tree");
        assertEquals(List.of(copyRow), List.of(tree.getSelection()), "the copy is selected");
        registry.remove(copy.name());

        TreeRows.select(tree, UiWait.until(display, () -> TreeRows.named(tree, builtIn), UI, "the built-in board"));
        execute(window, WidgetIds.CONNECT);
        UiWait.until(display, () -> {
            String status = registry.status(builtIn).label();
            if (status.equals("error")) {
                throw new AssertionError("the built-in board failed: " + registry.status(builtIn));
            }
            return status.equals("connected") && registry.entry(builtIn).orElseThrow().facts().isPresent();
        }, CONNECT, "Connect Board to connect the built-in simulated board");
        UiWait.until(display, () -> commands.getCommand(WidgetIds.DISCONNECT).isEnabled()
                && !commands.getCommand(WidgetIds.CONNECT).isEnabled() && disconnectButton.isEnabled()
                && !connectButton.isEnabled(), UI, "Disconnect enabled and Connect disabled once connected");
        QuickAccess.proposals(display, shell, ctrl3, "Disconnect Board", "Disconnect Board");

        execute(window, WidgetIds.DISCONNECT);
        UiWait.until(display, () -> "disconnected".equals(registry.status(builtIn).label()), UI,
                "Disconnect Board to disconnect it");
    }

    private static void execute(IWorkbenchWindow window, String commandId) {
        try {
            window.getService(IHandlerService.class).executeCommand(commandId, null);
        } catch (Exception e) {
            throw new AssertionError("executing " + commandId + ": " + e, e);
        }
    }

    /** The command ids of the items' command contributions, failing on any item that is not one. */
    private static List<String> commandIds(List<? extends org.eclipse.swt.widgets.Item> items) {
        List<String> ids = new ArrayList<>();
        for (org.eclipse.swt.widgets.Item item : items) {
            if ((item instanceof ToolItem t && (t.getStyle() & SWT.SEPARATOR) != 0)
                    || (item instanceof MenuItem m && (m.getStyle() & SWT.SEPARATOR) != 0)) {
                continue;
            }
            ids.add(commandId(item));
        }
        return ids;
    }

    /**
     * The command of a command contribution: a 3.x CommandContributionItem, or the e4 workbench's
     * HandledContributionItem, which IMenuService makes of an org.eclipse.ui.menus command in the e4 workbench.
     */
    private static String commandId(org.eclipse.swt.widgets.Item item) {
        Object data = item.getData();
        if (data instanceof CommandContributionItem c) {
            return c.getCommand().getId();
        }
        if (data instanceof HandledContributionItem h && h.getModel() instanceof MHandledItem m) {
            return m.getCommand().getElementId();
        }
        throw new AssertionError("'" + item.getText() + "' is not a command contribution but " + data);
    }

    /** The context menu's items as a right-click shows them (the menu manager fills the menu on SWT.Show). */
    private static List<MenuItem> contextMenuItems(Tree tree) {
        Menu menu = tree.getMenu();
        menu.notifyListeners(SWT.Show, new Event());
        List<MenuItem> items = List.of(menu.getItems());
        menu.notifyListeners(SWT.Hide, new Event());
        return items;
    }
}
