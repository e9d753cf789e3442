package org.wqlab.sequence.run;

import java.util.Optional;

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
 * @param remote       set for a board that runs the whole sequence itself (a lab's job); then nothing connects
 */
public record BoardAccess(Connector connector, double speed, String usbDriver, ManualPrompt prompt,
        Optional<RemoteExecution> remote) {

    public BoardAccess {
        remote = remote == null ? Optional.empty() : remote;
    }

    public BoardAccess(Connector connector, double speed, String usbDriver, ManualPrompt prompt) {
        this(connector, speed, usbDriver, prompt, Optional.empty());
    }

    /**
     * This access, run through the remote execution an installed bundle brings for boards of {@code kind} (see
     * {@link RemoteExecutions}), when there is one; else this access as it is.
     *
     * @throws java.io.IOException when the provider cannot make the board's execution (a server not configured)
     */
    public BoardAccess remoteFor(String kind, String boardName, java.util.Map<String, String> settings)
            throws java.io.IOException {
        Optional<RemoteExecutionProvider> provider = RemoteExecutions.forKind(kind);
        if (provider.isEmpty()) {
            return this;
        }
        return new BoardAccess(connector, speed, usbDriver, prompt,
                Optional.of(provider.get().of(boardName, settings)));
    }

    @FunctionalInterface
    public interface Connector {
        BoardConnection connect() throws TransportException;
    }
}
