package org.wqlab.target;

import java.time.Duration;
import java.util.OptionalInt;

/** A long-running remote command ({@code cat /dev/kmsg}, {@code dmesg -w}, trace_pipe) whose output is streaming. */
public interface RemoteStream extends AutoCloseable {

    /** Stops the remote command (TERM signal, then the channel is closed); returns at once. Idempotent. */
    void cancel();

    boolean isRunning();

    /**
     * Waits until the stream ends. @return its exit code, or empty if it was cancelled or it ended without one
     * @throws TransportException.Dropped if the connection broke, TimedOut if it is still running after {@code wait}
     */
    OptionalInt awaitEnd(Duration wait) throws TransportException, InterruptedException;

    @Override
    default void close() {
        cancel();
    }
}
