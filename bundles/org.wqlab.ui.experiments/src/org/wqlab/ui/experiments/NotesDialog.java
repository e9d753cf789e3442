package org.wqlab.ui.experiments;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/** Free-text notes of one experiment (stored in its folder's metadata). */
final class NotesDialog extends Dialog {
    private final String experiment;
    private String notes;
    private Text text;

    NotesDialog(Shell parent, String experiment, String notes) {
        super(parent);
        this.experiment = experiment;
        this.notes = notes;
        setShellStyle(getShellStyle() | SWT.RESIZE);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("Notes: " + experiment);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        text = new Text(area, SWT.MULTI | SWT.BORDER | SWT.WRAP | SWT.V_SCROLL);
        text.setText(notes);
        GridDataFactory.fillDefaults().grab(true, true).hint(480, 200).applyTo(text);
        return area;
    }

    @Override
    protected void okPressed() {
        notes = text.getText();
        super.okPressed();
    }

    String notes() {
        return notes;
    }
}
