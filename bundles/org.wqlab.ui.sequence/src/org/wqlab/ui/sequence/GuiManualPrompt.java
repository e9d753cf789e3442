package org.wqlab.ui.sequence;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Display;
import org.wqlab.usb.ManualPrompt;

/**
 * The manual driver's prompt in the GUI: the run's thread asks, the dialog opens on the UI thread, and the run waits
 * for the answer (closing the dialog when the Job is cancelled). The UI thread never waits on the run.
 */
public final class GuiManualPrompt implements ManualPrompt {

    private final Display display;
    private final IProgressMonitor monitor;

    public GuiManualPrompt(Display display, IProgressMonitor monitor) {
        this.display = display;
        this.monitor = monitor;
    }

    @Override
    public boolean ask(String message, Duration countdown) throws InterruptedException {
        if (display.isDisposed()) {
            return false;
        }
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        AtomicReference<ManualPromptDialog> open = new AtomicReference<>();
        display.asyncExec(() -> {
            ManualPromptDialog dialog = new ManualPromptDialog(display.getActiveShell(), message,
                    countdown == null ? Duration.ZERO : countdown);
            open.set(dialog);
            answer.complete(dialog.open() == Window.OK);
        });
        while (true) {
            if (monitor.isCanceled()) {
                display.asyncExec(() -> {
                    if (open.get() != null) {
                        open.get().close();
                    }
                });
                return false;
            }
            try {
                return answer.get(200, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // look at the cancel flag again
            } catch (ExecutionException e) {
                return false;
            }
        }
    }
}
