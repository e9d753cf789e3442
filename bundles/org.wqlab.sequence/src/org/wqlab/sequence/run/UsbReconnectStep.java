package org.wqlab.sequence.run;

import java.time.Duration;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.target.TransportException;
import org.wqlab.usb.StickMount;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverException;

/**
 * {@code usb-reconnect}: gives the stick back; the cleanup then has nothing to give back. The kernel must log the
 * device's enumeration ({@link PullProof}), else the step fails. With a {@code mount} field
 * ({@code "/dev/sda1 /run/media/sda1"}) it then waits for the block device to be enumerated again and mounts it,
 * whichever driver plugged it back ({@link StickMount}); the sequence's declared file must then be there again.
 */
final class UsbReconnectStep implements StepExecutor {

    /** How long the stick may take to enumerate again, in board time. */
    static final Duration ENUMERATE_TIMEOUT = Duration.ofSeconds(30);

    @Override
    public String execute(Run run, ResolvedStep step, String label) throws StepFailed, RunCancelled,
            TransportException, InterruptedException {
        UsbDisconnectDriver d = UsbStepDriver.of(run, step);
        try {
            d.reconnect(UsbStepDriver.action(run, step));
        } catch (UsbDriverException e) {
            throw new StepFailed(label + ": " + e.getMessage());
        }
        run.unpluggedBy = null;
        String device = UsbStepDriver.action(run, step).device();
        if (!PullProof.enumerated(run, device, ENUMERATE_TIMEOUT.toSeconds())) {
            throw new StepFailed(label + ": " + device + " did not come back: the kernel logged no new USB device "
                    + device + " within " + ENUMERATE_TIMEOUT.toSeconds() + " s (board time) of the reconnect");
        }
        String back = "reconnected with " + d.id() + "; " + device + " enumerated again";
        String mountField = step.text(StickMount.FIELD, "");
        if (mountField.isBlank()) {
            return back + PullProof.fileBack(run);
        }
        StickMount mount = StickMount.parse(mountField)
                .orElseThrow(() -> new StepFailed(label + ": field 'mount': '" + mountField
                        + "' is not 'BLOCK-DEVICE MOUNT-POINT'"));
        try {
            return back + "; " + mount.await(run.connection, ENUMERATE_TIMEOUT) + PullProof.fileBack(run);
        } catch (UsbDriverException e) {
            throw new StepFailed(label + ": " + e.getMessage());
        }
    }
}
