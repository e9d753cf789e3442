package org.wqlab.ui.sequence;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.forms.AbstractFormPart;
import org.eclipse.ui.forms.IDetailsPage;
import org.eclipse.ui.forms.IFormPart;
import org.eclipse.ui.forms.widgets.ExpandableComposite;
import org.eclipse.ui.forms.widgets.FormToolkit;
import org.eclipse.ui.forms.widgets.Section;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.StepType;
import org.wqlab.sequence.edit.SequenceEdits;
import org.wqlab.sequence.edit.StepPath;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;

/**
 * The details page of one step type: a section with one control per field of the step selected in the Steps tree.
 * Subclasses ({@link StepDetailsPages}) only say which fields their type has; building, filling and editing them is
 * here. A field's edit replaces the selected step through {@link SequenceEdits}.
 */
abstract class StepDetailsPage extends AbstractFormPart implements IDetailsPage {

    /** A field's control, the text it shows for a step, and whether a text already says what the step holds. */
    private record Field(Control control, Function<Step, String> shown, BiPredicate<String, Step> same) {
    }

    private final StepType type;
    private final StepForm form;
    private final Map<String, Field> fields = new LinkedHashMap<>();
    private FormToolkit toolkit;
    private Section section;
    private Composite client;
    private Label driverNote;
    private StepPath path;
    private boolean updating;

    StepDetailsPage(StepType type, StepForm form) {
        this.type = type;
        this.form = form;
    }

    StepType type() {
        return type;
    }

    /** Adds this type's fields, in order, with the methods below. */
    protected abstract void createFields();

    @Override
    public final void createContents(Composite parent) {
        toolkit = getManagedForm().getToolkit();
        GridLayoutFactory.fillDefaults().applyTo(parent);
        section = toolkit.createSection(parent, ExpandableComposite.TITLE_BAR);
        section.setText("Step: " + type.id());
        GridDataFactory.fillDefaults().grab(true, true).applyTo(section);
        client = toolkit.createComposite(section);
        GridLayoutFactory.fillDefaults().numColumns(2).margins(4, 4).applyTo(client);
        section.setClient(client);
        Function<Step, String> name = Step::name;
        text("name", "Name", false, name, (v, s) -> v.equals(name.apply(s)), SequenceEdits::withName);
        createFields();
        List<String> keys = new ArrayList<>(type.required());
        keys.addAll(type.optional());
        keys.add("params");
        for (String key : keys) {
            // a repeat's steps are the tree's rows under it, not a field
            if (type.accepts(key) && !key.equals("steps") && !fields.containsKey(key)) {
                throw new IllegalStateException("the details page of " + type.id() + " has no field " + key);
            }
        }
        Label hint = toolkit.createLabel(client, "* required. Values may use ${variable}; times are board seconds.",
                SWT.WRAP);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(200, SWT.DEFAULT).applyTo(hint);
        toolkit.paintBordersFor(client);
    }

    /** A one-line field holding the step's value of {@code key} (an empty optional field is left out of the file). */
    protected final void textField(String key) {
        boolean required = required(key);
        Function<Step, String> shown = s -> s.field(key) == null ? "" : s.field(key);
        text(key, label(key), false, shown, (v, s) -> v.equals(shown.apply(s)),
                (s, v) -> SequenceEdits.withField(s, key, v.isEmpty() && !required ? null : v));
    }

    /** The {@code command} of a run step, one word per line. */
    protected final void commandField() {
        text("command", label("command") + "\n(one word\nper line)", true, s -> StepTexts.commandText(s.command()),
                (v, s) -> StepTexts.command(v).equals(s.command()),
                (s, v) -> SequenceEdits.withCommand(s, StepTexts.command(v)));
    }

    /** The module parameters of a load-module step, one {@code name=value} per line. */
    protected final void paramsField() {
        text("params", "params\n(name=value\nper line)", true, s -> StepTexts.paramsText(s.params()),
                (v, s) -> StepTexts.params(v).equals(s.params()),
                (s, v) -> SequenceEdits.withParams(s, StepTexts.params(v)));
    }

    /** The USB driver: {@code board} or an installed driver, with the note that sysfs drivers are control runs. */
    protected final void driverField() {
        toolkit.createLabel(client, label("driver") + ":");
        Combo combo = new Combo(client, SWT.DROP_DOWN);
        toolkit.adapt(combo);
        combo.setData(WidgetIds.KEY, WidgetIds.field("driver"));
        combo.add(UsbDriverIds.BOARD_DEFAULT);
        UsbDrivers.installed().ids().forEach(combo::add);
        combo.setToolTipText("board: the board's own driver (the simulated board: its pull; a real board: the one in"
                + " its profile, else the manual prompt). sysfs-remove and sysfs-authorized are control runs: they do"
                + " not reproduce the workqueue stall.");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(combo);
        combo.addModifyListener(e -> edit(s -> SequenceEdits.withField(s, "driver",
                combo.getText().isEmpty() ? null : combo.getText())));
        Function<Step, String> shown = s -> s.field("driver") == null ? "" : s.field("driver");
        fields.put("driver", new Field(combo, shown, (v, s) -> v.equals(shown.apply(s))));
        toolkit.createLabel(client, "");
        driverNote = toolkit.createLabel(client, "", SWT.WRAP);
        driverNote.setData(WidgetIds.KEY, WidgetIds.DRIVER_NOTE);
        driverNote.setForeground(client.getDisplay().getSystemColor(SWT.COLOR_DARK_YELLOW));
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(driverNote);
    }

    private void text(String key, String label, boolean multi, Function<Step, String> shown,
            BiPredicate<String, Step> same, BiFunction<Step, String, Step> change) {
        Label l = toolkit.createLabel(client, label + ":");
        GridDataFactory.fillDefaults().align(SWT.BEGINNING, multi ? SWT.BEGINNING : SWT.CENTER).applyTo(l);
        Text t = toolkit.createText(client, "", multi ? SWT.MULTI | SWT.BORDER | SWT.V_SCROLL : SWT.SINGLE);
        t.setData(WidgetIds.KEY, WidgetIds.field(key));
        GridDataFactory.fillDefaults().grab(true, false).hint(200, multi ? 110 : SWT.DEFAULT).applyTo(t);
        t.addModifyListener(e -> edit(s -> change.apply(s, t.getText())));
        fields.put(key, new Field(t, shown, same));
    }

    private boolean required(String key) {
        return type.required().contains(key);
    }

    private String label(String key) {
        return key + (required(key) ? " *" : "");
    }

    private void edit(UnaryOperator<Step> change) {
        Sequence s = form.sequence();
        if (updating || path == null || !form.editable() || !SequenceEdits.exists(s, path)) {
            return;
        }
        form.apply(SequenceEdits.replace(s, path, change.apply(SequenceEdits.step(s, path))));
    }

    /** Shows the selected step (a {@link StepPath}); called on every tree selection and every model change. */
    @Override
    public void selectionChanged(IFormPart part, ISelection selection) {
        Sequence s = form.sequence();
        path = selection instanceof IStructuredSelection ss && ss.getFirstElement() instanceof StepPath p ? p : null;
        if (path == null || s == null || !SequenceEdits.exists(s, path)) {
            path = null;
            return;
        }
        Step step = SequenceEdits.step(s, path);
        section.setText("Step " + path.display() + ": " + type.id());
        updating = true;
        try {
            for (Field f : fields.values()) {
                String text = f.control() instanceof Text t ? t.getText() : ((Combo) f.control()).getText();
                if (!f.same().test(text, step)) {
                    if (f.control() instanceof Text t) {
                        t.setText(f.shown().apply(step));
                    } else {
                        ((Combo) f.control()).setText(f.shown().apply(step));
                    }
                }
            }
            if (driverNote != null) {
                String note = StepTexts.driverNote(s, step);
                driverNote.setText(note.isEmpty() ? "" : "\u26a0 " + note);
            }
        } finally {
            updating = false;
        }
        client.layout(true, true);
    }

    /** Whether this page shows the step at {@code p}. */
    boolean shows(StepPath p) {
        return p != null && p.equals(path);
    }

    /** The control of a field ({@code name}, {@code label}, {@code seconds}, ...), or null if this type has none. */
    Control field(String key) {
        Field f = fields.get(key);
        return f == null ? null : f.control();
    }
}
