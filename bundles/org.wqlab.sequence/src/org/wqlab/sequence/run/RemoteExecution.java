package org.wqlab.sequence.run;

import java.io.IOException;

/**
 * A board that runs a whole sequence itself instead of step by step over a connection: a lab's scheduler runs it as
 * one job on a device it reserves. The runner hands it the run (the resolved sequence, where kernel lines and step
 * outcomes go) and records the experiment around it as for any board.
 */
public interface RemoteExecution {

    /** Who runs it, for messages ("LAVA server lab1, device type qemu"). */
    String description();

    /**
     * Runs the sequence and returns how it ended. Whatever arrived is already in {@code run} when this returns or
     * throws; a cancel ({@link RemoteRun#isCanceled()}) must end the remote job too.
     *
     * @throws IOException when the board's side cannot be reached or refuses; the run is then recorded as failed
     *                     (nothing started) or interrupted (something arrived), with this message
     */
    RemoteOutcome execute(RemoteRun run) throws IOException, InterruptedException;
}
