package org.wqlab.sequence.run;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.target.TransportException;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;

/** {@code usb-reconnect}: gives the stick back; the cleanup then has nothing to give back. */
final class UsbReconnectStep implements StepExecutor {

    @Override
    public String execute(Run run, ResolvedStep step, String label) throws StepFailed, TransportException,
            InterruptedException {
        UsbDisconnectDriver d = UsbStepDriver.of(run, step);
        try {
            d.reconnect(UsbStepDriver.action(run, step));
        } catch (UsbDriverException e) {
            throw new StepFailed(label + ": " + e.getMessage());
        }
        run.unpluggedBy = null;
        return "reconnected with " + d.id();
    }
}
