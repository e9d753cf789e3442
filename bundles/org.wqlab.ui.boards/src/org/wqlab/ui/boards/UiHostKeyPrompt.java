package org.wqlab.ui.boards;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.wqlab.target.HostKeyPrompt;

/**
 * Asks the user about an unknown host key in a dialog on the UI thread, in OpenSSH's words, with the SHA-256
 * fingerprint. Called by the connect Job's thread, which waits for the answer (and gives up when the Job is
 * cancelled); the UI thread only shows the dialog and never waits on the network.
 */
final class UiHostKeyPrompt implements HostKeyPrompt {

    private final Display display;
    private final IProgressMonitor monitor;

    UiHostKeyPrompt(Display display, IProgressMonitor monitor) {
        this.display = display;
        this.monitor = monitor;
    }

    static String message(UnknownHostKey key) {
        String hostPort = key.port() == 22 ? key.host() : "[" + key.host() + "]:" + key.port();
        return "The authenticity of host '" + hostPort + "' (board '" + key.boardName() + "') can't be established.\n"
                + keyName(key.keyType()) + " key fingerprint is " + key.fingerprint() + ".\n"
                + "This key is not known by any other names.\n\n"
                + "Compare the fingerprint with the one the board shows (ssh-keygen -lf on its host key).\n"
                + "Are you sure you want to continue connecting? The key will be recorded in wqlab's known-hosts file.";
    }

    private static String keyName(String type) {
        if (type == null) {
            return "Host";
        }
        if (type.startsWith("ecdsa")) {
            return "ECDSA";
        }
        if (type.equals("ssh-ed25519")) {
            return "ED25519";
        }
        if (type.startsWith("ssh-rsa") || type.startsWith("rsa")) {
            return "RSA";
        }
        return type;
    }

    @Override
    public boolean acceptUnknownKey(UnknownHostKey key) {
        if (display.isDisposed()) {
            return false;
        }
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        display.asyncExec(() -> answer.complete(ask(key)));
        while (true) {
            if (monitor.isCanceled()) {
                return false;
            }
            try {
                return answer.get(200, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // ask again whether the Job was cancelled
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (ExecutionException e) {
                return false;
            }
        }
    }

    private boolean ask(UnknownHostKey key) {
        Shell parent = display.getActiveShell();
        MessageDialog dialog = new MessageDialog(parent, "Unknown host key: " + key.boardName(), null, message(key),
                MessageDialog.WARNING, 1, "Trust and connect", IDialogConstants.CANCEL_LABEL) {
            @Override
            protected void configureShell(Shell shell) {
                super.configureShell(shell);
                shell.setData(WidgetIds.KEY, WidgetIds.HOST_KEY_SHELL);
            }
        };
        return dialog.open() == 0;
    }
}
