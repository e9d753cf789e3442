package org.wqlab.ui.sequence.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.Test;
import org.wqlab.ui.sequence.GuiManualPrompt;
import org.wqlab.ui.sequence.WidgetIds;
import org.wqlab.ui.testing.UiWait;

/**
 * The manual USB driver's prompt: asked from the run's thread, a modal dialog with a countdown, then Done. The
 * dialog runs its own event loop, so the test acts from a timer inside that loop (as a person would, by events).
 */
class ManualPromptTest {

    @Test
    void confirmIsOfferedWhenTheCountdownEnds() {
        EditorHarness ui = new EditorHarness();
        GuiManualPrompt prompt = new GuiManualPrompt(ui.display, new NullProgressMonitor());
        List<Boolean> enabledSeen = new ArrayList<>();
        Runnable[] person = new Runnable[1];
        person[0] = () -> {
            Shell dialog = promptShell(ui);
            Button done = dialog == null ? null : (Button) EditorHarness.byId(dialog, WidgetIds.PROMPT_CONFIRM);
            if (done != null) {
                enabledSeen.add(done.getEnabled());
                if (done.getEnabled()) {
                    ui.click(done);
                    return;
                }
            }
            ui.display.timerExec(100, person[0]);
        };
        ui.display.timerExec(100, person[0]);
        CompletableFuture<Boolean> answer = ask(prompt, "Pull the USB stick 2-1 now", Duration.ofSeconds(2));
        assertTrue(UiWait.until(ui.display, () -> answer.isDone() ? answer.join() : null, Duration.ofSeconds(20),
                "the answer"), "Done confirms");
        assertEquals(Boolean.FALSE, enabledSeen.get(0), "Done is not offered before the countdown ends");
        assertTrue(enabledSeen.size() > 5, "the countdown took its 2 s: " + enabledSeen.size() + " looks");
    }

    @Test
    void cancellingTheRunClosesThePromptAndRefuses() {
        EditorHarness ui = new EditorHarness();
        NullProgressMonitor monitor = new NullProgressMonitor();
        GuiManualPrompt prompt = new GuiManualPrompt(ui.display, monitor);
        Runnable[] cancel = new Runnable[1];
        cancel[0] = () -> {
            if (promptShell(ui) != null) {
                monitor.setCanceled(true);
            } else {
                ui.display.timerExec(100, cancel[0]);
            }
        };
        ui.display.timerExec(100, cancel[0]);
        CompletableFuture<Boolean> answer = ask(prompt, "Plug the USB stick 2-1 back in", Duration.ZERO);
        UiWait.until(ui.display, answer::isDone, Duration.ofSeconds(20), "the answer");
        assertEquals(Boolean.FALSE, answer.join(), "a cancelled run is not a confirmation");
        UiWait.until(ui.display, () -> promptShell(ui) == null, EditorHarness.SHORT, "the dialog to close");
    }

    private static CompletableFuture<Boolean> ask(GuiManualPrompt prompt, String message, Duration countdown) {
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                answer.complete(prompt.ask(message, countdown));
            } catch (InterruptedException e) {
                answer.complete(null);
            }
        });
        return answer;
    }

    private static Shell promptShell(EditorHarness ui) {
        for (Shell s : ui.display.getShells()) {
            if (!s.isDisposed() && WidgetIds.PROMPT_SHELL.equals(s.getData(WidgetIds.KEY)) && s.isVisible()) {
                return s;
            }
        }
        return null;
    }
}
