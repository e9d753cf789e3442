package org.wqlab.ui.boards.tests;

import org.wqlab.ui.WorkbenchServices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.views.properties.PropertySheet;
import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.Boards;
import org.wqlab.boards.BuiltInSimulator;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.sim.Board;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.server.SimSshServer;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.boards.WidgetIds;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.TreeRows;
import org.wqlab.ui.testing.UiWait;
import org.wqlab.vboard.VboardArch;

/**
 * In the real workbench under Xvfb: a board added through the dialog (a second simulated
 * board with a host key wqlab has never seen, so the fingerprint prompt must appear), then the built-in simulated
 * board (its key trusted when created, so no prompt); both end "connected" with their facts in the tree and the
 * Properties view.
 */
class BoardsViewTest {
    private static final Duration STARTUP = Duration.ofSeconds(60);
    private static final Duration UI = Duration.ofSeconds(15);
    private static final Duration CONNECT = Duration.ofSeconds(90);
    private static final String LAB = "Lab H3 on 6.12 (test)";
    private static final int STATUS_COLUMN = 1;
    private static final int VALUE_COLUMN = 1;

    @Test
    void addBoardThroughTheDialogConnectAndSeeStatusAndFacts() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, STARTUP, "the window");
        Shell shell = window.getShell();
        UiWait.until(display, shell::isVisible, STARTUP, "the window to be shown");
        shell.setMaximized(true);
        IWorkbenchPage page = window.getActivePage();
        IViewPart boardsView = page.showView(ViewIds.BOARDS);
        Tree tree = UiWait.until(display, () -> Widgets.byId(shell, WidgetIds.TREE, Tree.class), UI, "the boards tree");
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        assertEquals(BuiltInSimulator.BOARD_NAME, registry.entries().get(0).name(), "first start holds the built-in");
        assertNotNull(TreeRows.named(tree, BuiltInSimulator.BOARD_NAME), "the built-in board is not in the tree");

        Path state = Files.createTempDirectory(Path.of(System.getProperty("wqlab.config.dir", "target")).getParent(),
                "lab-sim");
        Board labBoard = Board.realTime(Profiles.builtIn("rcar-h3-linux6.12"), 1.0);
        try (SimSshServer lab = SimSshServer.start(labBoard, state, 0, List.of())) {
            SimSshServer.Login login = lab.login();
            addThroughDialog(display, shell, login);

            BoardEntry added = registry.entry(LAB).orElseThrow();
            BoardProfile p = added.profile();
            assertEquals("127.0.0.1", p.host());
            assertEquals(login.port(), p.port());
            assertEquals("root", p.user());
            assertEquals(AuthMethod.PASSWORD, p.auth());
            assertEquals(HostKeyPolicy.ASK, p.hostKeyPolicy());
            assertEquals("sim-pull", added.usbDriver());
            String json = Files.readString(registry.file(), StandardCharsets.UTF_8);
            assertTrue(json.contains(LAB), json);
            assertTrue(json.contains("\"usbDriver\": \"sim-pull\""), json);
            assertFalse(json.contains(login.password()), "the password typed in the dialog is in " + registry.file());

            // unknown host key: the Job asks on the UI thread; the answer comes from a queued runnable because the
            // dialog runs its own event loop
            AtomicReference<String> prompt = new AtomicReference<>();
            answerHostKeyPrompt(display, prompt, true);
            TreeRows.select(tree, UiWait.until(display, () -> TreeRows.named(tree, LAB), UI,
                    "the added board in the tree"));
            Widgets.click(Widgets.byId(shell, WidgetIds.CONNECT, ToolItem.class));
            waitConnected(display, tree, registry, LAB);
            assertNotNull(prompt.get(), "no host key prompt for a key wqlab has never seen");
            assertTrue(prompt.get().contains(login.hostKeyFingerprint()), prompt.get());
            assertTrue(login.hostKeyFingerprint().startsWith("SHA256:"), login.hostKeyFingerprint());
            assertTrue(prompt.get().contains("[127.0.0.1]:" + login.port()), prompt.get());
            BoardFacts labFacts = registry.entry(LAB).orElseThrow().facts().orElseThrow();
            assertEquals(8, labFacts.cpuCount());
            assertTrue(labFacts.uname().contains("6.12.9-yocto-standard"), labFacts.uname());

            // the built-in board: its key was recorded when created, so nothing is asked
            AtomicReference<String> unexpected = new AtomicReference<>();
            answerHostKeyPrompt(display, unexpected, false);
            TreeRows.select(tree, TreeRows.named(tree, BuiltInSimulator.BOARD_NAME));
            Widgets.click(Widgets.byId(shell, WidgetIds.CONNECT, ToolItem.class));
            waitConnected(display, tree, registry, BuiltInSimulator.BOARD_NAME);
            assertNull(unexpected.get(), "asked about the built-in board's own host key");
            BoardFacts facts = registry.entry(BuiltInSimulator.BOARD_NAME).orElseThrow().facts().orElseThrow();
            assertEquals(8, facts.cpuCount());
            assertTrue(facts.uname().contains("5.4.72-yocto-standard"), facts.uname());
            assertEquals(250, facts.hz());

            // what the user sees: status column and the fact rows under the board
            TreeItem builtIn = TreeRows.named(tree, BuiltInSimulator.BOARD_NAME);
            assertEquals("connected", builtIn.getText(BoardsViewTest.STATUS_COLUMN));
            UiWait.until(display, () -> builtIn.getExpanded() && builtIn.getItemCount() > 2, UI, "facts in the tree");
            assertEquals("8", child(builtIn, "CPU count").getText(VALUE_COLUMN));
            assertTrue(child(builtIn, "Kernel (uname -a)").getText(VALUE_COLUMN).contains("5.4.72-yocto-standard"));
            // the value is on screen in the view's default width, not only after scrolling right
            int valueStart = child(builtIn, "CPU count").getBounds(VALUE_COLUMN).x;
            assertTrue(valueStart + 40 <= tree.getClientArea().width,
                    "fact values start at x=" + valueStart + " in a tree " + tree.getClientArea().width + " wide");

            // the Properties view shows the selected board's facts
            IViewPart properties = page.showView(ViewIds.PROPERTIES);
            page.activate(boardsView);
            TreeRows.select(tree, builtIn);
            PropertySheet sheet = (PropertySheet) properties;
            Path dir = Screenshots.directory();
            UiWait.settle(display);
            Screenshots.capture(shell, dir.resolve("boards-before-properties.png"));
            TreeItem cpus = UiWait.until(display, () -> propertyRow(sheet, "CPU count"), UI,
                    "CPU count in the Properties view (page " + sheet.getCurrentPage() + ")");
            assertEquals("8", cpus.getText(1));
            assertEquals("built-in simulated board", propertyRow(sheet, "Kind").getText(1));
            assertEquals("simulated pull of the stick", propertyRow(sheet, "USB disconnect").getText(1));
            for (String label : List.of("Kind", "USB disconnect", "Authentication", "Unknown host keys")) {
                String value = propertyRow(sheet, label).getText(1);
                assertFalse(value.matches(".*\\b[A-Z]+(_[A-Z]+)*\\b.*") && !value.contains("SSH"),
                        label + " shows an enum name: " + value);
                assertFalse(value.matches("[a-z]+(-[a-z]+)+"), label + " shows an id: " + value);
            }
            // the kernel parameter by a name that fits; the simulated 5.4 kernel does not have it yet
            assertEquals("(no such parameter)", propertyRow(sheet, "CPU-intensive limit").getText(1));
            UiWait.until(display, () -> clippedNames(sheet).isEmpty(), UI,
                    "every property name to be shown whole: " + clippedNames(sheet));

            UiWait.settle(display);
            Screenshots.capture(shell, dir.resolve("boards-workbench.png"));
            page.setPartState(page.getReference(boardsView), IWorkbenchPage.STATE_MAXIMIZED);
            UiWait.settle(display);
            Screenshots.capture(shell, dir.resolve("boards-view.png"));
            page.setPartState(page.getReference(boardsView), IWorkbenchPage.STATE_RESTORED);

            Widgets.click(Widgets.byId(shell, WidgetIds.DISCONNECT, ToolItem.class));
            UiWait.until(display, () -> "disconnected".equals(registry.status(BuiltInSimulator.BOARD_NAME).label()),
                    UI, "the built-in board to disconnect");
            registry.disconnect(LAB);

            editVirtualBoard(display, shell, tree, registry);
        } finally {
            labBoard.close();
        }
    }

    /** The QEMU virtual board's dialog: SSH fields fixed, architecture and the xHCI interrupt's CPU saved. */
    private static void editVirtualBoard(Display display, Shell shell, Tree tree, BoardRegistry registry)
            throws Exception {
        String name = VirtualBoardHost.BOARD_NAME;
        TreeRows.select(tree, TreeRows.named(tree, name));
        Widgets.click(Widgets.byId(shell, WidgetIds.EDIT, ToolItem.class));
        Shell dialog = UiWait.until(display, () -> Widgets.shell(display, WidgetIds.DIALOG_SHELL), UI,
                "the Edit Board dialog");
        assertFalse(Widgets.byId(dialog, WidgetIds.DIALOG_HOST, Text.class).isEnabled(), "the host can be edited");
        assertFalse(Widgets.byId(dialog, WidgetIds.DIALOG_AUTH, Combo.class).isEnabled(), "the login can be edited");
        Combo usb = Widgets.byId(dialog, WidgetIds.DIALOG_USB_DRIVER, Combo.class);
        assertTrue(usb.isEnabled() && usb.getText().startsWith("QMP device_del"), usb.getText());
        Combo arch = Widgets.byId(dialog, WidgetIds.DIALOG_ARCH, Combo.class);
        assertTrue(arch.getText().startsWith("x86_64"), arch.getText());
        Combo irq = Widgets.byId(dialog, WidgetIds.DIALOG_IRQ_CPU, Combo.class);
        assertEquals(0, irq.getSelectionIndex());
        arch.select(1);
        irq.select(1);
        UiWait.settle(display);
        Screenshots.capture(dialog, uncheckedDir().resolve("boards-vboard-dialog.png"));
        Button ok = Widgets.byId(dialog, WidgetIds.DIALOG_OK, Button.class);
        assertTrue(ok.isEnabled(), "OK is disabled");
        Widgets.click(ok);
        UiWait.until(display, dialog::isDisposed, UI, "the dialog to close");
        BoardEntry edited = registry.entry(name).orElseThrow();
        assertEquals(VboardArch.ARM64, edited.arch());
        assertEquals(1, edited.irqCpu());
        String json = Files.readString(registry.file(), StandardCharsets.UTF_8);
        assertTrue(json.contains("\"arch\": \"arm64\"") && json.contains("\"irqCpu\": 1"), json);
        registry.setFieldValues(name, Map.of("arch", "x86_64", "irqCpu", "0")); // as the other tests expect it
    }

    private static void addThroughDialog(Display display, Shell shell, SimSshServer.Login login) {
        Widgets.click(Widgets.byId(shell, WidgetIds.ADD, ToolItem.class));
        Shell dialog = UiWait.until(display, () -> Widgets.shell(display, WidgetIds.DIALOG_SHELL), UI,
                "the Add Board dialog");
        Button ok = Widgets.byId(dialog, WidgetIds.DIALOG_OK, Button.class);
        assertFalse(ok.isEnabled(), "OK is enabled on an empty form");
        Widgets.byId(dialog, WidgetIds.DIALOG_NAME, Text.class).setText(LAB);
        Widgets.byId(dialog, WidgetIds.DIALOG_HOST, Text.class).setText("127.0.0.1");
        Text port = Widgets.byId(dialog, WidgetIds.DIALOG_PORT, Text.class);
        port.setText("70000");
        assertFalse(ok.isEnabled(), "OK is enabled with port 70000");
        assertTrue(shows(dialog, "Port: must be from 1 to 65535, was 70000"), "no message naming the port field");
        port.setText(Integer.toString(login.port()));
        Widgets.byId(dialog, WidgetIds.DIALOG_USER, Text.class).setText(login.user());
        Combo auth = Widgets.byId(dialog, WidgetIds.DIALOG_AUTH, Combo.class);
        auth.select(auth.indexOf("password"));
        auth.notifyListeners(SWT.Selection, new Event());
        Widgets.byId(dialog, WidgetIds.DIALOG_PASSWORD, Text.class).setText(login.password());
        Combo usb = Widgets.byId(dialog, WidgetIds.DIALOG_USB_DRIVER, Combo.class);
        assertEquals("manual prompt (default)", usb.getText());
        assertTrue(usb.indexOf("sysfs-remove (control run: does not reproduce the stall)") > 0,
                "sysfs remove is marked as a control run: " + java.util.List.of(usb.getItems()));
        usb.select(usb.indexOf("sim-pull"));
        assertTrue(ok.isEnabled(), "OK stays disabled on a valid form");
        UiWait.settle(display);
        Screenshots.capture(dialog, uncheckedDir().resolve("boards-add-dialog.png"));
        Widgets.click(ok);
        UiWait.until(display, dialog::isDisposed, UI, "the dialog to close");
    }

    /** Queues a runnable that waits (on the UI thread's timer, never blocking it) for the host key prompt. */
    private static void answerHostKeyPrompt(Display display, AtomicReference<String> seen, boolean trust) {
        long deadline = System.nanoTime() + CONNECT.toNanos();
        Runnable[] poll = new Runnable[1];
        poll[0] = () -> {
            Shell prompt = Widgets.shell(display, WidgetIds.HOST_KEY_SHELL);
            if (prompt == null) {
                if (System.nanoTime() < deadline && seen.get() == null) {
                    display.timerExec(50, poll[0]);
                }
                return;
            }
            StringBuilder text = new StringBuilder();
            for (Control c : Widgets.all(prompt, w -> w instanceof Label)) {
                text.append(((Label) c).getText()).append('\n');
            }
            seen.set(text.toString());
            UiWait.settle(display); // let the prompt paint before it is captured
            Screenshots.capture(prompt, uncheckedDir().resolve("boards-host-key-prompt.png"));
            String answer = trust ? "Trust and connect" : "Cancel";
            for (Control c : Widgets.all(prompt, w -> w instanceof Button b && answer.equals(b.getText()))) {
                Widgets.click(c);
                return;
            }
        };
        display.timerExec(50, poll[0]);
    }

    private static void waitConnected(Display display, Tree tree, BoardRegistry registry, String name) {
        UiWait.until(display, () -> {
            String status = registry.status(name).label();
            if (status.equals("error")) {
                throw new AssertionError("board '" + name + "' failed: " + registry.status(name));
            }
            TreeItem item = TreeRows.named(tree, name);
            return status.equals("connected") && registry.entry(name).orElseThrow().facts().isPresent()
                    && item != null && "connected".equals(item.getText(STATUS_COLUMN));
        }, CONNECT, "board '" + name + "' to show status connected");
    }

    private static TreeItem child(TreeItem parent, String label) {
        for (TreeItem item : parent.getItems()) {
            if (label.equals(item.getText(0))) {
                return item;
            }
        }
        throw new AssertionError("no row '" + label + "' under " + parent.getText(0));
    }

    /** Property names (categories and rows) that do not fit in the name column. */
    private static List<String> clippedNames(PropertySheet sheet) {
        Tree t = (Tree) sheet.getCurrentPage().getControl();
        int nameColumn = t.getColumn(0).getWidth();
        List<String> clipped = new java.util.ArrayList<>();
        if (nameColumn + t.getColumn(1).getWidth() > t.getClientArea().width + 1 || t.getColumn(1).getWidth() < 50) {
            clipped.add("the value column is outside the view: names " + nameColumn + ", values "
                    + t.getColumn(1).getWidth() + ", view " + t.getClientArea().width);
        }
        org.eclipse.swt.graphics.GC gc = new org.eclipse.swt.graphics.GC(t);
        try {
            for (TreeItem category : t.getItems()) {
                List<TreeItem> rows = new java.util.ArrayList<>(List.of(category));
                rows.addAll(List.of(category.getItems()));
                for (TreeItem row : rows) {
                    int end = row.getTextBounds(0).x + gc.textExtent(row.getText(0)).x;
                    if (end > nameColumn + 1) {
                        clipped.add(row.getText(0) + " (ends at " + end + ", column " + nameColumn + ")");
                    }
                }
            }
        } finally {
            gc.dispose();
        }
        return clipped;
    }

    private static TreeItem propertyRow(PropertySheet sheet, String label) {
        if (!(sheet.getCurrentPage().getControl() instanceof Tree t)) {
            return null;
        }
        for (TreeItem category : t.getItems()) {
            if (!category.getExpanded()) {
                // the property sheet creates a category's rows when it is expanded, as a user click would
                Event e = new Event();
                e.item = category;
                t.notifyListeners(SWT.Expand, e);
                category.setExpanded(true);
            }
            if (label.equals(category.getText(0))) {
                return category;
            }
            for (TreeItem item : category.getItems()) {
                if (label.equals(item.getText(0))) {
                    return item;
                }
            }
        }
        return null;
    }

    private static boolean shows(Shell dialog, String message) {
        return !Widgets.all(dialog, w -> (w instanceof Text t && t.getText().contains(message))
                || (w instanceof Label l && l.getText().contains(message))).isEmpty();
    }

    private static Path uncheckedDir() {
        try {
            return Screenshots.directory();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
