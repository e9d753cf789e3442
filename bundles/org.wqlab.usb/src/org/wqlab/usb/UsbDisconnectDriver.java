package org.wqlab.usb;

import java.util.List;

import org.wqlab.target.Command;
import org.wqlab.target.ExecResult;
import org.wqlab.target.TransportException;

/**
 * One way to take the USB stick away from the board and give it back. Each driver is an OSGi service under this
 * interface; {@link UsbDrivers#installed()} finds them by {@link #id()}.
 */
public interface UsbDisconnectDriver {

    String CONTROL_RUN = "control run: does not reproduce the workqueue stall";

    /** What a sequence's step names the driver with ({@code "driver": "uhubctl"}). */
    String id();

    /** The driver in words, for a board's properties ({@code hub port power off (uhubctl)}). */
    default String description() {
        return id();
    }

    /** False for drivers whose teardown runs in the writing process, not in hub_event (see problem.md). */
    boolean reproducesStall();

    /** Shown beside the driver in the editor; {@link #CONTROL_RUN} for the sysfs drivers. */
    default String note() {
        return reproducesStall() ? "" : CONTROL_RUN;
    }

    /** Whether the runner's cleanup can give the stick back without a person. */
    default boolean reconnectsBySoftware() {
        return true;
    }

    /** What is wrong with a step's fields for this driver, before anything runs; empty when nothing is. */
    default List<FieldProblem> problems(UsbStepFields fields) {
        return List.of();
    }

    void disconnect(UsbAction action) throws TransportException, UsbDriverException, InterruptedException;

    void reconnect(UsbAction action) throws TransportException, UsbDriverException, InterruptedException;

    /** Runs a board command, failing with its output when the exit code is not 0. */
    static void check(UsbDisconnectDriver driver, UsbAction action, Command command)
            throws TransportException, UsbDriverException {
        ExecResult r = action.connection().run(command, action.timeout());
        if (!r.succeeded()) {
            throw new UsbDriverException("USB driver " + driver.id() + ": '" + command + "' exited with "
                    + r.exitCode() + ": " + (r.stderrText() + r.stdoutText()).strip());
        }
    }
}
