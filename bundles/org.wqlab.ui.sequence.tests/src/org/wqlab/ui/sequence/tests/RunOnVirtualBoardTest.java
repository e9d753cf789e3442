package org.wqlab.ui.sequence.tests;

import org.wqlab.ui.WorkbenchServices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardListener;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.BoardStatus;
import org.wqlab.boards.Boards;
import org.wqlab.boards.VirtualBoardHost;
import org.wqlab.boards.vboard.VirtualBoardKind;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.live.LiveSession;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.sequence.StepOutcome;
import org.wqlab.sequence.edit.StepPath;
import org.wqlab.ui.testing.TreeRows;
import org.wqlab.ui.testing.UiWait;
import org.wqlab.vboard.BoardImage;
import org.wqlab.vboard.RunningBoard;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VirtualBoard;

/**
 * The QEMU virtual board in the workbench, under Xvfb with a real QEMU: the Boards view's "QEMU virtual board" is
 * built again with Build VM (build.sh, which does nothing when nothing changed), then connected with Connect, which
 * boots the VM (status "starting" with the boot's progress) and logs in with the build's key and host key; its facts
 * are the real kernel's, and the Kernel Module view offers the module the build made for that kernel. The default
 * sequence then runs on it from the editor's toolbar with the board's own disconnect (QMP device_del): every step
 * green, a USB disconnect and a stall in the run. Stop VM ends QEMU. Needs the board built
 * (releng/virtual-board/build.sh, which releng/run-tests runs first); skipped without it unless
 * {@code wqlab.vboard.required=true}, as in CI.
 */
class RunOnVirtualBoardTest {
    private static final Duration BOOT = Duration.ofMinutes(6);
    private static final Duration RUN = Duration.ofMinutes(8);
    private static final Duration STOP = Duration.ofSeconds(60);
    private static final int STATUS_COLUMN = 1;
    private static final int HOST_COLUMN = 2;

    @Test
    void connectBootsTheVmTheDefaultSequenceStallsItAndStopVmEndsIt() throws Exception {
        VirtualBoard vm = VirtualBoard.atDefaultLocation();
        if (!vm.isBuilt(VboardArch.X86_64)) {
            String why = "the x86_64 virtual board is not built in " + vm.home()
                    + " (bash releng/virtual-board/build.sh)";
            if (Boolean.getBoolean("wqlab.vboard.required")) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        Optional<RunningBoard> before = vm.running();
        if (before.isPresent()) {
            fail("a virtual board already runs (pid " + before.get().pid() + "): stop it with 'wqlab vboard stop'");
        }
        BoardImage image = vm.image(VboardArch.X86_64);
        EditorHarness ui = new EditorHarness();
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        String name = VirtualBoardHost.BOARD_NAME;
        List<String> statuses = new CopyOnWriteArrayList<>();
        BoardListener listener = () -> {
            BoardStatus s = registry.status(name);
            statuses.add(s instanceof BoardStatus.Starting st ? "starting: " + st.detail() : s.label());
        };
        registry.addListener(listener);
        Tree tree = null;
        try {
            ui.page.showView(ViewIds.KERNEL_MODULE);
            IViewPart boardsView = ui.page.showView(ViewIds.BOARDS);
            tree = ui.find(org.wqlab.ui.boards.WidgetIds.TREE, Tree.class);
            Tree boards = tree;
            TreeItem row = UiWait.until(ui.display, () -> TreeRows.named(boards, name), EditorHarness.SHORT,
                    "the board's row");
            UiWait.until(ui.display, () -> row.getText(HOST_COLUMN).contains("stopped (Connect boots it)"),
                    EditorHarness.SHORT, "the VM shown stopped (" + row.getText(HOST_COLUMN) + ")");
            TreeRows.select(tree, row);
            // the Kernel Module view offers the latency-mon the build made against this kernel's headers
            Text moduleFile = ui.find("moduleFile", Text.class);
            String builtKo = image.module().orElseThrow(() -> new AssertionError("build.sh recorded no module"))
                    .toString();
            UiWait.until(ui.display, () -> moduleFile.getText().equals(builtKo), EditorHarness.SHORT,
                    "the Kernel Module view to offer " + builtKo + " (shows '" + moduleFile.getText() + "')");

            // Build VM runs build.sh again: with unchanged inputs it does nothing and succeeds
            AtomicReference<IStatus> built = new AtomicReference<>();
            IJobChangeListener buildDone = new JobChangeAdapter() {
                @Override
                public void done(IJobChangeEvent event) {
                    if (event.getJob().getName().startsWith("Building the x86_64 QEMU virtual board")) {
                        built.set(event.getResult());
                    }
                }
            };
            Job.getJobManager().addJobChangeListener(buildDone);
            try {
                ToolItem buildVm = ui.toolItem(org.wqlab.ui.boards.WidgetIds.BUILD_VM);
                assertTrue(buildVm.isEnabled(), "Build VM is disabled on a stopped virtual board");
                ui.click(buildVm);
                UiWait.until(ui.display, () -> built.get() != null, Duration.ofMinutes(5), "Build VM to end");
            } finally {
                Job.getJobManager().removeJobChangeListener(buildDone);
            }
            assertTrue(built.get().isOK(), "Build VM: " + built.get().getMessage());
            ToolItem buildAgain = ui.toolItem(org.wqlab.ui.boards.WidgetIds.BUILD_VM);
            UiWait.until(ui.display, buildAgain::isEnabled, EditorHarness.SHORT, "Build VM enabled after the build");

            ui.click(ui.toolItem(org.wqlab.ui.boards.WidgetIds.CONNECT));

            UiWait.until(ui.display, () -> registry.status(name) instanceof BoardStatus.Connected
                    || registry.status(name) instanceof BoardStatus.Failed, BOOT, "the board to connect: " + statuses);
            assertTrue(registry.status(name) instanceof BoardStatus.Connected, "status: " + statuses);
            assertTrue(statuses.stream().anyMatch(s -> s.startsWith("starting: ")), "no boot progress: " + statuses);
            assertTrue(statuses.stream().anyMatch(s -> s.contains("SSH answers on 127.0.0.1:")), statuses.toString());
            RunningBoard running = vm.running().orElseThrow(() -> new AssertionError("no QEMU after the connect"));
            BoardFacts facts = registry.entry(name).orElseThrow().facts().orElseThrow();
            assertTrue(facts.uname().contains(image.kernelRelease()), facts.uname() + " is not " + image);
            assertEquals(2, facts.cpuCount(), facts.toString());
            UiWait.until(ui.display, () -> "connected".equals(row.getText(STATUS_COLUMN)), EditorHarness.SHORT,
                    "'connected' in the Status column (" + row.getText(STATUS_COLUMN) + ")");
            UiWait.until(ui.display, () -> row.getText(HOST_COLUMN).startsWith("127.0.0.1:" + running.sshPort()
                    + " (QEMU x86_64 VM, Debian " + image.kernelRelease()), EditorHarness.SHORT,
                    "the VM's port in the Host column (" + row.getText(HOST_COLUMN) + ")");
            assertFalse(ui.toolItem(org.wqlab.ui.boards.WidgetIds.BUILD_VM).isEnabled(), "Build VM while it runs");
            assertTrue(ui.toolItem(org.wqlab.ui.boards.WidgetIds.STOP_VM).isEnabled(), "Stop VM while it runs");
            String knownHosts = Files.readString(org.wqlab.target.WqlabConfigDir.knownHosts());
            assertTrue(knownHosts.contains("[127.0.0.1]:" + running.sshPort() + " ssh-ed25519 "), knownHosts);
            ui.page.setPartState(ui.page.getReference(boardsView), IWorkbenchPage.STATE_MAXIMIZED);
            UiWait.until(ui.display, () -> row.getExpanded() && row.getItemCount() > 2, EditorHarness.SHORT,
                    "the facts under the board");
            ui.capture("boards-vboard.png", data -> true);
            ui.page.setPartState(ui.page.getReference(boardsView), IWorkbenchPage.STATE_RESTORED);

            // the default sequence, run on the board selected in the Boards view
            Files.deleteIfExists(ExperimentsLocation.defaultSequenceCopy());
            ui.fileMenuItem("Open Default Sequence");
            IEditorPart active = ui.page.getActiveEditor();
            assertTrue(active instanceof SequenceEditor, "the sequence editor opened: " + active);
            SequenceEditor editor = (SequenceEditor) active;
            editor.showSteps();
            UiWait.settle(ui.display);
            // QEMU's xHCI puts the stick where its speed says, not on the default's 2-1: the run's preflight and its
            // pull proof need the sequence to name the stick's device, as e2e-test.sh passes usb.device
            String device = stickDevice(registry, name);
            editor.apply(org.wqlab.sequence.edit.SequenceEdits.withVariable(editor.model().sequence(), "usb.device",
                    device));
            UiWait.settle(ui.display);
            ui.click(ui.toolItem(org.wqlab.ui.sequence.WidgetIds.RUN));
            SequenceRunJob job = UiWait.until(ui.display, editor::runJob, EditorHarness.SHORT, "the run to start");
            LiveSession live = UiWait.until(ui.display, job::liveSession, Duration.ofSeconds(60), "its live session");
            UiWait.until(ui.display, () -> editor.runJob() == null, RUN, "the run to end (" + editor.runSummary()
                    + ")");
            RunResult result = job.result();
            assertNotNull(result, editor.runSummary());
            if (result.status() != ExperimentStatus.COMPLETED) {
                fail(result.summary() + "\n" + guestSays(registry, name));
            }
            assertTrue(editor.runSummary().contains(name), "ran on " + editor.runSummary());
            Map<StepPath, StepOutcome> outcomes = editor.outcomes();
            assertEquals(org.wqlab.sequence.SequenceJson.defaultSequence().steps().size(), outcomes.size(),
                    "one outcome per step of the default sequence: " + outcomes);
            outcomes.forEach((p, o) -> assertEquals(StepOutcome.State.OK, o.state(), "step " + p + ": " + o));
            assertTrue(live.events().stream().anyMatch(e -> e.kind() == EventKind.USB_DISCONNECT),
                    "no USB disconnect in the run: " + live.events());
            assertTrue(live.stats().maxUs() >= 100_000, "no stall: the worst delay was " + live.stats().maxUs()
                    + " us");
            String kernelLog = Files.readString(result.folder().dir().resolve("kernel.log"));
            assertTrue(kernelLog.contains("USB disconnect") && kernelLog.contains("latency_mon: stop"), kernelLog);
            ui.capture("sequence-run-vboard.png", data -> true);
            ui.page.closeEditor(editor, false);

            ui.page.activate(boardsView);
            TreeRows.select(tree, TreeRows.named(tree, name));
            ui.click(ui.toolItem(org.wqlab.ui.boards.WidgetIds.STOP_VM));
            UiWait.until(ui.display, () -> ProcessHandle.of(running.pid()).map(h -> !h.isAlive()).orElse(true)
                    && !(VirtualBoardKind.hostOf(registry).state() instanceof VirtualBoardHost.State.Running), STOP,
                    "QEMU (pid " + running.pid() + ") to end");
            assertEquals("disconnected", registry.status(name).label());
            assertFalse(vm.running().isPresent(), "the run folder still names a running VM");
            UiWait.until(ui.display, () -> TreeRows.named(boards, name).getText(HOST_COLUMN).contains("stopped"),
                    EditorHarness.SHORT, "the VM shown stopped again");
        } finally {
            registry.removeListener(listener);
            if (vm.running().isPresent()) {
                registry.disconnect(name);
                VirtualBoardKind.hostOf(registry).stop(line -> {
                }); // so that the next test can boot its own
            }
            if (tree != null && !tree.isDisposed()) {
                tree.deselectAll(); // later runs go to the built-in board again
                tree.notifyListeners(SWT.Selection, new Event());
            }
        }
    }

    /** What the guest's kernel and dropbear said last, over a new connection: why a run on it ended early. */
    /** The stick's USB device path on the guest ({@code wqlab-stick device}, e.g. 1-1). */
    private static String stickDevice(BoardRegistry registry, String name) throws Exception {
        try (org.wqlab.target.BoardConnection c = registry.openConnection(name,
                org.wqlab.target.HostKeyPrompt.REFUSE)) {
            org.wqlab.target.ExecResult r = c.run(org.wqlab.target.Command.of("wqlab-stick").word("device"),
                    Duration.ofSeconds(30));
            String device = r.stdoutText().strip();
            assertTrue(r.succeeded() && device.matches("\\d+-[\\d.]+"), "wqlab-stick device: " + r.stdoutText()
                    + r.stderrText());
            return device;
        }
    }

    private static String guestSays(BoardRegistry registry, String name) {
        try (org.wqlab.target.BoardConnection c = registry.openConnection(name,
                org.wqlab.target.HostKeyPrompt.REFUSE)) {
            org.wqlab.target.ExecResult r = c.run(org.wqlab.target.Command.shellScript(
                    "uptime; dmesg | tail -n 40; echo '-- dropbear:'; tail -n 20 /var/log/dropbear.log"),
                    Duration.ofSeconds(30));
            return "the guest, asked again: " + r.stdoutText() + r.stderrText();
        } catch (Exception e) {
            return "the guest could not be asked again: " + e;
        }
    }
}
