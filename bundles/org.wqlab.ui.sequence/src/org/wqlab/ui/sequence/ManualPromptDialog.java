package org.wqlab.ui.sequence;

import java.time.Duration;

import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;

/**
 * "Pull the stick now": the manual USB driver's prompt. A countdown runs first (the person gets ready); the confirm
 * button is enabled when it reaches zero. Cancel refuses, which fails the step (and the cleanup runs).
 */
final class ManualPromptDialog extends Dialog {

    private final String message;
    private long secondsLeft;
    private Label countdown;
    private Font big;

    ManualPromptDialog(Shell parent, String message, Duration countdown) {
        super(parent);
        this.message = message;
        this.secondsLeft = Math.max(0, countdown.toSeconds());
        setShellStyle(getShellStyle() | SWT.ON_TOP);
    }

    @Override
    protected void configureShell(Shell shell) {
        super.configureShell(shell);
        shell.setText("USB disconnect: your turn");
        shell.setData(WidgetIds.KEY, WidgetIds.PROMPT_SHELL);
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        Label text = new Label(area, SWT.WRAP);
        text.setText(message);
        FontData[] fd = text.getFont().getFontData();
        for (FontData f : fd) {
            f.setHeight(f.getHeight() + 4);
            f.setStyle(SWT.BOLD);
        }
        big = new Font(text.getDisplay(), fd);
        text.setFont(big);
        GridDataFactory.fillDefaults().grab(true, false).hint(420, SWT.DEFAULT).applyTo(text);
        countdown = new Label(area, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(countdown);
        Label how = new Label(area, SWT.WRAP);
        how.setText("Press Done when it is done. Stop fails this step; the run's cleanup still runs.");
        GridDataFactory.fillDefaults().grab(true, false).hint(420, SWT.DEFAULT).applyTo(how);
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        Button ok = createButton(parent, IDialogConstants.OK_ID, "Done", true);
        ok.setData(WidgetIds.KEY, WidgetIds.PROMPT_CONFIRM);
        createButton(parent, IDialogConstants.CANCEL_ID, "Stop", false);
        tick();
    }

    private void tick() {
        if (countdown == null || countdown.isDisposed()) {
            return;
        }
        Button ok = getButton(IDialogConstants.OK_ID);
        if (secondsLeft > 0) {
            countdown.setText("in " + secondsLeft + " s ...");
            ok.setEnabled(false);
            secondsLeft--;
            countdown.getDisplay().timerExec(1000, this::tick);
        } else {
            countdown.setText("now");
            ok.setEnabled(true);
        }
    }

    @Override
    public boolean close() {
        if (big != null) {
            big.dispose();
        }
        return super.close();
    }
}
