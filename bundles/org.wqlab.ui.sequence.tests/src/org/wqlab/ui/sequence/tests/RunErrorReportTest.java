package org.wqlab.ui.sequence.tests;

import org.wqlab.ui.WorkbenchServices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.runtime.ILogListener;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.e4.ui.model.application.ui.basic.MPart;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IViewPart;
import org.junit.jupiter.api.Test;
import org.wqlab.boards.BoardRegistry;
import org.wqlab.boards.Boards;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.sequence.run.RunResult;
import org.wqlab.sequence.run.StepRecord;
import org.wqlab.target.AuthMethod;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.HostKeyPolicy;
import org.wqlab.target.SecretKind;
import org.wqlab.ui.ErrorReports;
import org.wqlab.ui.sequence.ExperimentsLocation;
import org.wqlab.ui.sequence.SequenceEditor;
import org.wqlab.ui.sequence.SequenceLauncher;
import org.wqlab.ui.sequence.SequenceRunJob;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * A run on a board that refuses the connection (a loopback port nothing listens on): the run fails with the reason,
 * every later step is "not run", no verdict; an error dialog says why with the steps under Details, and the Error
 * Log view has the same entry.
 */
class RunErrorReportTest {
    private static final Duration RUN = Duration.ofSeconds(60);
    private static final String BOARD = "refusing board";

    @Test
    void aRefusedConnectionOpensAnErrorDialogAndIsInTheErrorLog() throws Exception {
        EditorHarness ui = new EditorHarness();
        BoardRegistry registry = WorkbenchServices.get(Boards.class).registry();
        int port;
        try (ServerSocket nobody = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = nobody.getLocalPort();
        }
        registry.add(new BoardProfile(BOARD, "127.0.0.1", port, "root", AuthMethod.PASSWORD, null, null,
                HostKeyPolicy.REFUSE_UNKNOWN, null, null));
        // a password to log in with, so that the connection is tried (and refused) rather than the login skipped
        registry.putSecret(BOARD, SecretKind.PASSWORD, "unused".toCharArray());
        List<IStatus> logged = new CopyOnWriteArrayList<>();
        ILogListener listener = (status, plugin) -> logged.add(status);
        Platform.addLogListener(listener);
        Shell dialog = null;
        // the test harness runs JFace in automated mode, where an ErrorDialog only logs; a person sees the dialog
        boolean automated = ErrorDialog.AUTOMATED_MODE;
        ErrorDialog.AUTOMATED_MODE = false;
        try {
            Files.deleteIfExists(ExperimentsLocation.defaultSequenceCopy());
            ui.fileMenuItem("Open Default Sequence");
            SequenceEditor editor = (SequenceEditor) ui.page.getActiveEditor();
            SequenceRunJob job = SequenceLauncher.run(editor, ui.window, BOARD);
            assertNotNull(job, "the run started");
            UiWait.until(ui.display, () -> editor.runJob() == null, RUN, "the run to end (" + editor.runSummary() + ")");

            RunResult result = job.result();
            assertNotNull(result, editor.runSummary());
            assertEquals(ExperimentStatus.FAILED, result.status(), result.summary());
            assertTrue(result.summary().startsWith("connect failed: "), result.summary());
            assertTrue(result.summary().toLowerCase(Locale.ROOT).contains("connection refused"), result.summary());
            List<String> outcomes = result.steps().stream().map(StepRecord::outcome).toList();
            assertEquals(StepRecord.FAILED, outcomes.get(0), outcomes.toString());
            assertTrue(outcomes.size() > 1 && outcomes.subList(1, outcomes.size()).stream()
                    .allMatch(StepRecord.NOT_RUN::equals), "every later step not run: " + outcomes);
            assertFalse(Files.exists(result.folder().dir().resolve("analysis.json")), "no verdict without a run");

            Shell shown = UiWait.until(ui.display, () -> shell(ui, "Run Sequence"), RUN, "the error dialog");
            dialog = shown;
            String text = String.join("\n", texts(shown, Label.class));
            assertTrue(text.contains("' failed on " + BOARD + ": connect failed: "), text);
            assertTrue(text.toLowerCase(Locale.ROOT).contains("connection refused"), text);
            Button details = buttons(shown).stream().filter(b -> b.getText().replace("&", "").startsWith("Details"))
                    .findFirst().orElseThrow(() -> new AssertionError("no Details button"));
            ui.click(details);
            List<String> lines = UiWait.until(ui.display, () -> detailLines(shown), Duration.ofSeconds(10),
                    "the Details list");
            assertTrue(lines.stream().anyMatch(l -> l.contains("(connect): failed")), lines.toString());
            assertTrue(lines.stream().anyMatch(l -> l.contains(": not run")), lines.toString());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("experiment: ")), lines.toString());
            Screenshots.capture(shown, Screenshots.directory().resolve("run-error-dialog.png"));
            shown.close();
            dialog = null;

            IStatus entry = logged.stream().filter(s -> s.getMessage().contains("connect failed: ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no platform log entry: " + logged));
            assertEquals(IStatus.ERROR, entry.getSeverity());
            assertEquals("org.wqlab.ui.sequence", entry.getPlugin());
            String expected = "The sequence '" + editor.model().sequence().name() + "' failed on " + BOARD;
            assertTrue(entry.getMessage().startsWith(expected), entry.getMessage());

            assertTrue(List.of(ui.page.getShowViewShortcuts()).contains(ErrorReports.ERROR_LOG_VIEW),
                    "Window > Show View offers the Error Log");
            IViewPart errorLog = ui.page.showView(ErrorReports.ERROR_LOG_VIEW);
            Tree entries = UiWait.until(ui.display, () -> first(errorLog, Tree.class), Duration.ofSeconds(10),
                    "the Error Log's table");
            String row = UiWait.until(ui.display, () -> rowWith(entries, "connect failed: "), Duration.ofSeconds(20),
                    "the Error Log to show the failed run");
            assertTrue(row.contains("' failed on " + BOARD + ": connect failed: "), row);
            ui.capture("error-log.png", data -> true);
            ui.page.hideView(errorLog);
            ui.page.closeEditor(editor, false);
        } finally {
            if (dialog != null && !dialog.isDisposed()) {
                dialog.close();
            }
            ErrorDialog.AUTOMATED_MODE = automated;
            Platform.removeLogListener(listener);
            registry.remove(BOARD);
        }
    }

    private static Shell shell(EditorHarness ui, String title) {
        return Arrays.stream(ui.display.getShells()).filter(s -> !s.isDisposed() && s.isVisible()
                && title.equals(s.getText())).findFirst().orElse(null);
    }

    private static List<String> detailLines(Shell dialog) {
        List<org.eclipse.swt.widgets.List> lists = all(dialog, org.eclipse.swt.widgets.List.class);
        return lists.isEmpty() || lists.get(0).getItemCount() == 0 ? null
                : Arrays.stream(lists.get(0).getItems()).map(String::strip).toList();
    }

    private static String rowWith(Tree tree, String text) {
        for (TreeItem item : tree.getItems()) {
            for (int col = 0; col < Math.max(1, tree.getColumnCount()); col++) {
                if (item.getText(col).contains(text)) {
                    return item.getText(col);
                }
            }
        }
        return null;
    }

    private static List<String> texts(Control root, Class<Label> type) {
        return all(root, type).stream().map(Label::getText).toList();
    }

    private static List<Button> buttons(Control root) {
        return all(root, Button.class);
    }

    /** The first control of a type in a view: below the widget of its model element. */
    private static <T extends Control> T first(IViewPart view, Class<T> type) {
        MPart model = view.getSite().getService(MPart.class);
        if (model == null || !(model.getWidget() instanceof Control root)) {
            return null;
        }
        List<T> found = all(root, type);
        return found.isEmpty() ? null : found.get(0);
    }

    private static <T extends Control> List<T> all(Control root, Class<T> type) {
        List<T> out = new ArrayList<>();
        collect(root, type, out);
        return out;
    }

    private static <T extends Control> void collect(Control c, Class<T> type, List<T> out) {
        if (c.isDisposed()) {
            return;
        }
        if (type.isInstance(c)) {
            out.add(type.cast(c));
        }
        if (c instanceof Composite comp) {
            for (Control child : comp.getChildren()) {
                collect(child, type, out);
            }
        }
    }
}
