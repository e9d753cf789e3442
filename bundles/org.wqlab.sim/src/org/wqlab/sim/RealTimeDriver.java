package org.wqlab.sim;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Runs the model on its own thread, keeping board time at {@code speed} x wall time since start. Callers block in
 * {@link #call} while the model thread runs their action between events.
 */
public final class RealTimeDriver implements SimulationDriver {

    private static final long STEP_NS = 2_000_000;

    private final EventLoop loop;
    private final double speed;
    private final BlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
    private final Thread thread;
    private final Object advanced = new Object();
    private volatile boolean closed;
    private final long wallStart = System.nanoTime();
    private final long boardStart;

    public RealTimeDriver(EventLoop loop, double speed) {
        if (!(speed > 0)) {
            throw new IllegalArgumentException("speed must be > 0, got " + speed);
        }
        this.loop = loop;
        this.speed = speed;
        this.boardStart = loop.now();
        this.thread = new Thread(this::runLoop, "wqlab-sim-model");
        thread.setDaemon(true);
        thread.start();
    }

    private void runLoop() {
        while (!closed) {
            try {
                Runnable task = tasks.poll(STEP_NS, TimeUnit.NANOSECONDS);
                long target = boardStart + (long) ((System.nanoTime() - wallStart) * speed);
                loop.runUntil(target);
                if (task != null) {
                    task.run();
                }
                synchronized (advanced) {
                    advanced.notifyAll();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                // a bad model action fails its caller (through its future), never the clock
            }
        }
    }

    @Override
    public <T> T call(Supplier<T> action) {
        if (Thread.currentThread() == thread) {
            return action.get();
        }
        CompletableFuture<T> f = new CompletableFuture<>();
        tasks.add(() -> {
            try {
                f.complete(action.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public boolean await(BooleanSupplier condition, long maxNs) {
        long deadline = call(loop::now) + maxNs;
        while (!closed) {
            boolean[] state = call(() -> new boolean[] {condition.getAsBoolean(), loop.now() >= deadline});
            if (state[0]) {
                return true;
            }
            if (state[1]) {
                return false;
            }
            synchronized (advanced) {
                try {
                    advanced.wait(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return false;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
