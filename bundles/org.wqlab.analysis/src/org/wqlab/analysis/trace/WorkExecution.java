package org.wqlab.analysis.trace;

import java.util.List;

/**
 * One run of a work item, from {@code workqueue_execute_start} to {@code workqueue_execute_end}, with the times it
 * was off the CPU in between (from {@code sched_switch} of its worker).
 *
 * @param workqueue  the workqueue from the matching queue_work event, "" when it was queued before the trace began
 * @param queuedUs   the queue_work time, -1 when unknown; {@code activatedUs} likewise
 * @param endUs      execute_end, or the last trace time when the trace ended first ({@code finished} false)
 * @param offCpu     the worker's absences between start and end, in order
 * @param schedTraced whether sched_switch was recorded at all (else CPU-boundness is unknown)
 */
public record WorkExecution(WorkFunction function, String workqueue, String worker, int workerPid, int cpu,
        long queuedUs, long activatedUs, long startUs, long endUs, boolean finished, List<OffCpu> offCpu,
        boolean schedTraced) {

    /** The worker was switched out at {@code fromUs} and back in at {@code toUs}. */
    public record OffCpu(long fromUs, long toUs, boolean voluntary) {
    }

    /** How long before a waiting item starts the sleep of the item that held the CPU counts as the hand-off. */
    public static final long HAND_OFF_US = 1_000;

    public WorkExecution {
        offCpu = List.copyOf(offCpu);
    }

    public WorkExecution withSchedTraced(boolean traced) {
        return new WorkExecution(function, workqueue, worker, workerPid, cpu, queuedUs, activatedUs, startUs, endUs,
                finished, offCpu, traced);
    }

    public long durationUs() {
        return endUs - startUs;
    }

    /** Time on the CPU inside [fromUs, toUs]. */
    public long onCpuUs(long fromUs, long toUs) {
        long held = overlap(startUs, endUs, fromUs, toUs);
        for (OffCpu o : offCpu) {
            held -= overlap(o.fromUs(), o.toUs(), Math.max(fromUs, startUs), Math.min(toUs, endUs));
        }
        return Math.max(0, held);
    }

    /** Never left the CPU voluntarily between start and end; null when sched_switch was not traced. */
    public Boolean cpuBound() {
        return schedTraced ? offCpu.stream().noneMatch(OffCpu::voluntary) : null;
    }

    /**
     * Never left the CPU voluntarily inside [fromUs, toUs]; null when sched_switch was not traced. A voluntary switch
     * that starts in the last {@link #HAND_OFF_US} before {@code toUs} does not count: it is the sleep that let the
     * waiting item run (the pool's next worker starts a few microseconds after it), so it ends the interval.
     */
    public Boolean cpuBoundWithin(long fromUs, long toUs) {
        if (!schedTraced) {
            return null;
        }
        long handOff = toUs - Math.min(HAND_OFF_US, Math.max(0, toUs - fromUs) / 2);
        return offCpu.stream().noneMatch(o -> o.voluntary() && o.fromUs() < handOff && o.toUs() > fromUs);
    }

    /** The longest stretch without a voluntary switch (preemptions included in the stretch). */
    public long longestCpuBoundUs() {
        long best = 0;
        long from = startUs;
        for (OffCpu o : offCpu) {
            if (o.voluntary()) {
                best = Math.max(best, o.fromUs() - from);
                from = o.toUs();
            }
        }
        return Math.max(best, endUs - from);
    }

    /** The per-CPU normal or high-priority pool's worker names ({@code kworker/0:2}, {@code kworker/0:1H}). */
    public boolean perCpuWorkerOf(int pcpu) {
        return worker.startsWith("kworker/" + pcpu + ":");
    }

    static long overlap(long a0, long a1, long b0, long b1) {
        return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
    }
}
