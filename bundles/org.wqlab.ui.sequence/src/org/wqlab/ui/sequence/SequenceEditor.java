package org.wqlab.ui.sequence;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.commands.operations.IUndoContext;
import org.eclipse.core.commands.operations.OperationHistoryFactory;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IURIEditorInput;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.forms.editor.FormEditor;
import org.eclipse.ui.operations.RedoActionHandler;
import org.eclipse.ui.operations.UndoActionHandler;
import org.wqlab.sequence.edit.SequenceModel;
import org.wqlab.sequence.edit.StepPath;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;

/**
 * The {@code .wqseq} editor: a Steps form page and a Source page over one document. Form edits are written into the
 * document as the file's stable JSON layout (the smallest replacement), so dirty state, save and undo/redo are the
 * document's for both pages; source edits are parsed again and the form follows.
 */
public final class SequenceEditor extends FormEditor {

    public static final String ID = "org.wqlab.ui.sequence.editor";
    static final int REPARSE_DELAY_MS = 250;

    private SourcePage source;
    private StepsPage steps;
    private SequenceModel model;
    private int sourcePageIndex;
    private int documentGeneration;
    private int parsedGeneration = -1;
    private final List<Runnable> modelListeners = new CopyOnWriteArrayList<>();
    private final Map<StepPath, StepOutcome> outcomes = new ConcurrentHashMap<>();
    private final List<Runnable> outcomeListeners = new CopyOnWriteArrayList<>();
    private UndoActionHandler undo;
    private RedoActionHandler redo;
    /** Its runs going on, oldest first (one per board); the form shows the newest one's steps. */
    private final List<SequenceRunJob> runs = new CopyOnWriteArrayList<>();
    private volatile String runSummary = "";

    private final IDocumentListener documentListener = new IDocumentListener() {
        @Override
        public void documentAboutToBeChanged(DocumentEvent event) {
        }

        @Override
        public void documentChanged(DocumentEvent event) {
            int generation = ++documentGeneration;
            if (getContainer() != null && !getContainer().isDisposed()) {
                getContainer().getDisplay().timerExec(REPARSE_DELAY_MS, () -> {
                    if (generation == documentGeneration && parsedGeneration != generation) {
                        reparse();
                    }
                });
            }
        }
    };

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        super.init(site, input);
        setPartName(input.getName());
        org.wqlab.ui.WqlabContext.activateIn(site);
    }

    @Override
    protected void addPages() {
        try {
            steps = new StepsPage(this);
            addPage(steps);
            source = new SourcePage();
            sourcePageIndex = addPage(source, getEditorInput());
            setPageText(sourcePageIndex, "Source");
        } catch (PartInitException e) {
            throw new IllegalStateException("cannot open the source page of " + getEditorInput().getName(), e);
        }
        document().addDocumentListener(documentListener);
        reparse();
    }

    @Override
    public void dispose() {
        if (source != null && document() != null) {
            document().removeDocumentListener(documentListener);
        }
        if (undo != null) {
            undo.dispose();
            redo.dispose();
        }
        super.dispose();
    }

    public IDocument document() {
        return source.document();
    }

    public SourcePage sourcePage() {
        return source;
    }

    public StepsPage stepsPage() {
        return steps;
    }

    public int sourcePageIndex() {
        return sourcePageIndex;
    }

    public void showSteps() {
        setActivePage(0);
    }

    public void showSource() {
        setActivePage(sourcePageIndex);
    }

    /** What the file is called in messages and experiment records: its path, else the input's name. */
    public String sourceName() {
        if (getEditorInput() instanceof IURIEditorInput u && u.getURI() != null
                && "file".equals(u.getURI().getScheme())) {
            return java.nio.file.Path.of(u.getURI()).toString();
        }
        var file = getEditorInput().getAdapter(org.eclipse.core.resources.IFile.class);
        if (file != null && file.getLocation() != null) {
            return file.getLocation().toOSString();
        }
        return getEditorInput().getName();
    }

    /** The model of the current text, parsing it now if a change is still pending. */
    public SequenceModel model() {
        if (parsedGeneration != documentGeneration) {
            reparse();
        }
        return model;
    }

    void reparse() {
        parsedGeneration = documentGeneration;
        model = SequenceModel.of(getEditorInput().getName(), document().get(), model == null ? null : model.sequence());
        for (Runnable l : modelListeners) {
            l.run();
        }
    }

    void addModelListener(Runnable l) {
        modelListeners.add(l);
    }

    void removeModelListener(Runnable l) {
        modelListeners.remove(l);
    }

    /**
     * A form edit: the sequence is written in the file's stable layout and only the text that differs is replaced
     * (one undoable change); the form follows at once.
     */
    public void apply(Sequence edited) {
        String now = document().get();
        String next = SequenceJson.write(edited);
        if (next.equals(now)) {
            return;
        }
        int prefix = 0;
        int max = Math.min(now.length(), next.length());
        while (prefix < max && now.charAt(prefix) == next.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < max - prefix
                && now.charAt(now.length() - 1 - suffix) == next.charAt(next.length() - 1 - suffix)) {
            suffix++;
        }
        try {
            document().replace(prefix, now.length() - prefix - suffix,
                    next.substring(prefix, next.length() - suffix));
        } catch (BadLocationException e) {
            throw new IllegalStateException(e);
        }
        reparse();
    }

    public IUndoContext undoContext() {
        return source.undoContext();
    }

    /** Undo/redo of the document for the form page (the Source page has the text editor's own actions). */
    UndoActionHandler undoAction() {
        if (undo == null) {
            undo = new UndoActionHandler(getSite(), undoContext());
            redo = new RedoActionHandler(getSite(), undoContext());
        }
        return undo;
    }

    RedoActionHandler redoAction() {
        undoAction();
        return redo;
    }

    /** Undoes the last change of the document (a form edit or typing in the source), as Edit > Undo does. */
    public boolean undo() {
        try {
            return OperationHistoryFactory.getOperationHistory().undo(undoContext(), null, null).isOK();
        } catch (org.eclipse.core.commands.ExecutionException e) {
            return false;
        }
    }

    public boolean redo() {
        try {
            return OperationHistoryFactory.getOperationHistory().redo(undoContext(), null, null).isOK();
        } catch (org.eclipse.core.commands.ExecutionException e) {
            return false;
        }
    }

    @Override
    public void doSave(IProgressMonitor monitor) {
        source.doSave(monitor);
        editorDirtyStateChanged();
    }

    @Override
    public void doSaveAs() {
        source.doSaveAs();
        setInput(source.getEditorInput());
        setPartName(getEditorInput().getName());
        editorDirtyStateChanged();
    }

    @Override
    public boolean isSaveAsAllowed() {
        return true;
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == IUndoContext.class && source != null) {
            return adapter.cast(undoContext());
        }
        return super.getAdapter(adapter);
    }

    // ------------------------------------------------------------------ run state

    public Map<StepPath, StepOutcome> outcomes() {
        return Map.copyOf(outcomes);
    }

    void setOutcome(StepPath path, StepOutcome outcome) {
        outcomes.put(path, outcome);
        outcomeListeners.forEach(Runnable::run);
    }

    void clearOutcomes() {
        outcomes.clear();
        outcomeListeners.forEach(Runnable::run);
    }

    void addOutcomeListener(Runnable l) {
        outcomeListeners.add(l);
    }

    void removeOutcomeListener(Runnable l) {
        outcomeListeners.remove(l);
    }

    /** One line on the last or current run: board, status, experiment folder. */
    public String runSummary() {
        return runSummary;
    }

    void setRunSummary(String text) {
        runSummary = text;
        outcomeListeners.forEach(Runnable::run);
    }

    /** The newest of its runs going on (the one its steps show), or null. */
    public SequenceRunJob runJob() {
        SequenceRunJob newest = null;
        for (SequenceRunJob job : runs) {
            newest = job;
        }
        return newest;
    }

    /** Its runs going on, oldest first. */
    public List<SequenceRunJob> runJobs() {
        return List.copyOf(runs);
    }

    void runStarted(SequenceRunJob job) {
        runs.add(job);
    }

    void runEnded(SequenceRunJob job) {
        runs.remove(job);
    }
}
