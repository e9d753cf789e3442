package org.wqlab.sim.kernel;

/**
 * Ground truth for one run of the latency monitor's work: the CPU, when it ran, how much later than the period it came
 * ({@code delayUs}, signed) and the line it printed, or null when it printed nothing.
 */
public record MonitorReport(int cpu, long timeNs, long delayUs, String printed) {
}
