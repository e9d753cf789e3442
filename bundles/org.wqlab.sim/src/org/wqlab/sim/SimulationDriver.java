package org.wqlab.sim;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * How the model's clock advances: in virtual time for tests (a command that takes 6 s of board time returns at once,
 * deterministically), or in real time or N x real time behind the SSH server. The model is single-threaded: every
 * access goes through {@link #call}.
 */
public interface SimulationDriver extends AutoCloseable {

    /** Runs {@code action} on the model thread and returns its result. */
    <T> T call(Supplier<T> action);

    default void run(Runnable action) {
        call(() -> {
            action.run();
            return null;
        });
    }

    /**
     * Lets model time pass until {@code condition} (evaluated on the model thread) holds or {@code maxNs} of board
     * time have passed. @return whether the condition holds
     */
    boolean await(BooleanSupplier condition, long maxNs);

    /** Lets {@code ns} of board time pass. */
    default void sleep(long ns) {
        await(() -> false, ns);
    }

    @Override
    default void close() {
    }
}
