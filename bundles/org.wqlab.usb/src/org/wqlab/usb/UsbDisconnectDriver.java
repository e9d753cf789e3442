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

    /**
     * The commands this driver runs on the board ({@code uhubctl}); a run's preflight checks that each is there before
     * anything is loaded, as the disconnect cannot happen without it.
     */
    default List<String> boardTools() {
        return List.of();
    }

    /**
     * Why the device may still be there after {@link #disconnect} succeeded, when the kernel logged no
     * {@code USB disconnect} for it: the end of "2-1 did not disconnect: ...".
     */
    default String whyNotDisconnected() {
        return "the kernel logged no 'USB disconnect' for it";
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
