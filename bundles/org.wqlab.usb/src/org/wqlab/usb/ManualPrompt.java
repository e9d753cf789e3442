package org.wqlab.usb;

import java.time.Duration;

/** Asks a person to pull or plug the stick: a dialog with a countdown in the GUI, a terminal prompt headless. */
@FunctionalInterface
public interface ManualPrompt {

    /** @return true once the person confirms, false if they refuse or cancel */
    boolean ask(String message, Duration countdown) throws InterruptedException;
}
