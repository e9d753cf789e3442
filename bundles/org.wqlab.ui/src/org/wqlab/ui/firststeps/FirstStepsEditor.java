package org.wqlab.ui.firststeps;

import java.util.List;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.forms.events.HyperlinkAdapter;
import org.eclipse.ui.forms.events.HyperlinkEvent;
import org.eclipse.ui.forms.widgets.FormToolkit;
import org.eclipse.ui.forms.widgets.Hyperlink;
import org.eclipse.ui.forms.widgets.ScrolledForm;
import org.eclipse.ui.handlers.IHandlerService;
import org.wqlab.ui.ReadOnlyPage;

/**
 * The page the editor area shows when nothing else is open: three links that do the first experiment (connect the
 * built-in simulated board, open the default sequence, run it) and what the experiment shows. Each link runs a wqlab
 * command by id, so this page needs no bundle above it.
 */
public final class FirstStepsEditor extends ReadOnlyPage {

    public static final String ID = "org.wqlab.ui.firstSteps";
    /** Data key and values on the links, so UI tests find them. */
    public static final String KEY = "org.wqlab.widget";

    /** One link: its text, what it does, and the command it runs. */
    public record Step(String id, String link, String explanation, String commandId) {
    }

    public static final List<Step> STEPS = List.of(
            new Step("firstSteps.connect", "1. Connect the simulated board",
                    "The built-in simulated R-Car H3 starts on this machine and is reached over real SSH; its facts"
                            + " show in the Boards view.",
                    "org.wqlab.ui.boards.connectSimulated"),
            new Step("firstSteps.open", "2. Open the default sequence",
                    "Load latency-mon on every CPU, copy a file from the USB stick, pull the stick, wait for the"
                            + " stall, unload: each step is a row you can edit.",
                    "org.wqlab.ui.sequence.openDefault"),
            new Step("firstSteps.run", "3. Run it (Ctrl+F11, or Run > Run Sequence)",
                    "The Live Plot shows every CPU's delay as it happens; the experiment is kept in the Experiments"
                            + " view with its verdict.",
                    "org.wqlab.ui.sequence.runSequence"));

    private FormToolkit toolkit;
    private ScrolledForm form;

    @Override
    protected void createPage(Composite parent) {
        toolkit = new FormToolkit(parent.getDisplay());
        form = toolkit.createScrolledForm(parent);
        form.setText("First steps with wqlab");
        Composite body = form.getBody();
        GridLayoutFactory.fillDefaults().margins(20, 12).spacing(0, 6).applyTo(body);
        wrapped(body, "wqlab measures how late the kernel's shared workqueue runs a work item while a USB stick is"
                + " pulled after a large copy: on the report's R-Car board every other item on CPU 0 waited about"
                + " 6.5 s.");
        wrapped(body, "The plot shows each CPU's delay; the verdict says whether the delay is normal and which work"
                + " item caused it (hub_event [usbcore] in the report).");
        for (Step step : STEPS) {
            Hyperlink link = toolkit.createHyperlink(body, step.link(), SWT.NONE);
            link.setData(KEY, step.id());
            GridDataFactory.fillDefaults().indent(0, 10).applyTo(link);
            link.addHyperlinkListener(new HyperlinkAdapter() {
                @Override
                public void linkActivated(HyperlinkEvent e) {
                    run(step);
                }
            });
            wrapped(body, step.explanation()).setData(KEY, step.id() + ".text");
        }
        wrapped(body, "Help > wqlab User Guide explains the views, sequences and boards.");
    }

    private Label wrapped(Composite body, String text) {
        Label label = toolkit.createLabel(body, text, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(600, SWT.DEFAULT).applyTo(label);
        return label;
    }

    private void run(Step step) {
        try {
            getSite().getService(IHandlerService.class).executeCommand(step.commandId(), null);
        } catch (Exception e) {
            ILog.of(getClass()).error(step.link() + " failed", e);
            MessageDialog.openError(getSite().getShell(), step.link(), e.getMessage() == null ? e.toString()
                    : e.getMessage());
        }
    }

    @Override
    public void setFocus() {
        form.setFocus();
    }

    @Override
    public void dispose() {
        if (toolkit != null) {
            toolkit.dispose();
        }
        super.dispose();
    }
}
