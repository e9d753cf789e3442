package org.wqlab.ui.plot.tests;

import java.util.Arrays;

import org.eclipse.swt.widgets.Display;

/**
 * How long the UI thread keeps a posted runnable waiting: a watcher thread posts one with {@code asyncExec} every
 * {@code periodMs}, and the runnable records the time from its posting to its running. Every event the workbench
 * handles meanwhile (a paint, a click) waits as long, so this is how long the UI was blocked.
 */
final class UiStallWatch implements AutoCloseable {
    private final Display display;
    private final long periodMs;
    private final Thread watcher;
    private long[] waitsUs = new long[1 << 16];
    private int count;
    private volatile boolean stopped;

    UiStallWatch(Display display, long periodMs) {
        this.display = display;
        this.periodMs = periodMs;
        watcher = Thread.ofPlatform().daemon().name("ui-stall-watch").start(this::watch);
    }

    private void watch() {
        Object ran = new Object();
        while (!stopped && !display.isDisposed()) {
            long posted = System.nanoTime();
            boolean[] done = new boolean[1];
            display.asyncExec(() -> {
                record((System.nanoTime() - posted) / 1000);
                synchronized (ran) {
                    done[0] = true;
                    ran.notifyAll();
                }
            });
            synchronized (ran) {
                while (!done[0] && !stopped) {
                    try {
                        ran.wait(1000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
            try {
                Thread.sleep(periodMs); // the watch's own pace, not a wait for a state
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void record(long us) {
        if (count == waitsUs.length) {
            waitsUs = Arrays.copyOf(waitsUs, count * 2);
        }
        waitsUs[count++] = us;
    }

    /** The waits recorded so far, sorted, in microseconds. */
    synchronized long[] sortedWaitsUs() {
        long[] copy = Arrays.copyOf(waitsUs, count);
        Arrays.sort(copy);
        return copy;
    }

    static long percentile(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }

    @Override
    public void close() {
        stopped = true;
        watcher.interrupt();
    }
}
