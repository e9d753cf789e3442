package org.wqlab.sim.kernel;

import java.util.List;
import java.util.Random;

import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.EventLoop;

/**
 * The simulated board's kernel: virtual clock, jiffies timers, workqueues, kernel log, tracefs, the USB stick with its
 * page cache, hard interrupts and softirqs, the USB interrupt's affinity and the latency monitor. Deterministic for a given profile (its seed).
 * Not thread-safe: one thread drives it (tests directly, the SSH server through a single model thread).
 */
public final class Kernel {

    /** {@code system_wq} (its name in the kernel is "events"). */
    public static final Workqueue SYSTEM_WQ = Workqueue.perCpu("events");
    public static final Workqueue USB_HUB_WQ = Workqueue.perCpu("usb_hub_wq");
    /**
     * {@code kblockd}: per-CPU (WQ_HIGHPRI in the kernel; here it shares the normal pool, which has the same effect on
     * a normal-priority item queued behind it on that CPU: it waits while the CPU-bound item runs).
     */
    public static final Workqueue KBLOCKD = Workqueue.perCpu("kblockd");
    public static final Workqueue SYSTEM_UNBOUND_WQ = Workqueue.unboundQueue("events_unbound");

    private final SimulatedBoardProfile profile;
    private final EventLoop loop;
    private final KernelLog log;
    private final GroundTruth groundTruth = new GroundTruth();
    private final Tracer tracer;
    private final Timers timers;
    private final WorkqueueSystem workqueues;
    private final UsbStick usb;
    private final Interrupts interrupts;
    private final Random random;
    private int usbIrqCpu;
    private LatencyMonitor monitor;
    private boolean tainted;

    public Kernel(SimulatedBoardProfile profile) {
        this(profile, new EventLoop());
    }

    public Kernel(SimulatedBoardProfile profile, EventLoop loop) {
        this.profile = profile;
        this.loop = loop;
        this.log = new KernelLog(loop);
        this.tracer = new Tracer(loop);
        this.timers = new Timers(loop, profile.hz());
        this.workqueues = new WorkqueueSystem(this);
        this.interrupts = new Interrupts(this);
        timers.interrupts(interrupts);
        tracer.currentTask(workqueues::currentTask);
        this.random = new Random(profile.seed());
        this.usbIrqCpu = profile.usbIrqCpu();
        boot();
        this.usb = new UsbStick(this);
    }

    /** Uptime when the board is up: the boot log is behind it, the shell starts here (a multiple of every tick). */
    public static final long BOOTED_NS = 4_200_000_000L;

    private void boot() {
        String dev = profile.usbDevice();
        Object[][] lines = {
            {0L, KernelLog.INFO, "Booting Linux on physical CPU 0x0000000000 [0x411fd073]"},
            {0L, KernelLog.NOTICE, "Linux version " + profile.kernelRelease() + " (oe-user@oe-host) "
                    + profile.kernelBuild()},
            {0L, KernelLog.INFO, "Machine model: Renesas H3ULCB board based on r8a77951"},
            {88_412_000L, KernelLog.INFO, "SMP: Total of " + profile.cpus() + " processors activated."},
            {1_905_220_000L, KernelLog.INFO, "usb " + dev + ": new high-speed USB device number "
                    + profile.usbDeviceNumber() + " using xhci-hcd"},
            {2_071_004_000L, KernelLog.INFO, "usb-storage " + dev + ":1.0: USB Mass Storage device detected"},
            {3_116_775_000L, KernelLog.NOTICE, "sd 0:0:0:0: [sda] Attached SCSI removable disk"},
            {3_512_340_000L, KernelLog.INFO,
                "EXT4-fs (sda1): mounted filesystem with ordered data mode. Quota mode: none."},
        };
        for (Object[] l : lines) {
            loop.at((Long) l[0], () -> log.print((Integer) l[1], (String) l[2]));
        }
        loop.runUntil(BOOTED_NS);
    }

    public SimulatedBoardProfile profile() {
        return profile;
    }

    public EventLoop loop() {
        return loop;
    }

    public long nowNs() {
        return loop.now();
    }

    public KernelLog log() {
        return log;
    }

    public GroundTruth groundTruth() {
        return groundTruth;
    }

    public Tracer trace() {
        return tracer;
    }

    public Timers timers() {
        return timers;
    }

    public WorkqueueSystem workqueues() {
        return workqueues;
    }

    public Interrupts interrupts() {
        return interrupts;
    }

    public UsbStick usb() {
        return usb;
    }

    /** The simulation's seeded random source (e.g. the CPU the scheduler gives an unpinned process). */
    public Random random() {
        return random;
    }

    public int usbIrqCpu() {
        return usbIrqCpu;
    }

    /** The USB host controller's interrupt number in /proc/irq. */
    public int usbIrq() {
        return profile.usbIrq();
    }

    /**
     * {@code echo <hexmask> > /proc/irq/<n>/smp_affinity}: the interrupt goes to the lowest CPU in the mask.
     * @throws IllegalArgumentException with the kernel's complaint ("Invalid argument") for an empty or bad mask
     */
    public void setIrqAffinity(int irq, String hexMask) {
        if (irq != profile.usbIrq()) {
            throw new IllegalArgumentException("No such file or directory");
        }
        long mask;
        try {
            mask = Long.parseUnsignedLong(hexMask.strip().replace(",", ""), 16);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid argument");
        }
        long online = profile.cpus() >= 64 ? -1L : (1L << profile.cpus()) - 1;
        if ((mask & online) == 0) {
            throw new IllegalArgumentException("Invalid argument");
        }
        usbIrqCpu = Long.numberOfTrailingZeros(mask & online);
    }

    public String irqAffinityMask() {
        return Long.toHexString(1L << usbIrqCpu);
    }

    public LatencyMonitor monitor() {
        return monitor;
    }

    /**
     * Activates the modelled latency-mon; {@code loaderCpu} is the CPU insmod ran on (where {@code taskset} put it),
     * which the original module's first {@code schedule_delayed_work} uses.
     */
    public LatencyMonitor loadLatencyMonitor(LatencyMonitor.Params params, int loaderCpu) {
        if (monitor != null) {
            throw new IllegalStateException("latency_mon is already loaded");
        }
        if (!tainted) {
            tainted = true;
            log.print(KernelLog.WARNING, "latency_mon: loading out-of-tree module taints kernel.");
        }
        monitor = new LatencyMonitor(this, params, loaderCpu);
        monitor.start();
        return monitor;
    }

    public void unloadLatencyMonitor() {
        if (monitor != null) {
            monitor.stop();
            monitor = null;
        }
    }

    /** Queues a work item (a bystander, for instance) as {@code queue_work_on(cpu, wq, ...)} would. */
    public WorkItem queueWork(Workqueue wq, int cpu, SimulatedWorkFunction function) {
        return workqueues.queue(wq, cpu, function);
    }

    public void runFor(long ns) {
        loop.runUntil(loop.now() + ns);
    }

    public void runUntil(long timeNs) {
        loop.runUntil(timeNs);
    }

    /** Log records with sequence number {@code seq} or later. */
    public List<KernelLog.Entry> logSince(long seq) {
        return log.entries().stream().filter(e -> e.seq() >= seq).toList();
    }
}
