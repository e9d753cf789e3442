package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.core.commands.Command;
import org.eclipse.core.commands.ParameterizedCommand;
import org.eclipse.core.expressions.EvaluationResult;
import org.eclipse.core.expressions.Expression;
import org.eclipse.core.expressions.ExpressionConverter;
import org.eclipse.core.expressions.IEvaluationContext;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.bindings.Binding;
import org.eclipse.jface.bindings.TriggerSequence;
import org.eclipse.jface.bindings.keys.KeyBinding;
import org.eclipse.jface.bindings.keys.KeySequence;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.keys.IBindingService;
import org.eclipse.ui.services.IEvaluationService;
import org.junit.jupiter.api.Test;
import org.wqlab.ui.WqlabContext;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.RunCommands;
import org.wqlab.ui.sequence.RunHistory;
import org.wqlab.ui.sequence.RunHistoryItems;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.testing.QuickAccess;
import org.wqlab.ui.testing.UiWait;

/**
 * Running the Eclipse way, under Xvfb: wqlab's actions are commands in the Latency Lab category that Quick Access
 * finds and Preferences > Keys can rebind; Ctrl+F11 in the sequence editor starts a run and Run > Cancel Run stops
 * it; the Run menu and the main toolbar's Run drop-down hold the run commands and the last sequence run.
 */
class RunCommandsTest {
    private static final Duration RUN_START = Duration.ofSeconds(60);

    @Test
    void everyWqlabCommandIsHandledAndFoundByQuickAccess() throws Exception {
        EditorHarness ui = new EditorHarness();
        List<Command> commands = wqlabCommands(ui);
        List<String> ids = commands.stream().map(Command::getId).toList();
        assertTrue(ids.containsAll(List.of(RunCommands.RUN, RunCommands.RUN_ON, RunCommands.CANCEL,
                "org.wqlab.ui.sequence.openDefault")), "the run commands are in the Latency Lab category: " + ids);
        List<String> disabled = new ArrayList<>();
        for (Command c : commands) {
            assertTrue(c.isHandled(), c.getId() + " has a handler");
            assertFalse(c.getName().isBlank(), c.getId() + " has a name");
            assertFalse(c.getDescription() == null || c.getDescription().isBlank(), c.getId() + " is described");
            if (c.isEnabled()) {
                assertTrue(quickAccessFinds(ui, c.getName()), "Quick Access finds '" + c.getName() + "'");
            } else {
                disabled.add(c.getId());
            }
        }
        // Quick Access offers only what can be done now: Cancel Run while a run goes on (the Ctrl+F11 test)
        assertEquals(List.of(RunCommands.CANCEL), disabled, "only Cancel Run is disabled with no run going on");
    }

    @Test
    void everyWqlabCommandOfEveryViewIsInAWqlabCategoryHandledAndDescribed() throws Exception {
        EditorHarness ui = new EditorHarness();
        List<String> uncategorised = new ArrayList<>();
        List<String> waitingForASelection = new ArrayList<>();
        int found = 0;
        for (Command c : ui.window.getService(ICommandService.class).getDefinedCommands()) {
            if (!c.getId().startsWith("org.wqlab.")) {
                continue;
            }
            if (c.getCategory() == null || !c.getCategory().getId().startsWith("org.wqlab.ui")) {
                uncategorised.add(c.getId());
                continue;
            }
            assertTrue(c.isHandled(), c.getId() + " has a handler");
            assertFalse(c.getName().isBlank(), c.getId() + " has a name");
            assertFalse(c.getDescription() == null || c.getDescription().isBlank(), c.getId() + " is described");
            if (c.isEnabled()) {
                assertTrue(quickAccessFinds(ui, c.getName()), "Quick Access finds '" + c.getName() + "'");
                found++;
            } else {
                waitingForASelection.add(c.getCategory().getId() + " " + c.getId());
            }
        }
        assertEquals(List.of(), uncategorised, "every wqlab command is in a wqlab category (Keys page, Quick Access)");
        assertTrue(found > 10, "most commands are found right away: " + found);
        // the rest act on a view's selection or a live session; the views' command tests select, then find them
        for (String c : waitingForASelection) {
            assertTrue(c.startsWith("org.wqlab.ui.boards.commands ") || c.startsWith("org.wqlab.ui.experiments.commands ")
                    || c.startsWith("org.wqlab.ui.plot.commands ") || c.endsWith(" " + RunCommands.CANCEL), c);
        }
    }

    @Test
    void ctrlF11RunsTheActiveSequenceAndCancelRunStopsIt() throws Exception {
        EditorHarness ui = new EditorHarness();
        Files.deleteIfExists(ExperimentsLocation.defaultSequenceCopy());
        ui.fileMenuItem("Open Default Sequence");
        SequenceEditor editor = (SequenceEditor) ui.page.getActiveEditor();
        assertNotNull(editor, "the default sequence opened");
        ui.page.activate(editor);
        UiWait.settle(ui.display);

        assertEquals("Ctrl+F11", binding(ui, RunCommands.RUN).map(TriggerSequence::format).orElse("none"),
                "Run Sequence is bound to Ctrl+F11 while a wqlab part is active");
        ui.pressCtrlF11();
        SequenceRunJob job = UiWait.until(ui.display, editor::runJob, RUN_START, "Ctrl+F11 to start the run");
        UiWait.until(ui.display,
                () -> ui.window.getService(ICommandService.class).getCommand(RunCommands.CANCEL).isEnabled(),
                Duration.ofSeconds(10), "Cancel Run to be enabled while the run goes on");
        assertTrue(quickAccessFinds(ui, "Cancel Run"), "Quick Access finds Cancel Run while the run goes on");
        assertEquals(ExperimentsLocation.defaultSequenceCopy().toAbsolutePath().normalize(),
                RunHistory.files().get(0), "the run is the newest in the run history");

        ToolItem runButton = ui.toolItem(RunCommands.RUN_DROP_DOWN);
        assertTrue((runButton.getStyle() & SWT.DROP_DOWN) != 0, "the main toolbar's Run is a drop-down");
        UiWait.until(ui.display, () -> tooltipNamesBoard(runButton), Duration.ofSeconds(10),
                "the Run button's tooltip to name the board: " + runButton.getToolTipText());

        List<String> runMenu = ui.menuItems("Run");
        assertTrue(runMenu.containsAll(List.of("Run Sequence", "Run Sequence On...", "Cancel Run")),
                "the Run menu: " + runMenu);
        assertTrue(runMenu.stream().anyMatch(t -> t.contains("default.wqseq")),
                "the Run menu lists the sequence run last: " + runMenu);

        // cancelled while it runs (a run cancelled before a worker took it records nothing: the test below)
        UiWait.until(ui.display, () -> job.getState() == Job.RUNNING, RUN_START, "the run to be running");
        ui.execute(RunCommands.CANCEL);
        UiWait.until(ui.display, () -> editor.runJob() == null, RUN_START, "the cancelled run to end");
        assertNotNull(job.result(), "the cancelled run still ends with a result: " + editor.runSummary());
        UiWait.until(ui.display,
                () -> !ui.window.getService(ICommandService.class).getCommand(RunCommands.CANCEL).isEnabled(),
                Duration.ofSeconds(10), "Cancel Run to be disabled again");

        // the run history's items are Run Sequence File with the file as parameter; executing the first runs it
        Path newest = RunHistory.files().get(0);
        ParameterizedCommand again = RunHistoryItems.items(ui.window).get(0).getCommand();
        assertEquals(RunCommands.RUN_FILE, again.getId());
        assertEquals(Map.of(RunCommands.RUN_FILE_PATH, newest.toString()), again.getParameterMap(),
                "the newest history item names the file run last");
        ui.window.getService(IHandlerService.class).executeCommand(again, null);
        SequenceRunJob rerun = UiWait.until(ui.display, editor::runJob, RUN_START, "Run Sequence File to start a run");
        assertEquals(newest, RunHistory.files().get(0), "the file run again is still the newest");
        UiWait.until(ui.display, () -> rerun.getState() == Job.RUNNING, RUN_START, "the run to be running");
        ui.execute(RunCommands.CANCEL);
        UiWait.until(ui.display, () -> editor.runJob() == null, RUN_START, "the second cancelled run to end");
        assertNotNull(rerun.result(), editor.runSummary());
        ui.page.closeEditor(editor, false);
    }

    @Test
    void aRunCancelledBeforeItStartedFreesTheEditor() throws Exception {
        EditorHarness ui = new EditorHarness();
        Files.deleteIfExists(ExperimentsLocation.defaultSequenceCopy());
        ui.fileMenuItem("Open Default Sequence");
        SequenceEditor editor = (SequenceEditor) ui.page.getActiveEditor();
        // a suspended job manager starts no job, so the run is surely cancelled before a worker thread takes it
        org.eclipse.core.runtime.jobs.Job.getJobManager().suspend();
        SequenceRunJob job;
        try {
            job = SequenceRunJob.start(editor, ui.window);
            assertNotNull(job, "no run goes on, so a run starts");
            assertTrue(job.sleep(), "a waiting run can be held");
            job.cancel();
        } finally {
            org.eclipse.core.runtime.jobs.Job.getJobManager().resume();
        }
        UiWait.until(ui.display, () -> editor.runJob() == null, RUN_START, "the cancelled run to free the editor");
        assertEquals(null, job.result(), "nothing ran");
        assertTrue(editor.runSummary().startsWith("cancelled before it started"), editor.runSummary());
        assertNotNull(SequenceRunJob.start(editor, ui.window), "the editor runs again");
        ui.execute(RunCommands.CANCEL);
        UiWait.until(ui.display, () -> editor.runJob() == null, RUN_START, "the last run to end");
        ui.page.closeEditor(editor, false);
    }

    /**
     * Cancel Run's handler is declared with an enabledWhen on a property tester that the workbench does not load
     * for it: before this bundle is loaded the expression is false (the tester is not loaded), after it false too
     * while no run goes on. Only this handler serves the command (no default handler that would enable it).
     */
    @Test
    void cancelRunIsDisabledByItsDeclarationUntilARunGoesOn() throws Exception {
        EditorHarness ui = new EditorHarness();
        IConfigurationElement handler = Arrays.stream(Platform.getExtensionRegistry()
                .getConfigurationElementsFor("org.eclipse.ui.handlers"))
                .filter(e -> RunCommands.CANCEL.equals(e.getAttribute("commandId"))).findFirst()
                .orElseThrow(() -> new AssertionError("no handler declared for Cancel Run"));
        IConfigurationElement[] enabledWhen = handler.getChildren("enabledWhen");
        assertEquals(1, enabledWhen.length, "Cancel Run's handler has an enabledWhen");
        IConfigurationElement test = enabledWhen[0].getChildren("test")[0];
        assertEquals("org.wqlab.ui.sequence.runGoingOn", test.getAttribute("property"));
        assertEquals("false", test.getAttribute("forcePluginActivation"),
                "the expression must not load the bundle to answer");
        Arrays.stream(Platform.getExtensionRegistry().getConfigurationElementsFor("org.eclipse.ui.commands"))
                .filter(e -> RunCommands.CANCEL.equals(e.getAttribute("id"))).forEach(command -> assertEquals(null,
                        command.getAttribute("defaultHandler"), "Cancel Run has no default handler"));

        Expression expression = ExpressionConverter.getDefault().perform(enabledWhen[0].getChildren()[0]);
        IEvaluationContext state = ui.window.getService(IEvaluationService.class).getCurrentState();
        assertEquals(EvaluationResult.FALSE, expression.evaluate(state), "no run goes on");
        java.util.concurrent.CountDownLatch end = new java.util.concurrent.CountDownLatch(1);
        Job run = new Job("a run") {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                try {
                    end.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Status.OK_STATUS;
            }

            @Override
            public boolean belongsTo(Object family) {
                return family == SequenceRunJob.FAMILY;
            }
        };
        run.schedule();
        try {
            assertEquals(EvaluationResult.TRUE, expression.evaluate(state), "a run goes on");
        } finally {
            end.countDown();
            run.join();
        }
        assertEquals(EvaluationResult.FALSE, expression.evaluate(state), "the run ended");
        assertFalse(ui.window.getService(ICommandService.class).getCommand(RunCommands.CANCEL).isEnabled(),
                "Cancel Run is disabled with no run going on");
    }

    @Test
    void keysPreferencesRebindRunSequence() throws Exception {
        EditorHarness ui = new EditorHarness();
        IBindingService bindings = ui.window.getService(IBindingService.class);
        ICommandService commands = ui.window.getService(ICommandService.class);
        KeySequence newKey = KeySequence.getInstance("M1+M3+R");
        ParameterizedCommand run = new ParameterizedCommand(commands.getCommand(RunCommands.RUN), null);
        List<Binding> all = new ArrayList<>(Arrays.asList(bindings.getBindings()));
        all.add(new KeyBinding(newKey, run, bindings.getActiveScheme().getId(), WqlabContext.ID, null, null, null,
                Binding.USER));
        // what Preferences > Keys does on Apply: the user's bindings saved with the active scheme
        bindings.savePreferences(bindings.getActiveScheme(), all.toArray(Binding[]::new));
        try {
            assertTrue(Arrays.stream(bindings.getBindings()).anyMatch(b -> b.getType() == Binding.USER
                    && newKey.equals(b.getTriggerSequence()) && b.getParameterizedCommand() != null
                    && RunCommands.RUN.equals(b.getParameterizedCommand().getId())
                    && WqlabContext.ID.equals(b.getContextId())), "the new key is bound to Run Sequence");
        } finally {
            List<Binding> restored = Arrays.stream(bindings.getBindings()).filter(b -> b.getType() != Binding.USER)
                    .toList();
            bindings.savePreferences(bindings.getActiveScheme(), restored.toArray(Binding[]::new));
        }
    }

    private static List<Command> wqlabCommands(EditorHarness ui) throws Exception {
        List<Command> out = new ArrayList<>();
        for (Command c : ui.window.getService(ICommandService.class).getDefinedCommands()) {
            if (c.getCategory() != null && WqlabContext.COMMAND_CATEGORY.equals(c.getCategory().getId())) {
                out.add(c);
            }
        }
        return out;
    }

    /** Opens Quick Access (Ctrl+3), types the name and looks for it among the proposals; closes it again. */
    private static boolean quickAccessFinds(EditorHarness ui, String name) {
        QuickAccess.proposals(ui.display, ui.shell, () -> {
            try {
                ui.execute("org.eclipse.ui.window.quickAccess");
            } catch (Exception e) {
                throw new IllegalStateException("Quick Access did not open", e);
            }
        }, name, name);
        return true;
    }

    private static Optional<TriggerSequence> binding(EditorHarness ui, String commandId) {
        return Optional.ofNullable(ui.window.getService(IBindingService.class).getBestActiveBindingFor(commandId));
    }

    private static boolean tooltipNamesBoard(ToolItem item) {
        String tip = item.getToolTipText();
        return tip != null && tip.contains("Simulated R-Car H3");
    }
}
