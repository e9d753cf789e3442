package org.wqlab.sim.kernel;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.wqlab.sim.EventLoop;

/**
 * tracefs events in ftrace's text format: {@code workqueue_queue_work}, {@code workqueue_activate_work} (the item
 * goes straight onto the pool's worklist: no max_active limit is modelled), {@code workqueue_execute_start},
 * {@code workqueue_execute_end}, {@code sched_switch} for the kworkers, and the irq events of {@link Interrupts}. Each tracefs instance is a subscriber
 * with its own enable switches; lines go to its {@code trace_pipe} consumer.
 */
public final class Tracer {

    /** The events this model emits, by tracefs name. */
    public static final java.util.List<String> WORKQUEUE_EVENTS = java.util.List.of("workqueue_queue_work",
            "workqueue_activate_work", "workqueue_execute_start", "workqueue_execute_end");
    public static final String SCHED_SWITCH = "sched_switch";
    /** The irq system's events (include/trace/events/irq.h). */
    public static final java.util.List<String> IRQ_EVENTS = java.util.List.of("irq_handler_entry",
            "irq_handler_exit", "softirq_entry", "softirq_exit");

    /** One tracefs instance (the top level one is named ""), with its own event switches. */
    public static final class Instance {
        final String name;
        final java.util.Set<String> enabled = java.util.concurrent.ConcurrentHashMap.newKeySet();
        final Consumer<String> pipe;

        Instance(String name, Consumer<String> pipe) {
            this.name = name;
            this.pipe = pipe;
        }

        public String name() {
            return name;
        }

        public void enable(String event, boolean on) {
            if (on) {
                enabled.add(event);
            } else {
                enabled.remove(event);
            }
        }

        public boolean enabled(String event) {
            return enabled.contains(event);
        }

        public void enableWorkqueue(boolean on) {
            WORKQUEUE_EVENTS.forEach(e -> enable(e, on));
        }

        public void enableSchedSwitch(boolean on) {
            enable(SCHED_SWITCH, on);
        }
    }

    private final EventLoop loop;
    private final List<Instance> instances = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> pids = new HashMap<>();
    private final Map<WorkItem, Long> addresses = new HashMap<>();
    private int nextPid = 40;
    private long nextAddress = 0xffff000012340000L;

    private java.util.function.IntFunction<String> current = cpu -> "swapper/" + cpu;

    Tracer(EventLoop loop) {
        this.loop = loop;
    }

    /** Who runs on a CPU now: the task an interrupt's trace line names. */
    void currentTask(java.util.function.IntFunction<String> task) {
        this.current = task;
    }

    public Instance open(String name, Consumer<String> pipe) {
        Instance i = new Instance(name, pipe);
        instances.add(i);
        return i;
    }

    public void close(Instance i) {
        instances.remove(i);
    }

    private boolean any(String event) {
        for (Instance i : instances) {
            if (i.enabled.contains(event)) {
                return true;
            }
        }
        return false;
    }

    int pid(String comm) {
        if (comm.startsWith("swapper/") || comm.equals("<idle>")) {
            return 0;
        }
        return pids.computeIfAbsent(comm, c -> nextPid++);
    }

    private String address(WorkItem item) {
        return String.format("%016x", addresses.computeIfAbsent(item, i -> nextAddress += 0x40));
    }

    private void emit(String event, String comm, int cpu, String body) {
        String shown = comm.startsWith("swapper/") ? "<idle>" : comm;
        String line = String.format("%16s-%-7d [%03d] ..... %12s: %s", shown, pid(comm), cpu,
                KernelLog.Entry.stamp(loop.now()).strip(), body);
        for (Instance i : instances) {
            if (i.enabled.contains(event)) {
                i.pipe.accept(line);
            }
        }
    }

    void queueWork(WorkItem item, int reqCpu) {
        if (any("workqueue_queue_work")) {
            emit("workqueue_queue_work", "<idle>", Math.max(reqCpu, 0), "workqueue_queue_work: work struct=" + address(item) + " function="
                + item.function.name() + " workqueue=" + item.workqueue.name() + " req_cpu=" + reqCpu + " cpu="
                + item.cpu);
        }
        if (any("workqueue_activate_work")) {
            emit("workqueue_activate_work", "<idle>", Math.max(reqCpu, 0), "workqueue_activate_work: work struct "
                    + address(item));
        }
    }

    void executeStart(WorkItem item, int cpu, String comm) {
        if (any("workqueue_execute_start")) {
            emit("workqueue_execute_start", comm, cpu, "workqueue_execute_start: work struct " + address(item) + ": function "
                    + item.function.name());
        }
    }

    void executeEnd(WorkItem item, int cpu, String comm) {
        if (any("workqueue_execute_end")) {
            emit("workqueue_execute_end", comm, cpu, "workqueue_execute_end: work struct " + address(item) + ": function "
                    + item.function.name());
        }
        addresses.remove(item);
    }

    void irqEntry(int cpu, int irq, String name) {
        if (any("irq_handler_entry")) {
            emit("irq_handler_entry", current.apply(cpu), cpu, "irq_handler_entry: irq=" + irq + " name=" + name);
        }
    }

    void irqExit(int cpu, int irq) {
        if (any("irq_handler_exit")) {
            emit("irq_handler_exit", current.apply(cpu), cpu, "irq_handler_exit: irq=" + irq + " ret=handled");
        }
    }

    void softirqEntry(int cpu, int vec) {
        if (any("softirq_entry")) {
            emit("softirq_entry", current.apply(cpu), cpu, "softirq_entry: vec=" + vec + " [action="
                    + Interrupts.SOFTIRQ_NAMES[vec] + "]");
        }
    }

    void softirqExit(int cpu, int vec) {
        if (any("softirq_exit")) {
            emit("softirq_exit", current.apply(cpu), cpu, "softirq_exit: vec=" + vec + " [action="
                    + Interrupts.SOFTIRQ_NAMES[vec] + "]");
        }
    }

    void sched(int cpu, String prev, String next, boolean prevRunnable) {
        for (Instance i : instances) {
            if (i.enabled.contains(SCHED_SWITCH)) {
                emit(SCHED_SWITCH, prev, cpu, "sched_switch: prev_comm=" + prev + " prev_pid=" + pid(prev)
                        + " prev_prio=120 prev_state=" + (prevRunnable ? "R" : "S") + " ==> next_comm=" + next
                        + " next_pid=" + pid(next) + " next_prio=120");
                return;
            }
        }
    }
}
