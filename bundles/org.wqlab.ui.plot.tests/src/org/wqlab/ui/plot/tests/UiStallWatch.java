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
    /** A wait this long has the UI thread's stack sampled. */
    private static final long STALL_MS = 100;
    private static final int FRAMES = 4;
    private final java.util.Map<String, Integer> stalls = new java.util.HashMap<>();

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
            boolean sampled = false;
            synchronized (ran) {
                while (!done[0] && !stopped) {
                    try {
                        ran.wait(sampled ? 1000 : STALL_MS);
                    } catch (InterruptedException e) {
                        return;
                    }
                    if (!done[0] && !sampled) {
                        sampled = true;
                        sample(display.getThread().getStackTrace());
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

    /**
     * Counts what the UI thread was doing when a wait passed {@link #STALL_MS}: its innermost frames, then the
     * innermost frame of wqlab's, SWTChart's or the Console's code under them (who asked for that work).
     */
    private synchronized void sample(StackTraceElement[] stack) {
        StringBuilder where = new StringBuilder();
        int shown = 0;
        String owner = "";
        for (StackTraceElement f : stack) {
            String c = f.getClassName();
            if (shown < FRAMES) {
                where.append(shown == 0 ? "" : " < ").append(c.substring(c.lastIndexOf('.') + 1)).append('.')
                        .append(f.getMethodName());
                shown++;
            } else if (owner.isEmpty() && (c.startsWith("org.wqlab.") || c.startsWith("org.eclipse.swtchart.")
                    || c.startsWith("org.eclipse.ui.console.") || c.startsWith("org.eclipse.ui.internal.console."))) {
                owner = " ... " + c + "." + f.getMethodName() + ":" + f.getLineNumber();
            }
        }
        stalls.merge(where + owner, 1, Integer::sum);
    }

    /** The UI thread's innermost frames at each wait longer than {@link #STALL_MS}, most frequent first. */
    synchronized java.util.List<String> stallPlaces() {
        return stalls.entrySet().stream().sorted(java.util.Map.Entry.<String, Integer>comparingByValue().reversed())
                .map(e -> e.getValue() + "x " + e.getKey()).toList();
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
