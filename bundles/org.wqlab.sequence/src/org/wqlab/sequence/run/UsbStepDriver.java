package org.wqlab.sequence.run;

import java.time.Duration;
import java.util.List;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.SequenceValidator;
import org.wqlab.usb.UsbAction;
import org.wqlab.usb.UsbDisconnectDriver;
import org.wqlab.usb.UsbDriverIds;
import org.wqlab.usb.UsbDrivers;

/** The USB driver a disconnect or reconnect step names ({@code board}: the board's own) and the action it takes. */
final class UsbStepDriver {

    private UsbStepDriver() {
    }

    static UsbDisconnectDriver of(Run run, ResolvedStep r) throws StepFailed {
        String id = r.text("driver", UsbDriverIds.BOARD_DEFAULT);
        if (id.equals(UsbDriverIds.BOARD_DEFAULT)) {
            id = run.board.usbDriver() == null ? UsbDriverIds.MANUAL : run.board.usbDriver();
        }
        String chosen = id;
        UsbDisconnectDriver driver = UsbDrivers.installed().byId(id)
                .orElseThrow(() -> new StepFailed(r.label() + ": unknown USB driver " + chosen));
        // the validator cannot check the fields for "board": the board's driver is known only here
        List<String> problems = SequenceValidator.driverProblems(r, driver);
        if (!problems.isEmpty()) {
            throw new StepFailed(String.join("; ", problems) + " (driver " + id + ")");
        }
        return driver;
    }

    static UsbAction action(Run run, ResolvedStep r) {
        double countdown = r.seconds("countdown", 10);
        return new UsbAction(run.connection, r.text("device", "2-1"), r.text("hub", ""), r.text("port", ""),
                r.text("message", ""), Duration.ofMillis((long) (countdown * 1000)), run.board.prompt(), Run.SHORT);
    }
}
