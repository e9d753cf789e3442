package org.wqlab.analysis.why;

/**
 * What one CPU was running at a moment: the task ({@code <idle>} for pid 0) and, for a kworker, the work item it was
 * executing ({@code work} empty otherwise, or when it was between items). {@code task} "?" when the trace does not tell.
 */
public record CpuTask(int cpu, String task, int pid, String work) {
}
