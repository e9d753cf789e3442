package org.wqlab.sim.kernel;

import java.util.Random;

import org.wqlab.sim.EventLoop;

/**
 * Hard interrupts and softirqs on each CPU, as the {@code irq:irq_handler_entry/exit} and
 * {@code irq:softirq_entry/exit} tracepoints show them. The local timer ({@code arch_timer}) ticks a CPU that is busy
 * (a worker on it) or whose timer expires on the tick (NOHZ: an idle CPU is not ticked otherwise); an expiring timer
 * runs in the TIMER softirq, and every {@link #RCU_EVERY}-th busy tick raises RCU. The USB host controller's interrupt
 * ({@code xhci-hcd:usb1}) comes on its CPU for a hub port change (the hub's status URB completes in the TASKLET
 * softirq, which queues {@code hub_event}) and for each batch of block completions (BLOCK softirq). Handlers borrow
 * time from whatever runs on the CPU: the model does not stretch the interrupted work, so a work item's time on the
 * CPU from sched_switch includes them, as a kernel without IRQ time accounting shows it. Durations are whole
 * microseconds (ftrace prints microseconds), varied by a random source of their own so the rest of the model draws
 * the same numbers with or without them. Every handler is written to the {@link GroundTruth}.
 */
public final class Interrupts {

    /** Interrupt numbers as /proc/interrupts would list them on an arm64 GIC. */
    public static final int TIMER_IRQ = 11;
    public static final String TIMER_NAME = "arch_timer";
    public static final String USB_NAME = "xhci-hcd:usb1";
    /** Softirq vectors of include/linux/interrupt.h. */
    public static final int TIMER_SOFTIRQ = 1;
    public static final int BLOCK_SOFTIRQ = 4;
    public static final int TASKLET_SOFTIRQ = 6;
    public static final int RCU_SOFTIRQ = 9;
    static final String[] SOFTIRQ_NAMES = {"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED",
        "HRTIMER", "RCU"};
    static final int RCU_EVERY = 8;

    private final Kernel kernel;
    private final EventLoop loop;
    private final Random random;
    private final long[] lastTickJiffy;
    private final boolean[] ticking;

    Interrupts(Kernel kernel) {
        this.kernel = kernel;
        this.loop = kernel.loop();
        this.random = new Random(kernel.profile().seed() ^ 0x1e0_1e0L);
        int cpus = kernel.profile().cpus();
        this.lastTickJiffy = new long[cpus];
        this.ticking = new boolean[cpus];
        java.util.Arrays.fill(lastTickJiffy, -1);
    }

    /** A worker went onto an empty CPU: tick it from the next jiffy on while it stays busy. */
    void cpuBusy(int cpu) {
        if (ticking[cpu]) {
            return;
        }
        ticking[cpu] = true;
        long tick = kernel.timers().tickNs();
        loop.at((loop.now() / tick + 1) * tick, () -> busyTick(cpu));
    }

    private void busyTick(int cpu) {
        if (!kernel.workqueues().busy(cpu)) {
            ticking[cpu] = false;
            return;
        }
        long jiffy = kernel.timers().jiffies();
        if (lastTickJiffy[cpu] != jiffy) {
            lastTickJiffy[cpu] = jiffy;
            long end = hardirq(cpu, TIMER_IRQ, TIMER_NAME, us(3, 6));
            if (jiffy % RCU_EVERY == cpu % RCU_EVERY) {
                softirq(cpu, RCU_SOFTIRQ, end, us(2, 5));
            }
        }
        loop.after(kernel.timers().tickNs(), () -> busyTick(cpu));
    }

    /** The tick on {@code cpu} at which a timer expires: the handler, then {@code expire} in the TIMER softirq. */
    void timerExpiry(int cpu, Runnable expire) {
        long jiffy = kernel.timers().jiffies();
        long end = loop.now();
        if (lastTickJiffy[cpu] != jiffy) {
            lastTickJiffy[cpu] = jiffy;
            end = hardirq(cpu, TIMER_IRQ, TIMER_NAME, us(3, 6));
        }
        softirq(cpu, TIMER_SOFTIRQ, end, us(2, 4));
        expire.run();
    }

    /** The USB host controller's interrupt for a hub port change; {@code complete} runs in the TASKLET softirq. */
    void usbPortChange(Runnable complete) {
        int cpu = kernel.usbIrqCpu();
        long end = hardirq(cpu, kernel.usbIrq(), USB_NAME, us(8, 14));
        softirq(cpu, TASKLET_SOFTIRQ, end, us(10, 20));
        complete.run();
    }

    /** The USB host controller's interrupt for finished transfers; {@code complete} runs in the BLOCK softirq. */
    void usbBlockCompletion(Runnable complete) {
        int cpu = kernel.usbIrqCpu();
        long end = hardirq(cpu, kernel.usbIrq(), USB_NAME, us(8, 14));
        softirq(cpu, BLOCK_SOFTIRQ, end, us(20, 40));
        complete.run();
    }

    /** The handler from now for {@code ns}; returns its end. */
    private long hardirq(int cpu, int irq, String name, long ns) {
        long start = loop.now();
        Tracer t = kernel.trace();
        t.irqEntry(cpu, irq, name);
        loop.after(ns, () -> t.irqExit(cpu, irq));
        kernel.groundTruth().interrupt(new InterruptRecord(cpu, InterruptRecord.HARDIRQ, name, start, start + ns));
        return start + ns;
    }

    /** The softirq from {@code at} (when the hard interrupt returns) for {@code ns}. */
    private void softirq(int cpu, int vec, long at, long ns) {
        Tracer t = kernel.trace();
        if (at == loop.now()) {
            t.softirqEntry(cpu, vec);
        } else {
            loop.at(at, () -> t.softirqEntry(cpu, vec));
        }
        loop.at(at + ns, () -> t.softirqExit(cpu, vec));
        kernel.groundTruth().interrupt(new InterruptRecord(cpu, InterruptRecord.SOFTIRQ, SOFTIRQ_NAMES[vec], at,
                at + ns));
    }

    private long us(int min, int max) {
        return (min + random.nextInt(max - min + 1)) * 1000L;
    }
}
