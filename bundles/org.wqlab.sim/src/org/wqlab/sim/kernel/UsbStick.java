package org.wqlab.sim.kernel;

import java.util.function.Consumer;

import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.EventLoop;

/**
 * The USB stick (device {@code 2-1}, {@code /dev/sda1} mounted at {@code /run/media/sda1}, holding
 * {@code sample.txt}) and the page cache that belongs to it. Reading fills the cache at the USB throughput, capped by
 * RAM; unmount and drop_caches empty it. A physical pull queues {@code hub_event} on the CPU that takes the USB
 * interrupt, whose teardown is CPU-bound for a time that grows with the cached pages; sysfs {@code remove} and
 * {@code authorized=0} run the same teardown in the writing process instead.
 */
public final class UsbStick {

    public static final String MOUNT_POINT = "/run/media/sda1";
    public static final String SAMPLE_FILE = MOUNT_POINT + "/sample.txt";

    /** How a read ended: bytes copied, virtual duration, and an error text (null when it completed). */
    public record ReadResult(long bytes, long durationNs, String error) {
    }

    private final Kernel kernel;
    private final SimulatedBoardProfile profile;
    private final EventLoop loop;
    private boolean present = true;
    /** The device's sysfs directory: it goes at the end of the teardown, after the cache invalidation. */
    private boolean inSysfs = true;
    private boolean mounted = true;
    private int deviceNumber;
    private long cachedPages;
    private ActiveRead read;
    private int hubEventsQueued;
    private EventLoop.Event enumerating;

    private final class ActiveRead {
        final long startNs;
        final long bytes;
        final long startCachedPages;
        final boolean fromCache;
        final double bytesPerNs;
        final Consumer<ReadResult> done;
        EventLoop.Event end;
        EventLoop.Event nextCompletion;
        long completedBytes;

        ActiveRead(long bytes, boolean fromCache, Consumer<ReadResult> done) {
            this.startNs = loop.now();
            this.bytes = bytes;
            this.startCachedPages = cachedPages;
            this.fromCache = fromCache;
            this.bytesPerNs = (fromCache ? profile.cachedReadBytesPerSecond() : profile.usbReadBytesPerSecond()) / 1e9;
            this.done = done;
        }

        long bytesSoFar() {
            return Math.min(bytes, (long) ((loop.now() - startNs) * bytesPerNs));
        }

        long cachedPagesNow() {
            if (fromCache) {
                return startCachedPages;
            }
            long pages = bytesSoFar() / profile.pageSize();
            return Math.min(profile.cacheLimitPages(), Math.max(startCachedPages, pages));
        }
    }

    UsbStick(Kernel kernel) {
        this.kernel = kernel;
        this.profile = kernel.profile();
        this.loop = kernel.loop();
        this.deviceNumber = profile.usbDeviceNumber();
    }

    public String device() {
        return profile.usbDevice();
    }

    public boolean present() {
        return present;
    }

    public boolean mounted() {
        return mounted;
    }

    /** Whether {@code /sys/bus/usb/devices/<dev>} is there: from enumeration to the end of the teardown. */
    public boolean inSysfs() {
        return inSysfs;
    }

    public int deviceNumber() {
        return deviceNumber;
    }

    /** Pages of the stick's block device and filesystem in the page cache now. */
    public long cachedPages() {
        return read != null ? read.cachedPagesNow() : cachedPages;
    }

    public long cachedBytes() {
        return cachedPages() * profile.pageSize();
    }

    public int hubEventsQueued() {
        return hubEventsQueued;
    }

    /**
     * Reads {@code bytes} of sample.txt (as {@code dd if=... of=/dev/zero}); {@code done} runs when it ends. A file
     * wholly in the cache is read at memory speed; otherwise it streams from the stick, and a file larger than the
     * cache limit evicts its own start before a re-read could use it.
     */
    public void read(long bytes, Consumer<ReadResult> done) {
        if (!present || !mounted) {
            done.accept(new ReadResult(0, 0, "No such file or directory"));
            return;
        }
        if (read != null) {
            done.accept(new ReadResult(0, 0, "Device or resource busy"));
            return;
        }
        long filePages = (bytes + profile.pageSize() - 1) / profile.pageSize();
        boolean fromCache = cachedPages >= filePages && filePages <= profile.cacheLimitPages();
        ActiveRead r = new ActiveRead(bytes, fromCache, done);
        read = r;
        long duration = (long) Math.ceil(bytes / r.bytesPerNs);
        r.end = loop.after(duration, () -> finishRead(null));
        if (!fromCache) {
            scheduleCompletionWork(r);
        }
    }

    /**
     * Block completion of the stick's reads on the CPU that takes the USB interrupt: each batch of about
     * {@code ioCompletionBatchBytes} (+-20 %, seeded) read from the stick queues a CPU-bound work item there that
     * spends {@code ioCompletionNsPerPage} per page of the batch. A work item on that CPU's pool that becomes runnable
     * meanwhile (latency-mon's) waits for it: an occasional small DELAY during a copy, never on another CPU.
     */
    private void scheduleCompletionWork(ActiveRead r) {
        long batchBytes = profile.ioCompletionBatchBytes();
        if (batchBytes <= 0 || profile.ioCompletionNsPerPage() <= 0) {
            return;
        }
        long batch = (long) (batchBytes * (0.8 + 0.4 * kernel.random().nextDouble()));
        long target = r.completedBytes + batch;
        if (target >= r.bytes) {
            return;
        }
        long at = r.startNs + (long) Math.ceil(target / r.bytesPerNs);
        r.nextCompletion = loop.at(at, () -> {
            r.completedBytes = target;
            long pages = batch / profile.pageSize();
            kernel.interrupts().usbBlockCompletion(() -> kernel.workqueues().queue(Kernel.KBLOCKD,
                    kernel.usbIrqCpu(), SimulatedWorkFunction.compute("blk_mq_run_work_fn",
                            pages * profile.ioCompletionNsPerPage())));
            scheduleCompletionWork(r);
        });
    }

    private void finishRead(String error) {
        ActiveRead r = read;
        if (r == null) {
            return;
        }
        long copied = error == null ? r.bytes : r.bytesSoFar();
        cachedPages = r.cachedPagesNow();
        read = null;
        if (r.end != null) {
            r.end.cancel();
        }
        if (r.nextCompletion != null) {
            r.nextCompletion.cancel();
        }
        r.done.accept(new ReadResult(copied, loop.now() - r.startNs, error));
    }

    /** Returned by {@link #umount()} while a read has the filesystem open. */
    public static final long BUSY = -2;

    /**
     * {@code umount}: the filesystem's pages are invalidated in the umount process; returns its duration, -1 when not
     * mounted, {@link #BUSY} while a read is in progress.
     */
    public long umount() {
        if (!mounted) {
            return -1;
        }
        if (read != null) {
            return BUSY;
        }
        long ns = invalidateNs(cachedPages);
        cachedPages = 0;
        mounted = false;
        inSysfs = false; // the writing process returns when the teardown is over
        return ns;
    }

    public boolean mount() {
        if (mounted || !present) {
            return false;
        }
        mounted = true;
        kernel.log().print(KernelLog.INFO, "EXT4-fs (sda1): mounted filesystem with ordered data mode. Quota mode: none.");
        return true;
    }

    /** {@code echo 3 > /proc/sys/vm/drop_caches}: clean cache dropped in the writing process; returns its duration. */
    public long dropCaches() {
        if (read != null) {
            return 0;
        }
        long ns = invalidateNs(cachedPages);
        cachedPages = 0;
        return ns;
    }

    private long invalidateNs(long pages) {
        return pages * profile.invalidateNsPerPage();
    }

    /**
     * A disconnect seen by the hub (physical pull, hub port power off, USB mux): the interrupt on the USB IRQ CPU
     * queues {@code hub_event} on usb_hub_wq there, which runs the teardown.
     * @return false when no stick is plugged in
     */
    public boolean disconnectAtHub() {
        if (!present) {
            return false;
        }
        present = false;
        finishRead("Input/output error");
        hubEventsQueued++;
        kernel.interrupts().usbPortChange(
                () -> kernel.workqueues().queue(Kernel.USB_HUB_WQ, kernel.usbIrqCpu(), new HubEvent()));
        return true;
    }

    /**
     * {@code echo 1 > /sys/bus/usb/devices/<dev>/remove} or {@code echo 0 > .../authorized}: the same teardown runs in
     * the writing process, which takes the time.
     * @return the duration of the writing process, or -1 when no such device
     */
    public long disconnectInProcess() {
        if (!present) {
            return -1;
        }
        present = false;
        finishRead("Input/output error");
        kernel.log().print(KernelLog.INFO, "usb " + device() + ": USB disconnect, device number " + deviceNumber);
        long ns = profile.hubEventSleepBeforeNs() + profile.teardownCpuNs() + invalidateNs(cachedPages)
                + profile.hubEventSleepAfterNs();
        cachedPages = 0;
        mounted = false;
        inSysfs = false; // the writing process returns when the teardown is over
        return ns;
    }

    /** From the plug to the stick's enumeration (device, then its SCSI disk and /dev/sda1), board time. */
    public static final long ENUMERATE_NS = 300_000_000L;

    /**
     * The stick comes back (plug, port power on): after {@link #ENUMERATE_NS} it is enumerated with a new device
     * number and its block device is there again, with nothing of the old mount in the page cache, and the board's
     * automounter (Yocto's udev mount rule, which names the mount point /run/media/sda1) mounts it again.
     * @return false when it is plugged in or being enumerated already
     */
    public boolean plug() {
        if (present || enumerating != null) {
            return false;
        }
        enumerating = loop.after(ENUMERATE_NS, this::enumerate);
        return true;
    }

    /** Whether the stick was plugged and is not enumerated yet. */
    public boolean enumerating() {
        return enumerating != null;
    }

    private void enumerate() {
        enumerating = null;
        present = true;
        inSysfs = true;
        mounted = false;
        cachedPages = 0;
        deviceNumber++;
        KernelLog log = kernel.log();
        log.print(KernelLog.INFO, "usb " + device() + ": new high-speed USB device number " + deviceNumber
                + " using xhci-hcd");
        log.print(KernelLog.INFO, "usb-storage " + device() + ":1.0: USB Mass Storage device detected");
        log.print(KernelLog.INFO, "scsi host0: usb-storage " + device() + ":1.0");
        log.print(KernelLog.NOTICE, "sd 0:0:0:0: [sda] Attached SCSI removable disk");
        mount();
    }

    /** usb_disconnect() in hub_event: message, some sleeping teardown, the CPU-bound cache invalidation, more sleeping. */
    private final class HubEvent implements SimulatedWorkFunction {
        @Override
        public String name() {
            return "hub_event";
        }

        @Override
        public WorkStep next(int step) {
            return switch (step) {
                case 0 -> {
                    kernel.log().print(KernelLog.INFO, "usb " + device() + ": USB disconnect, device number "
                            + deviceNumber);
                    yield new WorkStep.Sleep(profile.hubEventSleepBeforeNs());
                }
                case 1 -> {
                    long pages = cachedPages;
                    mounted = false;
                    yield new WorkStep.Compute(profile.teardownCpuNs() + invalidateNs(pages));
                }
                case 2 -> {
                    cachedPages = 0;
                    yield new WorkStep.Sleep(profile.hubEventSleepAfterNs());
                }
                default -> {
                    if (!present) {
                        inSysfs = false; // usb_disconnect() ends with device_del(): the sysfs entry goes last
                    }
                    yield WorkStep.DONE;
                }
            };
        }
    }
}
