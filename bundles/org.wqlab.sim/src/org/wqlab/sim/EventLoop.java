package org.wqlab.sim;

import java.util.PriorityQueue;

/**
 * A discrete-event loop over a virtual clock in nanoseconds. Events at the same instant run in the order they
 * were scheduled, so a run is fully deterministic. Idle time costs nothing: the clock jumps to the next event.
 */
public final class EventLoop {

    /** A scheduled event; {@link #cancel()} makes it a no-op without searching the queue. */
    public static final class Event implements Comparable<Event> {
        private final long time;
        private final long order;
        private final Runnable action;
        private boolean cancelled;

        private Event(long time, long order, Runnable action) {
            this.time = time;
            this.order = order;
            this.action = action;
        }

        public void cancel() {
            cancelled = true;
        }

        public long time() {
            return time;
        }

        @Override
        public int compareTo(Event o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(order, o.order);
        }
    }

    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private long now;
    private long nextOrder;
    private long executed;

    public long now() {
        return now;
    }

    /** Events run so far (for benchmarks). */
    public long executedEvents() {
        return executed;
    }

    public Event at(long time, Runnable action) {
        if (time < now) {
            throw new IllegalArgumentException("event at " + time + " ns is in the past (now " + now + " ns)");
        }
        Event e = new Event(time, nextOrder++, action);
        queue.add(e);
        return e;
    }

    public Event after(long delayNs, Runnable action) {
        return at(now + Math.max(0, delayNs), action);
    }

    /** Runs every event up to and including {@code time}, then sets the clock to {@code time}. */
    public void runUntil(long time) {
        while (!queue.isEmpty() && queue.peek().time <= time) {
            step();
        }
        if (time > now) {
            now = time;
        }
    }

    /**
     * Runs events until {@code done} is true or the clock would pass {@code limit}.
     * @return whether {@code done} became true
     */
    public boolean runUntil(java.util.function.BooleanSupplier done, long limit) {
        while (!done.getAsBoolean()) {
            if (queue.isEmpty() || queue.peek().time > limit) {
                if (limit > now) {
                    now = limit;
                }
                return done.getAsBoolean();
            }
            step();
        }
        return true;
    }

    private void step() {
        Event e = queue.poll();
        now = e.time;
        if (!e.cancelled) {
            executed++;
            e.action.run();
        }
    }
}
