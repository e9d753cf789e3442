package org.wqlab.sim;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Virtual time: waiting runs the event loop, so a test runs minutes of board time in milliseconds. */
public final class VirtualTimeDriver implements SimulationDriver {

    private final EventLoop loop;

    public VirtualTimeDriver(EventLoop loop) {
        this.loop = loop;
    }

    @Override
    public <T> T call(Supplier<T> action) {
        return action.get();
    }

    @Override
    public boolean await(BooleanSupplier condition, long maxNs) {
        return loop.runUntil(condition, loop.now() + maxNs);
    }
}
