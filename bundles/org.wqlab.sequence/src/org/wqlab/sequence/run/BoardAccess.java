package org.wqlab.sequence.run;

import org.wqlab.target.BoardConnection;
import org.wqlab.target.TransportException;
import org.wqlab.usb.ManualPrompt;

/**
 * How the runner reaches the board.
 *
 * @param connector    opens a connection (the runner owns it and closes it; it reconnects with it after a drop to
 *                     clean up)
 * @param speed        board time per wall time: 1 for a real board, the simulator's speed for a simulated one; step
 *                     sleeps and timeouts are board time
 * @param usbDriver    the board's own disconnect driver (a driver id, see {@code org.wqlab.usb.UsbDrivers}), used where a step says "board"
 * @param prompt       for the manual driver
 */
public record BoardAccess(Connector connector, double speed, String usbDriver, ManualPrompt prompt) {

    @FunctionalInterface
    public interface Connector {
        BoardConnection connect() throws TransportException;
    }
}
