package org.wqlab.analysis.trace;

/**
 * One ftrace event line of the kinds wqlab reads, as {@code trace_pipe} prints it:
 * {@code <comm>-<pid> [<cpu>] <flags> <seconds>: <event>: <fields>}.
 */
public sealed interface TraceEvent {

    /** The task that was running when the event fired, its CPU and the trace clock in microseconds. */
    record Header(String comm, int pid, int cpu, long timestampUs) {
    }

    Header header();

    default long timestampUs() {
        return header().timestampUs();
    }

    default int cpu() {
        return header().cpu();
    }

    /** {@code workqueue_queue_work}; {@code workqueue} is a name on kernels >= 4.x (an address before). */
    record QueueWork(Header header, String work, WorkFunction function, String workqueue, int reqCpu, int poolCpu)
            implements TraceEvent {
    }

    /** {@code workqueue_activate_work}: the item went onto its pool's worklist. */
    record ActivateWork(Header header, String work) implements TraceEvent {
    }

    record ExecuteStart(Header header, String work, WorkFunction function) implements TraceEvent {
    }

    /** {@code function} is null on kernels whose execute_end prints only the work struct. */
    record ExecuteEnd(Header header, String work, WorkFunction function) implements TraceEvent {
    }

    /** {@code prevState} as printed: R / R+ (preempted), S, D, I, ... (left the CPU voluntarily). */
    record SchedSwitch(Header header, String prevComm, int prevPid, String prevState, String nextComm, int nextPid)
            implements TraceEvent {

        /** A task that was still runnable was preempted; any other state means it blocked or slept. */
        public boolean prevLeftVoluntarily() {
            return !prevState.startsWith("R");
        }
    }

    /** {@code irq_handler_entry: irq=N name=NAME}: a hard interrupt's handler starts on the CPU. */
    record IrqEntry(Header header, int irq, String name) implements TraceEvent {
    }

    /** {@code irq_handler_exit: irq=N ret=handled|unhandled}. */
    record IrqExit(Header header, int irq) implements TraceEvent {
    }

    /** {@code softirq_entry: vec=N [action=NAME]}; {@code entry} false for softirq_exit. */
    record Softirq(Header header, int vec, String action, boolean entry) implements TraceEvent {
    }
}
