package org.wqlab.ui.experiments;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPartSite;
import org.eclipse.ui.PartInitException;
import org.wqlab.ui.WorkbenchServices;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentChanges;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.ui.experiments.compare.CompareEditorInput;
import org.wqlab.ui.experiments.editor.ExperimentEditorInput;
import org.wqlab.ui.experiments.export.ExportActions;
import org.wqlab.ui.experiments.model.ExperimentCatalog;
import org.wqlab.analysis.experiments.ExperimentSummary;

/**
 * What the Experiments view's commands do to its selection. Changes run in Jobs; the catalog re-scans after them.
 */
final class ExperimentActions {
    private final IWorkbenchPartSite site;
    private final Supplier<List<ExperimentSummary>> selection;

    ExperimentActions(IWorkbenchPartSite site, Supplier<List<ExperimentSummary>> selection) {
        this.site = site;
        this.selection = selection;
    }

    /** Whether {@code command} can act on the selection now; what its handler's enablement says. */
    boolean canRun(ExperimentCommand command) {
        List<ExperimentSummary> s = selection.get();
        return switch (command) {
            case OPEN, DELETE, EXPORT_CSV, EXPORT_SVG -> !s.isEmpty();
            case COMPARE -> s.stream().filter(ExperimentSummary::loaded).count() >= 2;
            case RENAME, NOTES -> s.size() == 1 && s.get(0).loaded();
            case SET_BASELINE -> s.size() == 1 && s.get(0).figures() != null && !s.get(0).board().isEmpty()
                    && (s.get(0).baseline() == null || !s.get(0).baseline().isBaseline());
            case CLEAR_BASELINE -> s.size() == 1 && s.get(0).baseline() != null;
            case EXPORT_HTML, EXPORT_TEXT -> s.stream().anyMatch(ExperimentSummary::loaded);
            case REFRESH -> true;
        };
    }

    void run(ExperimentCommand command) {
        switch (command) {
            case OPEN -> openEditors(site, selection.get());
            case COMPARE -> openCompare(site, selection.get());
            case RENAME -> renameSelected();
            case NOTES -> editNotes();
            case DELETE -> deleteSelected();
            case SET_BASELINE -> baseline(true);
            case CLEAR_BASELINE -> baseline(false);
            case EXPORT_CSV -> ExportActions.exportCsv(shell(), selection.get());
            case EXPORT_SVG -> ExportActions.exportSvg(shell(), selection.get());
            case EXPORT_HTML -> ExportActions.exportHtml(shell(), selection.get());
            case EXPORT_TEXT -> ExportActions.exportText(shell(), selection.get());
            case REFRESH -> WorkbenchServices.get(ExperimentCatalog.class).refresh();
        }
    }

    static void openEditors(IWorkbenchPartSite site, List<ExperimentSummary> experiments) {
        for (ExperimentSummary s : experiments) {
            try {
                site.getPage().openEditor(new ExperimentEditorInput(s.dir(), s.name()), ExperimentIds.EDITOR);
            } catch (PartInitException e) {
                MessageDialog.openError(site.getShell(), "Open experiment", s.dir() + ": " + e.getMessage());
            }
        }
    }

    static void openCompare(IWorkbenchPartSite site, List<ExperimentSummary> experiments) {
        List<Path> dirs = experiments.stream().filter(ExperimentSummary::loaded).map(ExperimentSummary::dir).toList();
        if (dirs.size() < 2) {
            return;
        }
        try {
            site.getPage().openEditor(new CompareEditorInput(dirs), ExperimentIds.COMPARE_EDITOR);
        } catch (PartInitException e) {
            MessageDialog.openError(site.getShell(), "Compare experiments", e.getMessage());
        }
    }

    private Shell shell() {
        return site.getShell();
    }

    private void renameSelected() {
        List<ExperimentSummary> s = selection.get();
        if (s.size() != 1) {
            return;
        }
        ExperimentSummary e = s.get(0);
        InputDialog d = new InputDialog(shell(), "Rename experiment", "New name of " + e.id() + ":", e.name(),
                text -> text.isBlank() ? "An experiment needs a non-blank name" : null);
        if (d.open() == Window.OK) {
            String name = d.getValue();
            change("Renaming " + e.id(), () -> ExperimentChanges.rename(new ExperimentFolder(e.dir()), name));
        }
    }

    private void editNotes() {
        List<ExperimentSummary> s = selection.get();
        if (s.size() != 1) {
            return;
        }
        ExperimentSummary e = s.get(0);
        NotesDialog d = new NotesDialog(shell(), e.name(), e.notes());
        if (d.open() == Window.OK) {
            String text = d.notes();
            change("Saving the notes of " + e.id(), () -> ExperimentChanges.writeNotes(new ExperimentFolder(e.dir()), text));
        }
    }

    private void baseline(boolean set) {
        List<ExperimentSummary> s = selection.get();
        if (s.size() != 1) {
            return;
        }
        ExperimentSummary e = s.get(0);
        ExperimentCatalog catalog = WorkbenchServices.get(ExperimentCatalog.class);
        change((set ? "Setting " : "Clearing ") + "the baseline of " + e.board(), () -> {
            if (set) {
                catalog.setBaseline(e);
            } else {
                catalog.clearBaseline(e);
            }
            return null;
        });
    }

    private void deleteSelected() {
        List<ExperimentSummary> s = selection.get();
        if (s.isEmpty()) {
            return;
        }
        StringBuilder names = new StringBuilder();
        for (ExperimentSummary e : s) {
            names.append("\n  ").append(e.name()).append("  (").append(e.dir()).append(')');
        }
        boolean ok = MessageDialog.openConfirm(shell(), "Delete experiments",
                "Delete " + s.size() + " experiment" + (s.size() == 1 ? "" : "s")
                        + " and their recorded logs from disk? This cannot be undone." + names);
        if (!ok) {
            return;
        }
        List<ExperimentSummary> doomed = new ArrayList<>(s);
        change("Deleting experiments", () -> {
            for (ExperimentSummary e : doomed) {
                ExperimentChanges.delete(new ExperimentFolder(e.dir()));
            }
            return null;
        });
    }

    interface Change {
        Object run() throws IOException, InputException;
    }

    static void change(String name, Change change) {
        Job job = Job.create(name, monitor -> {
            try {
                change.run();
                return Status.OK_STATUS;
            } catch (IOException | InputException e) {
                return Status.error(name + ": " + e.getMessage(), e);
            } finally {
                WorkbenchServices.get(ExperimentCatalog.class).refresh();
            }
        });
        job.setUser(true);
        job.schedule();
    }

}
