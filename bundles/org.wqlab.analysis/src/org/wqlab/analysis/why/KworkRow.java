package org.wqlab.analysis.why;

/**
 * One work function on one CPU over the whole trace, as {@code perf kwork -k workqueue lat} and its runtime report:
 * how many ran, queue-to-start latency ({@code workqueue_activate_work}, else {@code _queue_work}, to
 * {@code _execute_start}; over the {@code latencyCount} items whose queueing was traced) and execution time
 * ({@code _execute_start} to {@code _end}, finished items).
 *
 * @param monitor whether it is latency-mon's own work (the row a report is about)
 */
public record KworkRow(String function, int cpu, long count, long latencyCount, long meanLatencyUs,
        long p99LatencyUs, long maxLatencyUs, long totalExecUs, long meanExecUs, long maxExecUs, boolean monitor) {
}
