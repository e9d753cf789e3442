package org.wqlab.ui.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IProject;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.junit.jupiter.api.Test;
import org.wqlab.analysis.experiments.ExperimentSummary;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentChanges;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;
import org.wqlab.limits.Limit;
import org.wqlab.limits.LimitName;
import org.wqlab.limits.Limits;
import org.wqlab.limits.LimitsJson;
import org.wqlab.limits.Outcome.Status;
import org.wqlab.ui.ViewIds;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.ui.experiments.editor.ExperimentEditor;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.ui.experiments.model.ExperimentProjects;
import org.wqlab.ui.testing.UiWait;

/**
 * Under Xvfb: the Experiments view shows each run's outcome against its limits (pass, warn, fail, in their colours)
 * and, once one run is made its board's baseline through the command, every other run's change against it; the
 * experiment editor shows the outcome above the verdict and in its banner.
 */
class LimitsAndBaselineTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String BOARD = "limits-test-board";

    private static String log(long worstMs) {
        return """
                6,500,4200000,-;latency_mon: start cpu=0 period_ms=100 threshold_ms=9 report_all=0
                6,501,288408001,-;usb 2-1: USB disconnect, device number 2
                2,503,290337837,-;DELAY: %d
                2,505,295000000,-;DELAY: 12
                """.formatted(worstMs);
    }

    private static ExperimentFolder experiment(Workspace ws, String name, long worstMs, Limit limit)
            throws Exception {
        ExperimentFolder folder = ws.create(name, Instant.now());
        Files.writeString(folder.kernelLog(), log(worstMs), StandardCharsets.UTF_8);
        LimitsJson.write(folder.dir(), Limits.of(limit));
        folder.writeMetadata(ExperimentMetadata.of(folder.id(), name, Instant.now(), ExperimentStatus.COMPLETED)
                .withBoardFacts(Map.of("board", BOARD)));
        return folder;
    }

    @Test
    void theOutcomeAndTheChangeAgainstTheBaselineShow() throws Exception {
        IWorkbench workbench = PlatformUI.getWorkbench();
        Display display = workbench.getDisplay();
        IWorkbenchWindow window = UiWait.until(display, workbench::getActiveWorkbenchWindow, WAIT, "the window");
        window.getActivePage().closeAllEditors(false);
        ExperimentsView view = (ExperimentsView) window.getActivePage().showView(ViewIds.EXPERIMENTS);
        IProject project = UiWait.until(display, () -> ExperimentProjects.projects().stream().findFirst().orElse(null),
                WAIT, "the wqlab project");
        Workspace ws = ExperimentProjects.workspaceOf(project);
        LimitName worst = LimitName.WORST_AFTER_DISCONNECT;
        ExperimentFolder failed = experiment(ws, "limits fail", 1929, Limit.hard(worst, 1000));
        ExperimentFolder warned = experiment(ws, "limits warn", 900, new Limit(worst, 500.0, 5000.0, null));
        ExperimentFolder passed = experiment(ws, "limits pass", 600, Limit.hard(worst, 10_000));
        List<ExperimentFolder> all = List.of(failed, warned, passed);
        try {
            WorkbenchServices.get(ExperimentCatalog.class).refresh();
            for (ExperimentFolder f : all) {
                UiWait.until(display, () -> row(view, f), WAIT, f.id() + " in the Experiments view");
            }
            assertEquals("fail", ExperimentColumn.LIMITS.text(row(view, failed)));
            assertEquals("warn", ExperimentColumn.LIMITS.text(row(view, warned)));
            assertEquals("pass", ExperimentColumn.LIMITS.text(row(view, passed)));
            assertEquals(rgb(display, Status.FAIL), cellColour(view, failed, ExperimentColumn.LIMITS));
            assertEquals(rgb(display, Status.PASS), cellColour(view, passed, ExperimentColumn.LIMITS));
            assertTrue(LimitsText.toolTip(row(view, failed)).startsWith("worst.after.disconnect.ms fail: "),
                    LimitsText.toolTip(row(view, failed)));
            assertEquals("", ExperimentColumn.BASELINE.text(row(view, failed)), "no baseline yet");

            view.viewer().setSelection(new StructuredSelection(row(view, passed)), true);
            window.getService(IHandlerService.class).executeCommand(ExperimentCommand.SET_BASELINE.id(), null);
            UiWait.until(display, () -> row(view, passed).baseline() != null ? true : null, WAIT,
                    "the baseline to show");
            assertEquals("baseline", ExperimentColumn.BASELINE.text(row(view, passed)));
            // 1929 vs 600 ms: +222 %; 900 vs 600 ms: +50 %
            assertEquals("+222 % worst, regressed", ExperimentColumn.BASELINE.text(row(view, failed)));
            assertEquals("+50 % worst, regressed", ExperimentColumn.BASELINE.text(row(view, warned)));
            assertEquals(rgb(display, Status.FAIL), cellColour(view, failed, ExperimentColumn.BASELINE));

            ExperimentEditor editor = (ExperimentEditor) window.getActivePage().openEditor(
                    new ExperimentEditorInput(failed.dir(), "limits fail"), ExperimentIds.EDITOR);
            Label limits = UiWait.until(display, () -> {
                Label l = limitsRow(editor);
                return l != null && l.isVisible() ? l : null;
            }, WAIT, "the editor's limits row");
            assertTrue(limits.getText().startsWith("Limits: FAIL\nworst.after.disconnect.ms fail: "),
                    limits.getText());
            assertEquals(rgb(display, Status.FAIL), limits.getForeground().getRGB());

            view.viewer().setSelection(new StructuredSelection(row(view, warned)), true);
            window.getService(IHandlerService.class).executeCommand(ExperimentCommand.CLEAR_BASELINE.id(), null);
            UiWait.until(display, () -> row(view, passed).baseline() == null ? true : null, WAIT,
                    "the board's baseline to go");
        } finally {
            window.getActivePage().closeAllEditors(false);
            for (ExperimentFolder f : all) {
                ExperimentChanges.delete(f);
            }
            WorkbenchServices.get(ExperimentCatalog.class).refresh();
            UiWait.until(display, () -> all.stream().allMatch(f -> row(view, f) == null) ? true : null, WAIT,
                    "the test's experiments to leave the view");
        }
    }

    /** The limits row stands above the verdict, in the column beside the plot. */
    private static Label limitsRow(ExperimentEditor editor) {
        for (Control c : editor.verdict().getParent().getParent().getChildren()) {
            if (c instanceof Label l && ExperimentIds.EDITOR_LIMITS.equals(l.getData(ExperimentIds.KEY))) {
                return l;
            }
        }
        return null;
    }

    private static RGB rgb(Display display, Status status) {
        return OutcomeColors.of(display, status).getRGB();
    }

    private static RGB cellColour(ExperimentsView view, ExperimentFolder f, ExperimentColumn column) {
        for (TableItem item : view.viewer().getTable().getItems()) {
            if (item.getData() instanceof ExperimentSummary s && s.dir().equals(f.dir())) {
                return item.getForeground(column.ordinal()).getRGB();
            }
        }
        throw new AssertionError(f.id() + " is not in the table");
    }

    private static ExperimentSummary row(ExperimentsView view, ExperimentFolder f) {
        if (view.viewer().getInput() instanceof List<?> rows) {
            for (Object o : rows) {
                if (o instanceof ExperimentSummary s && s.dir().equals(f.dir()) && s.loaded()) {
                    return s;
                }
            }
        }
        return null;
    }
}
