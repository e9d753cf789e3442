package org.wqlab.ui.sequence;

import java.io.IOException;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceJson;

/**
 * File > Open Report Procedure: the report's exact procedure ({@code SequenceJson.reportProcedure()}), copied once to
 * {@code <experiments folder>/sequences/report-procedure.wqseq} like the default sequence.
 */
public final class OpenReportProcedureHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        IWorkbenchWindow window = HandlerUtil.getActiveWorkbenchWindowChecked(event);
        try {
            return OpenDefaultSequenceHandler.openCopy(window.getActivePage(),
                    ExperimentsLocation.reportProcedureCopy(), SequenceJson.reportProcedure());
        } catch (IOException | SequenceException | PartInitException e) {
            MessageDialog.openError(window.getShell(), "Open Report Procedure", e.getMessage());
            return null;
        }
    }
}
