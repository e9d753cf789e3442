package org.wqlab.ui.sequence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.jface.action.GroupMarker;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.jface.action.IContributionItem;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.dialogs.IMessageProvider;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.EditingSupport;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.TextCellEditor;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.forms.DetailsPart;
import org.eclipse.ui.forms.IManagedForm;
import org.eclipse.ui.forms.MasterDetailsBlock;
import org.eclipse.ui.forms.SectionPart;
import org.eclipse.ui.menus.CommandContributionItem;
import org.eclipse.ui.menus.CommandContributionItemParameter;
import org.eclipse.ui.forms.IMessageManager;
import org.eclipse.ui.forms.editor.FormPage;
import org.eclipse.ui.forms.widgets.ExpandableComposite;
import org.eclipse.ui.forms.widgets.FormToolkit;
import org.eclipse.ui.forms.widgets.ScrolledForm;
import org.eclipse.ui.forms.widgets.Section;
import org.wqlab.sequence.edit.Problem;
import org.wqlab.sequence.edit.SequenceEdits;
import org.wqlab.sequence.edit.SequenceModel;
import org.wqlab.sequence.edit.StepPath;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.StepType;
import org.wqlab.ui.refresh.UiRefreshThrottle;

/**
 * The Steps page: the sequence's name and variables, the steps as a tree (repeat bodies under their repeat), the
 * fields of the selected step, validation problems (decorations on the fields and the form header, a list naming
 * step and field), the board the run goes to, and each step's outcome during and after a run.
 */
public final class StepsPage extends FormPage {

    public static final String ID = "org.wqlab.ui.sequence.steps";
    static final String BOARDS_VIEW = "org.wqlab.ui.boards";

    private final SequenceEditor editor;
    private IManagedForm managedForm;
    private ScrolledForm form;
    private FormToolkit toolkit;
    private Text nameText;
    private Button trace;
    private static final int VISIBLE_VARIABLES = 6;
    private TableViewer variables;
    private TreeViewer tree;
    private Combo addType;
    private Button add;
    private Button addInside;
    private Button remove;
    private Button up;
    private Button down;
    private Button duplicate;
    private Label problems;
    private Label board;
    private Label runStatus;
    private Label preflight;
    private SectionPart stepsPart;
    private DetailsPart details;
    private final StepForm stepForm = new StepForm() {
        @Override
        public Sequence sequence() {
            return StepsPage.this.sequence();
        }

        @Override
        public boolean editable() {
            return StepsPage.this.editable();
        }

        @Override
        public void apply(Sequence edited) {
            editor.apply(edited);
        }
    };
    private boolean updating;
    private UiRefreshThrottle outcomeRefresh;
    private Colours colours;
    private final Runnable modelListener = this::refreshFromModel;
    private final Runnable outcomeListener = () -> {
        UiRefreshThrottle t = outcomeRefresh;
        if (t != null) {
            t.requestRefresh();
        }
    };
    private final ISelectionListener boardsListener = (IWorkbenchPart part, ISelection selection) -> updateBoard();

    /** The steps tree's context menu; plugin.xml contributes Run and Run on... to it. */
    public static final String CONTEXT_MENU = "org.wqlab.ui.sequence.steps.context";

    StepsPage(SequenceEditor editor) {
        super(editor, ID, "Steps");
        this.editor = editor;
    }

    @Override
    protected void createFormContent(IManagedForm mf) {
        managedForm = mf;
        form = mf.getForm();
        toolkit = mf.getToolkit();
        colours = new Colours(form.getDisplay());
        toolkit.decorateFormHeading(form.getForm());
        form.setText("Sequence");

        IToolBarManager toolBar = form.getToolBarManager();
        toolBar.add(command(WidgetIds.RUN, RunCommands.RUN, "Run", "Run the sequence on the board selected in the"
                + " Boards view (the built-in simulated board when none is selected)", ISharedImages.IMG_TOOL_FORWARD));
        toolBar.add(command(WidgetIds.CANCEL, RunCommands.CANCEL, "Cancel Run",
                "Cancel the run (the cleanup still runs: module unloaded, USB stick given back)",
                ISharedImages.IMG_ELCL_STOP));
        toolBar.add(checkAction());
        toolBar.update(true);
        for (ToolItem item : toolBar instanceof org.eclipse.jface.action.ToolBarManager t && t.getControl() != null
                ? t.getControl().getItems() : new ToolItem[0]) {
            if (item.getData() instanceof IContributionItem ci && ci.getId() != null) {
                item.setData(WidgetIds.KEY, ci.getId());
            }
        }

        new StepsBlock().createContent(mf, form.getBody());

        outcomeRefresh = new UiRefreshThrottle(form.getDisplay(), this::refreshOutcomes);
        editor.addModelListener(modelListener);
        editor.addOutcomeListener(outcomeListener);
        getSite().getWorkbenchWindow().getSelectionService().addSelectionListener(BOARDS_VIEW, boardsListener);
        tree.setInput(editor);
        refreshFromModel();
        updateBoard();
    }

    @Override
    public void dispose() {
        editor.removeModelListener(modelListener);
        editor.removeOutcomeListener(outcomeListener);
        if (outcomeRefresh != null) {
            outcomeRefresh.dispose();
            getSite().getWorkbenchWindow().getSelectionService().removeSelectionListener(BOARDS_VIEW, boardsListener);
        }
        super.dispose();
    }

    /** The master (the steps tree with its buttons, and the sequence's own fields) and the selected step's page. */
    private final class StepsBlock extends MasterDetailsBlock {
        @Override
        protected void applyLayout(Composite parent) {
            GridLayoutFactory.fillDefaults().margins(8, 8).applyTo(parent);
        }

        @Override
        protected void createMasterPart(IManagedForm mf, Composite parent) {
            Composite master = toolkit.createComposite(parent);
            GridLayoutFactory.fillDefaults().spacing(0, 8).applyTo(master);
            createStepsSection(master);
            createSequenceSection(master);
        }

        @Override
        protected void registerPages(DetailsPart part) {
            details = part;
            StepDetailsPages.register(part, stepForm);
        }

        @Override
        protected void createToolBarActions(IManagedForm mf) {
            // both parts exist now
            sashForm.setWeights(68, 32);
        }
    }

    private void createSequenceSection(Composite parent) {
        Section section = toolkit.createSection(parent, ExpandableComposite.TITLE_BAR | ExpandableComposite.TWISTIE
                | ExpandableComposite.EXPANDED);
        section.setText("Sequence");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(section);
        Composite c = toolkit.createComposite(section);
        GridLayoutFactory.fillDefaults().numColumns(2).margins(4, 4).applyTo(c);
        section.setClient(c);

        toolkit.createLabel(c, "Name:");
        nameText = toolkit.createText(c, "");
        nameText.setData(WidgetIds.KEY, WidgetIds.NAME);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(nameText);
        nameText.addModifyListener(e -> {
            if (!updating && editable()) {
                editor.apply(SequenceEdits.withName(sequence(), nameText.getText()));
            }
        });

        toolkit.createLabel(c, "");
        trace = toolkit.createButton(c, "Record the workqueue tracepoints during the run (trace)", SWT.CHECK);
        trace.setData(WidgetIds.KEY, WidgetIds.TRACE);
        trace.addListener(SWT.Selection, e -> {
            if (!updating && editable()) {
                editor.apply(SequenceEdits.withTrace(sequence(), trace.getSelection()));
            }
        });

        toolkit.paintBordersFor(c);
        Label l = toolkit.createLabel(c, "Variables:");
        GridDataFactory.fillDefaults().align(SWT.BEGINNING, SWT.BEGINNING).applyTo(l);
        Composite box = toolkit.createComposite(c);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(box);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(box);
        variables = new TableViewer(box, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        Table table = variables.getTable();
        table.setData(WidgetIds.KEY, WidgetIds.VARIABLES);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        GridDataFactory.fillDefaults().grab(true, false).span(1, 2)
                // two rows more for the header (GTK's is taller than a row; its height is not known before the table
                // is shown) and the borders
                .hint(360, (VISIBLE_VARIABLES + 2) * table.getItemHeight()).applyTo(table);
        variables.setContentProvider(ArrayContentProvider.getInstance());
        TableViewerColumn name = new TableViewerColumn(variables, SWT.LEFT);
        name.getColumn().setText("Variable");
        name.getColumn().setWidth(160);
        name.setLabelProvider(ColumnLabelProvider.createTextProvider(o -> ((Map.Entry<?, ?>) o).getKey().toString()));
        name.setEditingSupport(new VariableEditing(true));
        TableViewerColumn value = new TableViewerColumn(variables, SWT.LEFT);
        value.getColumn().setText("Value");
        value.getColumn().setWidth(240);
        value.setLabelProvider(
                ColumnLabelProvider.createTextProvider(o -> ((Map.Entry<?, ?>) o).getValue().toString()));
        value.setEditingSupport(new VariableEditing(false));

        Button add = toolkit.createButton(box, "Add", SWT.PUSH);
        add.setData(WidgetIds.KEY, WidgetIds.VARIABLE_ADD);
        GridDataFactory.fillDefaults().align(SWT.FILL, SWT.BEGINNING).applyTo(add);
        add.addListener(SWT.Selection, e -> addVariable());
        Button remove = toolkit.createButton(box, "Remove", SWT.PUSH);
        remove.setData(WidgetIds.KEY, WidgetIds.VARIABLE_REMOVE);
        GridDataFactory.fillDefaults().align(SWT.FILL, SWT.BEGINNING).applyTo(remove);
        remove.addListener(SWT.Selection, e -> removeVariable());
        Label hint = toolkit.createLabel(box, "Click a selected row's name or value to edit it; Enter keeps the edit.",
                SWT.WRAP);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(200, SWT.DEFAULT).applyTo(hint);
    }

    /** Adds a variable with a free name and an empty value, and starts editing its name. */
    private void addVariable() {
        if (!editable()) {
            return;
        }
        String key = SequenceEdits.freeVariableName(sequence(), "name");
        editor.apply(SequenceEdits.withVariable(sequence(), key, ""));
        for (Object row : (List<?>) variables.getInput()) {
            if (((Map.Entry<?, ?>) row).getKey().equals(key)) {
                variables.setSelection(new StructuredSelection(row), true);
                variables.editElement(row, 0);
            }
        }
    }

    private void removeVariable() {
        if (editable() && variables.getStructuredSelection().getFirstElement() instanceof Map.Entry<?, ?> row) {
            editor.apply(SequenceEdits.withoutVariable(sequence(), row.getKey().toString()));
        }
    }

    /** In-place editing of a variable's name (a rename) or value. */
    private final class VariableEditing extends EditingSupport {
        private final boolean editsName;

        VariableEditing(boolean editsName) {
            super(variables);
            this.editsName = editsName;
        }

        @Override
        protected CellEditor getCellEditor(Object element) {
            return new TextCellEditor(variables.getTable());
        }

        @Override
        protected boolean canEdit(Object element) {
            return editable();
        }

        @Override
        protected Object getValue(Object element) {
            Map.Entry<?, ?> row = (Map.Entry<?, ?>) element;
            return (editsName ? row.getKey() : row.getValue()).toString();
        }

        @Override
        protected void setValue(Object element, Object v) {
            String key = ((Map.Entry<?, ?>) element).getKey().toString();
            editor.apply(editsName ? SequenceEdits.withVariableRenamed(sequence(), key, v.toString())
                    : SequenceEdits.withVariable(sequence(), key, v.toString()));
        }
    }

    private void createStepsSection(Composite parent) {
        Section section = toolkit.createSection(parent, ExpandableComposite.TITLE_BAR);
        stepsPart = new SectionPart(section);
        managedForm.addPart(stepsPart);
        section.setText("Steps");
        section.setDescription("Select a step to edit its fields. Repeat steps hold the steps under them.");
        GridDataFactory.fillDefaults().grab(true, true).applyTo(section);
        Composite c = toolkit.createComposite(section);
        GridLayoutFactory.fillDefaults().numColumns(2).margins(4, 4).applyTo(c);
        section.setClient(c);

        tree = new TreeViewer(c, SWT.SINGLE | SWT.FULL_SELECTION | SWT.BORDER | SWT.V_SCROLL | SWT.H_SCROLL);
        tree.getTree().setData(WidgetIds.KEY, WidgetIds.TREE);
        tree.getTree().setHeaderVisible(true);
        tree.getTree().setLinesVisible(true);
        // small width hints: the form's width is the sum of its parts' preferred widths, and wider than the editor in
        // the default layout at 1280x800 it cut the details page off behind a horizontal scroll bar
        GridDataFactory.fillDefaults().grab(true, true).hint(360, 300).applyTo(tree.getTree());
        tree.setContentProvider(new Content());
        column("Step", 190, p -> p.display() + "  " + step(p).displayName(), true);
        column("Type", 100, p -> step(p).type().id(), false);
        column("Details", 210, p -> StepTexts.summary(sequence(), step(p)), false);
        column("Run", 300, p -> {
            StepOutcome o = editor.outcomes().get(p);
            return o == null ? "" : o.state().word() + (o.detail().isEmpty() ? "" : ": " + o.detail());
        }, false);
        tree.addSelectionChangedListener(e -> {
            showDetails();
            updateProblems();
            updateButtons();
        });
        MenuManager contextMenu = new MenuManager("#PopupMenu", CONTEXT_MENU);
        contextMenu.add(new GroupMarker(IWorkbenchActionConstants.MB_ADDITIONS));
        tree.getTree().setMenu(contextMenu.createContextMenu(tree.getTree()));
        getSite().registerContextMenu(CONTEXT_MENU, contextMenu, tree);

        Composite buttons = toolkit.createComposite(c);
        GridLayoutFactory.fillDefaults().applyTo(buttons);
        GridDataFactory.fillDefaults().align(SWT.FILL, SWT.BEGINNING).applyTo(buttons);
        addType = new Combo(buttons, SWT.READ_ONLY | SWT.DROP_DOWN);
        toolkit.adapt(addType);
        addType.setData(WidgetIds.KEY, WidgetIds.ADD_TYPE);
        for (StepType t : StepType.values()) {
            addType.add(t.id());
        }
        addType.select(StepType.MARK.ordinal());
        GridDataFactory.fillDefaults().grab(true, false).applyTo(addType);
        add = button(buttons, "Add", WidgetIds.ADD, this::add);
        add.setToolTipText("Add a step of the chosen type after the selected one");
        addInside = button(buttons, "Add Inside", WidgetIds.ADD_INSIDE, this::addInside);
        addInside.setToolTipText("Add a step of the chosen type at the end of the selected repeat");
        remove = button(buttons, "Remove", WidgetIds.REMOVE, () -> selected().ifPresent(p -> {
            editor.apply(SequenceEdits.remove(sequence(), p));
            int n = SequenceEdits.siblings(sequence(), p);
            select(n == 0 ? p.parent().orElse(null) : p.withLast(Math.min(p.last(), n - 1)));
        }));
        up = button(buttons, "Up", WidgetIds.UP, () -> move(-1));
        down = button(buttons, "Down", WidgetIds.DOWN, () -> move(1));
        duplicate = button(buttons, "Duplicate", WidgetIds.DUPLICATE, () -> selected().ifPresent(p -> {
            editor.apply(SequenceEdits.duplicate(sequence(), p));
            select(p.withLast(p.last() + 1));
        }));

        problems = toolkit.createLabel(c, "", SWT.WRAP);
        problems.setData(WidgetIds.KEY, WidgetIds.PROBLEMS);
        problems.setForeground(form.getDisplay().getSystemColor(SWT.COLOR_DARK_RED));
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(300, SWT.DEFAULT).applyTo(problems);
        board = toolkit.createLabel(c, "", SWT.WRAP);
        board.setData(WidgetIds.KEY, WidgetIds.BOARD);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(300, SWT.DEFAULT).applyTo(board);
        runStatus = toolkit.createLabel(c, "", SWT.WRAP);
        runStatus.setData(WidgetIds.KEY, WidgetIds.RUN_STATUS);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(300, SWT.DEFAULT).applyTo(runStatus);
        preflight = toolkit.createLabel(c, "", SWT.WRAP);
        preflight.setData(WidgetIds.KEY, WidgetIds.PREFLIGHT);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(300, SWT.DEFAULT).applyTo(preflight);
    }

    /**
     * Check: what a run of this sequence needs, checked on the board Run would use (the one selected in the Boards
     * view, else the built-in simulated board), in a Job; the findings show under the run's status.
     */
    private org.eclipse.jface.action.IAction checkAction() {
        org.eclipse.jface.action.Action check = new org.eclipse.jface.action.Action("Check") {
            @Override
            public void run() {
                checkOnBoard();
            }
        };
        check.setId(WidgetIds.CHECK);
        check.setToolTipText("Check what a run needs on the board (nothing is loaded): /dev/kmsg, tracefs, the"
                + " tracepoints, the module, the USB driver's tools, the sequence's device and file");
        check.setImageDescriptor(PlatformUI.getWorkbench().getSharedImages()
                .getImageDescriptor(ISharedImages.IMG_OBJS_INFO_TSK));
        return check;
    }

    private void checkOnBoard() {
        org.wqlab.sequence.edit.SequenceModel model = editor.model();
        if (!model.valid()) {
            showPreflight("Check: the sequence has problems to fix first");
            return;
        }
        org.wqlab.boards.BoardRegistry registry;
        try {
            registry = org.wqlab.ui.WorkbenchServices.get(org.wqlab.boards.Boards.class).registry();
        } catch (org.wqlab.boards.BoardStoreException e) {
            showPreflight("Check: the board list cannot be read: " + e.getMessage());
            return;
        }
        String board = BoardChoice.selected(getSite().getWorkbenchWindow())
                .orElseGet(() -> BoardChoice.builtIn(registry));
        showPreflight("Checking on " + board + " ...");
        new PreflightJob(model.sequence(), editor.sourceName(), board, registry, form.getDisplay(),
                this::showPreflight).schedule();
    }

    private void showPreflight(String text) {
        if (preflight == null || preflight.isDisposed()) {
            return;
        }
        preflight.setText(text);
        preflight.getParent().layout(true, true);
        form.reflow(true);
        form.showControl(preflight);
    }

    /** The text the Check shows (for tests). */
    public String preflightText() {
        return preflight == null || preflight.isDisposed() ? "" : preflight.getText();
    }

    private Button button(Composite parent, String text, String id, Runnable run) {
        Button b = toolkit.createButton(parent, text, SWT.PUSH);
        b.setData(WidgetIds.KEY, id);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(b);
        b.addListener(SWT.Selection, e -> {
            if (editable()) {
                run.run();
            }
        });
        return b;
    }

    private void column(String title, int width, java.util.function.Function<StepPath, String> text, boolean icon) {
        TreeViewerColumn c = new TreeViewerColumn(tree, SWT.LEFT);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                StepPath p = (StepPath) element;
                return SequenceEdits.exists(sequence(), p) ? text.apply(p) : "";
            }

            @Override
            public Image getImage(Object element) {
                if (!icon || editor.model().problemsOf((StepPath) element).isEmpty()) {
                    return null;
                }
                return PlatformUI.getWorkbench().getSharedImages().getImage(ISharedImages.IMG_OBJS_ERROR_TSK);
            }

            @Override
            public Color getBackground(Object element) {
                StepOutcome o = editor.outcomes().get((StepPath) element);
                return o == null ? null : colours.of(o.state());
            }

            @Override
            public Color getForeground(Object element) {
                return editor.model().problemsOf((StepPath) element).isEmpty() ? null
                        : form.getDisplay().getSystemColor(SWT.COLOR_DARK_RED);
            }
        });
    }

    // ------------------------------------------------------------------ model -> form

    Sequence sequence() {
        return editor.model().sequence();
    }

    private Step step(StepPath p) {
        return SequenceEdits.step(sequence(), p);
    }

    /** The form edits only a sequence that parses (while the source has a structure error it shows the last one). */
    private boolean editable() {
        return editor.model().parses() && editor.runJob() == null;
    }

    public TreeViewer tree() {
        return tree;
    }

    public Optional<StepPath> selected() {
        IStructuredSelection s = tree.getStructuredSelection();
        return s.isEmpty() ? Optional.empty() : Optional.of((StepPath) s.getFirstElement());
    }

    public void select(StepPath path) {
        tree.setSelection(path == null || !SequenceEdits.exists(sequence(), path) ? StructuredSelection.EMPTY
                : new StructuredSelection(path), true);
    }

    private void refreshFromModel() {
        if (form == null || form.isDisposed()) {
            return;
        }
        SequenceModel model = editor.model();
        updating = true;
        try {
            Sequence s = model.sequence();
            form.setText(s == null ? "Sequence" : s.name());
            if (s != null && !nameText.getText().equals(s.name())) {
                nameText.setText(s.name());
            }
            trace.setSelection(s != null && s.trace());
            variables.setInput(s == null ? List.of() : List.copyOf(s.variables().entrySet()));
            tree.refresh(true);
            tree.expandAll();
            Optional<StepPath> sel = selected();
            if (sel.isPresent() && (s == null || !SequenceEdits.exists(s, sel.get()))) {
                tree.setSelection(StructuredSelection.EMPTY);
            }
            showDetails();
        } finally {
            updating = false;
        }
        updateProblems();
        updateButtons();
    }

    private void updateProblems() {
        SequenceModel model = editor.model();
        IMessageManager messages = managedForm.getMessageManager();
        messages.setAutoUpdate(false);
        messages.removeAllMessages();
        List<String> lines = new ArrayList<>();
        int i = 0;
        for (Problem p : model.all()) {
            lines.add(p.message());
            Control at = p.step().isPresent() && details.getCurrentPage() instanceof StepDetailsPage page
                    && page.shows(p.step().get()) ? page.field(p.formField()) : null;
            if (at != null) {
                messages.addMessage("problem" + i++, p.message(), null, IMessageProvider.ERROR, at);
            } else {
                messages.addMessage("problem" + i++, p.message(), null, IMessageProvider.ERROR);
            }
        }
        if (!model.parses()) {
            lines.add(0, "The source does not parse; the steps below are the last version that did:");
        }
        messages.setAutoUpdate(true);
        problems.setText(String.join("\n", lines));
        problems.getParent().layout(true, true);
        form.reflow(true);
    }

    private void updateButtons() {
        Optional<StepPath> sel = selected();
        boolean ok = editable();
        add.setEnabled(ok);
        boolean repeat = sel.isPresent() && step(sel.get()).type() == StepType.REPEAT;
        addInside.setEnabled(ok && repeat);
        remove.setEnabled(ok && sel.isPresent());
        duplicate.setEnabled(ok && sel.isPresent());
        up.setEnabled(ok && sel.isPresent() && sel.get().last() > 0);
        down.setEnabled(ok && sel.isPresent() && sel.get().last() < SequenceEdits.siblings(sequence(), sel.get()) - 1);
        nameText.setEditable(ok);
        trace.setEnabled(ok);
    }

    // ------------------------------------------------------------------ edits

    private StepType addType() {
        return StepType.values()[Math.max(0, addType.getSelectionIndex())];
    }

    /** Adds a step of the chosen type after the selection (at the end when nothing is selected). */
    public StepPath add() {
        Sequence s = sequence();
        StepPath at = selected().map(p -> p.withLast(p.last() + 1)).orElse(StepPath.of(s.steps().size()));
        editor.apply(SequenceEdits.insert(s, at, SequenceEdits.newStep(addType())));
        select(at);
        return at;
    }

    private void addInside() {
        selected().ifPresent(p -> {
            StepPath at = p.child(step(p).steps().size());
            editor.apply(SequenceEdits.insert(sequence(), at, SequenceEdits.newStep(addType())));
            select(at);
        });
    }

    private void move(int delta) {
        selected().ifPresent(p -> {
            int to = p.last() + delta;
            if (to >= 0 && to < SequenceEdits.siblings(sequence(), p)) {
                editor.apply(SequenceEdits.move(sequence(), p, delta));
                select(p.withLast(to));
            }
        });
    }

    // ------------------------------------------------------------------ details of the selected step

    /** The details part shows the selected step's type's page, filled from the step as the model has it now. */
    private void showDetails() {
        managedForm.fireSelectionChanged(stepsPart, tree.getSelection());
    }

    /** The control of a field of the selected step ({@code name}, {@code label}, {@code seconds}, ...). */
    public Control field(String key) {
        Optional<StepPath> sel = selected();
        return sel.isPresent() && details.getCurrentPage() instanceof StepDetailsPage page && page.shows(sel.get())
                ? page.field(key) : null;
    }

    // ------------------------------------------------------------------ run

    private void refreshOutcomes() {
        if (tree.getControl().isDisposed()) {
            return;
        }
        tree.refresh(true);
        SequenceRunJob job = editor.runJob();
        runStatus.setText(editor.runSummary());
        runStatus.getParent().layout(true, true);
        updateButtons();
        if (job == null) {
            form.reflow(true);
        }
    }

    void updateBoard() {
        if (board == null || board.isDisposed()) {
            return;
        }
        board.setText("Runs on: " + BoardChoice.describe(getSite().getWorkbenchWindow()));
        board.getParent().layout(true, true);
    }

    /** A header button that is the workbench command, so it runs (and is enabled) as the command is. */
    private CommandContributionItem command(String id, String commandId, String label, String tooltip, String image) {
        CommandContributionItemParameter p = new CommandContributionItemParameter(getSite(), id, commandId,
                CommandContributionItem.STYLE_PUSH);
        p.label = label;
        p.tooltip = tooltip;
        p.icon = PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(image);
        return new CommandContributionItem(p);
    }

    private final class Content implements ITreeContentProvider {
        @Override
        public Object[] getElements(Object input) {
            Sequence s = sequence();
            if (s == null) {
                return new Object[0];
            }
            Object[] out = new Object[s.steps().size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = StepPath.of(i);
            }
            return out;
        }

        @Override
        public Object[] getChildren(Object parent) {
            StepPath p = (StepPath) parent;
            if (!SequenceEdits.exists(sequence(), p)) {
                return new Object[0];
            }
            int n = step(p).steps().size();
            Object[] out = new Object[n];
            for (int i = 0; i < n; i++) {
                out[i] = p.child(i);
            }
            return out;
        }

        @Override
        public Object getParent(Object element) {
            return ((StepPath) element).parent().orElse(null);
        }

        @Override
        public boolean hasChildren(Object element) {
            return getChildren(element).length > 0;
        }
    }

    /** Row colours of the run outcomes. */
    static final class Colours {
        private final Color ok;
        private final Color failed;
        private final Color running;
        private final Color grey;

        Colours(org.eclipse.swt.widgets.Display display) {
            ok = new Color(display, 0x9c, 0xe0, 0x9c);
            failed = new Color(display, 0xf2, 0x9a, 0x9a);
            running = new Color(display, 0xff, 0xe8, 0x8a);
            grey = new Color(display, 0xd0, 0xd0, 0xd0);
        }

        Color of(StepOutcome.State state) {
            return switch (state) {
                case OK -> ok;
                case FAILED -> failed;
                case RUNNING -> running;
                case CANCELLED, NOT_RUN -> grey;
            };
        }
    }
}
