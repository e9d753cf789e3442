package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.eclipse.jface.bindings.Binding;
import org.eclipse.jface.bindings.keys.KeySequence;
import org.eclipse.jface.bindings.keys.KeyStroke;
import org.eclipse.jface.preference.IPreferencePage;
import org.eclipse.jface.preference.PreferenceDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.dialogs.PreferencesUtil;
import org.eclipse.ui.keys.IBindingService;
import org.junit.jupiter.api.Test;
import org.wqlab.ui.WqlabContext;
import org.wqlab.ui.sequence.RunCommands;
import org.wqlab.ui.testing.Screenshots;
import org.wqlab.ui.testing.UiWait;

/**
 * Preferences > Keys, driven through its own widgets as a user does: filter for Run Sequence, select its row, press
 * a new key into the Binding field, Apply and Close; the binding service then binds that key to Run Sequence in the
 * "In wqlab" context.
 */
class KeysPreferencePageTest {
    private static final String KEYS_PAGE = "org.eclipse.ui.preferencePages.Keys";
    private static final KeySequence NEW_KEY = KeySequence.getInstance(KeyStroke.getInstance(SWT.MOD1 | SWT.MOD3, 'R'));

    @Test
    void runSequenceIsRebound() throws Exception {
        EditorHarness ui = new EditorHarness();
        IBindingService bindings = ui.window.getService(IBindingService.class);
        PreferenceDialog dialog = PreferencesUtil.createPreferenceDialogOn(ui.shell, KEYS_PAGE, null, null);
        dialog.setBlockOnOpen(false);
        dialog.open();
        try {
            // the page's own widgets: the dialog has a filter field and a tree of pages of its own
            Composite page = (Composite) ((IPreferencePage) dialog.getSelectedPage()).getControl();
            Text filter = UiWait.until(ui.display, () -> find(page, Text.class,
                    t -> (t.getStyle() & SWT.SEARCH) != 0 && t.isVisible()).orElse(null), EditorHarness.SHORT,
                    "the Keys page's filter field");
            filter.setText("Run Sequence");
            filter.notifyListeners(SWT.Modify, new Event());
            Tree tree = find(page, Tree.class, t -> t.getColumnCount() > 1 && "Command".equals(t.getColumn(0).getText()))
                    .orElseThrow(() -> new AssertionError("no bindings table on the Keys page"));
            TreeItem row = UiWait.until(ui.display, () -> runSequenceRow(tree), EditorHarness.SHORT,
                    "the Run Sequence row under the filter");
            tree.setSelection(row);
            Event select = new Event();
            select.item = row;
            tree.notifyListeners(SWT.Selection, select);

            Text binding = textAfterLabel(page, "Binding:");
            UiWait.until(ui.display, () -> binding.getText().contains("F11") ? binding : null, EditorHarness.SHORT,
                    "the Binding field to show the row's Ctrl+F11, now '" + binding.getText() + "'");
            binding.setFocus();
            binding.setText("");
            press(binding, 'r', SWT.MOD1 | SWT.MOD3);
            UiWait.until(ui.display, () -> binding.getText().endsWith("R") ? binding : null, EditorHarness.SHORT,
                    "the pressed key in the Binding field, now '" + binding.getText() + "'");
            Screenshots.capture(dialog.getShell(), Screenshots.directory().resolve("keys-preferences.png"));

            Button ok = find(dialog.getShell(), Button.class, b -> b.getText().replace("&", "").equals("Apply and Close"))
                    .orElseThrow(() -> new AssertionError("no Apply and Close button"));
            ok.notifyListeners(SWT.Selection, new Event());
            UiWait.until(ui.display, () -> dialog.getShell() == null || dialog.getShell().isDisposed(),
                    EditorHarness.SHORT, "the dialog to close");

            Binding bound = Arrays.stream(bindings.getBindings())
                    .filter(b -> NEW_KEY.equals(b.getTriggerSequence()) && b.getParameterizedCommand() != null)
                    .findFirst().orElseThrow(() -> new AssertionError(NEW_KEY + " is bound to nothing"));
            assertEquals(RunCommands.RUN, bound.getParameterizedCommand().getId());
            assertEquals(WqlabContext.ID, bound.getContextId(), "bound in wqlab's context, not the IDE's");
            assertEquals(Binding.USER, bound.getType(), "saved as the user's binding");
        } finally {
            if (dialog.getShell() != null && !dialog.getShell().isDisposed()) {
                dialog.close();
            }
            List<Binding> defaults = new ArrayList<>(Arrays.stream(bindings.getBindings())
                    .filter(b -> b.getType() != Binding.USER).toList());
            bindings.savePreferences(bindings.getActiveScheme(), defaults.toArray(Binding[]::new));
        }
        assertTrue(Arrays.stream(bindings.getBindings()).noneMatch(b -> NEW_KEY.equals(b.getTriggerSequence())),
                "the default bindings are back for the other tests");
    }

    private static TreeItem runSequenceRow(Tree tree) {
        for (TreeItem item : tree.getItems()) {
            if ("Run Sequence".equals(item.getText(0))) {
                return item;
            }
        }
        return null;
    }

    /** A key press as SWT delivers it to the focused field: down, then up. */
    private static void press(Text field, char key, int modifiers) {
        for (int type : new int[] { SWT.KeyDown, SWT.KeyUp }) {
            Event e = new Event();
            e.type = type;
            e.keyCode = key;
            e.character = (char) (key & 0x1f); // with Ctrl held, SWT reports the control character
            e.stateMask = modifiers;
            e.widget = field;
            field.notifyListeners(type, e);
        }
    }

    /** The text field laid out right after the label with {@code labelText}. */
    private static Text textAfterLabel(Composite root, String labelText) {
        Label label = find(root, Label.class, l -> labelText.equals(l.getText().replace("&", "")))
                .orElseThrow(() -> new AssertionError("no label " + labelText));
        Control[] siblings = label.getParent().getChildren();
        for (int i = Arrays.asList(siblings).indexOf(label) + 1; i < siblings.length; i++) {
            if (siblings[i] instanceof Text t) {
                return t;
            }
        }
        throw new AssertionError("no text field after " + labelText);
    }

    private static <T extends Control> Optional<T> find(Composite root, Class<T> type,
            java.util.function.Predicate<T> test) {
        for (Control c : root.getChildren()) {
            if (type.isInstance(c) && test.test(type.cast(c))) {
                return Optional.of(type.cast(c));
            }
            if (c instanceof Composite sub) {
                Optional<T> found = find(sub, type, test);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }
}
