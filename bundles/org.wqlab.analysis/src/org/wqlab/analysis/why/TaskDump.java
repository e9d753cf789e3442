package org.wqlab.analysis.why;

import java.util.List;

/**
 * Every traced CPU's task at one moment of a late run, as rtla's {@code --dump-tasks} prints it.
 *
 * @param moment {@link #RUNNABLE} (the monitor's work became runnable) or {@link #STALL_END} (just before it ran)
 */
public record TaskDump(String moment, long atUs, List<CpuTask> cpus) {

    public static final String RUNNABLE = "monitor's work runnable";
    public static final String STALL_END = "end of the stall";

    public TaskDump {
        cpus = cpus == null ? List.of() : List.copyOf(cpus);
    }
}
