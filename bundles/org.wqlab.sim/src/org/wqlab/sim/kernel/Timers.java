package org.wqlab.sim.kernel;

import org.wqlab.sim.EventLoop;

/**
 * Jiffies and the timer wheel. A timer for {@code jiffies + d} lands in a wheel level by its distance and fires on
 * the tick where its bucket expires: {@code calc_index()} adds one level granularity before rounding down, so a
 * timer never fires early (level 0: exactly one tick late; level 1: up to 8 ticks, ...).
 */
public final class Timers {

    private static final int LVL_CLK_SHIFT = 3;
    private static final int LVL_BITS = 6;

    private final EventLoop loop;
    private final long tickNs;
    private final int hz;
    private Interrupts interrupts;

    Timers(EventLoop loop, int hz) {
        this.loop = loop;
        this.hz = hz;
        this.tickNs = 1_000_000_000L / hz;
    }

    public long jiffies() {
        return loop.now() / tickNs;
    }

    public long tickNs() {
        return tickNs;
    }

    /** {@code msecs_to_jiffies()}: rounds up. */
    public long msecsToJiffies(long ms) {
        return (ms * hz + 999) / 1000;
    }

    /** The jiffy at which a timer armed now for {@code jiffies + delay} runs. */
    public long fireJiffy(long delay) {
        long now = jiffies();
        long expires = now + Math.max(0, delay);
        long delta = expires - now;
        int lvl = 0;
        long start = (1L << LVL_BITS) - 1;
        while (delta >= start && lvl < 8) {
            lvl++;
            start = ((1L << LVL_BITS) - 1) << (lvl * LVL_CLK_SHIFT);
        }
        long gran = 1L << (lvl * LVL_CLK_SHIFT);
        return ((expires + gran) / gran) * gran;
    }

    /** {@code add_timer()} with {@code expires = jiffies + delay}; the callback runs in the tick's timer softirq. */
    public EventLoop.Event add(long delayJiffies, Runnable callback) {
        return loop.at(fireJiffy(delayJiffies) * tickNs, callback);
    }

    void interrupts(Interrupts i) {
        this.interrupts = i;
    }

    /** As {@link #add(long, Runnable)} for a timer of {@code cpu}: it expires in that CPU's tick and TIMER softirq. */
    public EventLoop.Event add(long delayJiffies, int cpu, Runnable callback) {
        return add(delayJiffies, interrupts == null ? callback : () -> interrupts.timerExpiry(cpu, callback));
    }
}
