package org.wqlab.ui.sequence;

import java.io.IOException;
import java.util.Arrays;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceJson;

/**
 * File > Open Report Procedure and File > Open Soak Sequence: a shipped sequence, copied once to
 * {@code <experiments folder>/sequences/<file>} like the default sequence and opened there. The plugin.xml handler
 * names which after the class ({@code OpenShippedSequenceHandler:soak}).
 */
public final class OpenShippedSequenceHandler extends AbstractHandler implements IExecutableExtension {

    /** The sequences shipped beside the default one. */
    enum Shipped {
        REPORT_PROCEDURE("reportProcedure", "report-procedure.wqseq", "Open Report Procedure"),
        SOAK("soak", "soak-20-pulls.wqseq", "Open Soak Sequence");

        final String id;
        final String fileName;
        final String title;

        Shipped(String id, String fileName, String title) {
            this.id = id;
            this.fileName = fileName;
            this.title = title;
        }

        Sequence load() throws SequenceException {
            return this == SOAK ? SequenceJson.soak() : SequenceJson.reportProcedure();
        }
    }

    private Shipped shipped;

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data)
            throws CoreException {
        shipped = Arrays.stream(Shipped.values()).filter(s -> s.id.equals(data)).findFirst().orElseThrow(
                () -> new CoreException(Status.error(config.getContributor().getName() + "/plugin.xml: "
                        + config.getAttribute(property) + " names no shipped sequence (" + data + ")")));
    }

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchWindow window = HandlerUtil.getActiveWorkbenchWindowChecked(event);
        try {
            return OpenDefaultSequenceHandler.openCopy(window.getActivePage(),
                    ExperimentsLocation.shippedCopy(shipped.fileName), shipped.load());
        } catch (IOException | SequenceException | PartInitException e) {
            MessageDialog.openError(window.getShell(), shipped.title, e.getMessage());
            return null;
        }
    }
}
