package org.wqlab.ui;

import java.util.List;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.osgi.framework.Bundle;

/**
 * Connection and run errors as Eclipse shows errors: an entry in the platform log (the Error Log view) and an error
 * dialog with the message and, under Details, one line per fact.
 */
public final class ErrorReports {
    /** The Error Log view (org.eclipse.ui.views.log), which shows the platform log. */
    public static final String ERROR_LOG_VIEW = "org.eclipse.pde.runtime.LogView";

    private ErrorReports() {
    }

    /** The error as one status: the message, the details as its children, the cause (may be null) on it. */
    public static MultiStatus status(String pluginId, String message, List<String> details, Throwable cause) {
        MultiStatus status = new MultiStatus(pluginId, IStatus.ERROR, message, cause);
        for (String line : details) {
            status.add(new Status(IStatus.ERROR, pluginId, line));
        }
        return status;
    }

    /**
     * Logs the error in the platform log and opens the error dialog without waiting for it to be closed (a Job's end
     * reports from any thread; the dialog must not hold the caller). The dialog's title is {@code title}.
     */
    public static void report(String title, MultiStatus status) {
        Bundle bundle = Platform.getBundle(status.getPlugin());
        if (bundle != null) {
            Platform.getLog(bundle).log(status);
        }
        if (!PlatformUI.isWorkbenchRunning()) {
            return;
        }
        Display display = PlatformUI.getWorkbench().getDisplay();
        display.asyncExec(() -> {
            ErrorDialog dialog = new ErrorDialog(parentShell(), title, null, status,
                    IStatus.ERROR | IStatus.WARNING | IStatus.INFO);
            dialog.setBlockOnOpen(false);
            dialog.open();
        });
    }

    private static Shell parentShell() {
        IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        if (window == null && PlatformUI.getWorkbench().getWorkbenchWindowCount() > 0) {
            window = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
        }
        return window == null ? null : window.getShell();
    }
}
