package org.wqlab.sim;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;

import org.wqlab.sim.kernel.Kernel;
import org.wqlab.sim.kernel.KernelLog;
import org.wqlab.sim.kernel.UsbStick;

/**
 * The files the kernel generates: /proc (cpuinfo, meminfo, modules, interrupts, config.gz, irq affinity, ...), /sys
 * (the USB devices, /sys/module, the workqueue threshold), /dev/kmsg and the stick's devices, their contents read
 * from the kernel model when read, and what a write to one does to the model. Tracefs is {@link Tracefs}.
 */
final class ProcSysFiles {

    private final SimulatedBoardProfile profile;
    private final Kernel kernel;
    private final SimulationDriver driver;
    private final ModuleLoader modules;
    private volatile boolean deauthorized;

    ProcSysFiles(SimulatedBoardProfile profile, Kernel kernel, SimulationDriver driver, ModuleLoader modules) {
        this.profile = profile;
        this.kernel = kernel;
        this.driver = driver;
        this.modules = modules;
    }

    /** Every generated file there is now (the stick's and the modules' come and go). */
    List<String> paths() {
        List<String> v = new ArrayList<>(List.of("/proc/cpuinfo", "/proc/meminfo", "/proc/modules", "/proc/cmdline",
                "/proc/version", "/proc/config.gz", "/proc/interrupts", "/proc/sys/vm/drop_caches", "/proc/uptime",
                "/proc/irq/" + profile.usbIrq() + "/smp_affinity",
                "/proc/irq/" + profile.usbIrq() + "/smp_affinity_list",
                "/proc/irq/" + profile.usbIrq() + "/effective_affinity_list",
                "/sys/module/workqueue/parameters/cpu_intensive_thresh_us", Tracefs.ROOT + "/trace", "/dev/kmsg",
                "/proc/vmstat", "/proc/mounts"));
        DIRTY_SYSCTLS.keySet().forEach(k -> v.add("/proc/sys/vm/" + k));
        boolean present = driver.call(() -> kernel.usb().present());
        v.addAll(usbSysfs().keySet());
        if (present) {
            v.add("/dev/sda");
            v.add("/dev/sda1");
        }
        modules.addSysfsPaths(v);
        if (driver.call(() -> kernel.usb().mounted())) {
            v.add(UsbStick.SAMPLE_FILE);
        }
        return v;
    }

    /** Linux's {@code /proc/uptime}: seconds since boot and idle seconds, to the hundredth (board time). */
    private static String uptime(long nowNs) {
        long centis = nowNs / 10_000_000L;
        return String.format(Locale.ROOT, "%d.%02d %d.%02d%n", centis / 100, centis % 100, centis / 100,
                centis % 100);
    }

    /** Contents of the generated file at {@code p} (normalized), or empty when it is not one. */
    Optional<byte[]> read(String p) {
        String text = switch (p) {
            case "/proc/cpuinfo" -> cpuinfo();
            case "/proc/meminfo" -> meminfo();
            case "/proc/vmstat" -> vmstat();
            case "/proc/mounts" -> mounts();
            case "/proc/modules" -> modules.procModules();
            case "/proc/cmdline" -> "console=ttySC0,115200 root=/dev/mmcblk0p1 rootwait"
                    + (profile.cpuIntensiveThreshUs() != null
                            ? " workqueue.cpu_intensive_thresh_us=" + profile.cpuIntensiveThreshUs() : "") + "\n";
            case "/proc/version" -> "Linux version " + profile.kernelRelease() + " (oe-user@oe-host) "
                    + profile.kernelBuild() + "\n";
            case "/proc/interrupts" -> interrupts();
            case "/proc/uptime" -> uptime(driver.call(kernel::nowNs));
            case "/proc/sys/vm/drop_caches" -> "0\n";
            case "/sys/module/workqueue/parameters/cpu_intensive_thresh_us" ->
                profile.hasAutoCpuIntensive() ? driver.call(() -> kernel.workqueues().cpuIntensiveThreshUs()) + "\n"
                        : null;
            default -> null;
        };
        if (p.startsWith("/proc/sys/vm/") && DIRTY_SYSCTLS.containsKey(p.substring("/proc/sys/vm/".length()))) {
            text = DIRTY_SYSCTLS.get(p.substring("/proc/sys/vm/".length())) + "\n";
        }
        if (p.equals("/proc/irq/" + profile.usbIrq() + "/smp_affinity")) {
            text = driver.call(kernel::irqAffinityMask) + "\n";
        }
        if (p.equals("/proc/irq/" + profile.usbIrq() + "/smp_affinity_list")
                || p.equals("/proc/irq/" + profile.usbIrq() + "/effective_affinity_list")) {
            text = driver.call(kernel::usbIrqCpu) + "\n";
        }
        if (p.equals("/proc/config.gz")) {
            return Optional.of(gzip(kernelConfig()));
        }
        if (p.equals(UsbStick.SAMPLE_FILE) && driver.call(() -> kernel.usb().mounted())) {
            return Optional.of(new byte[0]);
        }
        if (text == null && p.startsWith("/sys/bus/usb/devices/")) {
            text = usbSysfs().get(p);
        }
        if (text == null && p.startsWith("/sys/module/")) {
            text = modules.sysfsFile(p);
        }
        return text == null ? Optional.empty() : Optional.of(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A write to the generated file at {@code p} (normalized, under /proc, /sys or /dev/kmsg); returns after the
     * board time the write takes in the writing process (drop_caches, USB remove). @return false when {@code p} is
     * no writable generated file
     */
    boolean write(String p, String content) throws Board.WriteError {
        String value = content.strip();
        String dev = "/sys/bus/usb/devices/" + profile.usbDevice();
        if (p.equals("/dev/kmsg")) {
            writeKmsg(content);
        } else if (p.equals("/proc/sys/vm/drop_caches")) {
            if (!value.matches("[123]")) {
                throw new Board.WriteError("Invalid argument");
            }
            long ns = driver.call(() -> kernel.usb().dropCaches());
            driver.sleep(ns);
        } else if (p.equals(dev + "/remove") || p.equals(dev + "/authorized")) {
            writeUsbDevice(p.endsWith("/remove"), value);
        } else if (p.equals("/proc/irq/" + profile.usbIrq() + "/smp_affinity_list")) {
            String first = value.split("[,-]")[0];
            if (!first.matches("\\d+") || Integer.parseInt(first) >= profile.cpus()) {
                throw new Board.WriteError("Invalid argument");
            }
            driver.run(() -> kernel.setIrqAffinity(profile.usbIrq(), Long.toHexString(1L << Integer.parseInt(first))));
        } else if (p.equals("/proc/irq/" + profile.usbIrq() + "/smp_affinity")) {
            try {
                driver.run(() -> kernel.setIrqAffinity(profile.usbIrq(), value));
            } catch (IllegalArgumentException e) {
                throw new Board.WriteError(e.getMessage());
            }
        } else if (p.equals("/sys/module/workqueue/parameters/cpu_intensive_thresh_us")) {
            try {
                long us = Long.parseLong(value);
                driver.run(() -> kernel.workqueues().setCpuIntensiveThreshUs(us));
            } catch (IllegalArgumentException e) {
                throw new Board.WriteError("Invalid argument");
            }
        } else {
            return false;
        }
        return true;
    }

    /** {@code remove} (1) or {@code authorized} (0 or 1) of the stick's device. */
    private void writeUsbDevice(boolean remove, String value) throws Board.WriteError {
        if ((remove && !value.equals("1")) || (!remove && !value.matches("[01]"))) {
            throw new Board.WriteError("Invalid argument");
        }
        if (remove || value.equals("0")) {
            long ns = driver.call(() -> kernel.usb().disconnectInProcess());
            if (ns < 0) {
                if (!remove && deauthorized) {
                    return;
                }
                throw new Board.WriteError("No such device");
            }
            deauthorized = !remove;
            driver.sleep(ns);
        } else if (deauthorized) {
            deauthorized = false;
            driver.call(() -> kernel.usb().plug());
        }
        if (remove) {
            deauthorized = false;
        }
    }

    /**
     * A write to /dev/kmsg: each line becomes a kernel log record, as on a real kernel (userspace markers such as
     * wqlab's step events share the kernel's clock this way). A leading {@code <N>} sets the level; the default is
     * the kernel's default message level, warning.
     */
    private void writeKmsg(String content) {
        for (String line : content.split("\n")) {
            int level = KernelLog.WARNING;
            String text = line;
            if (text.length() > 2 && text.charAt(0) == '<' && text.indexOf('>') > 1) {
                String number = text.substring(1, text.indexOf('>'));
                if (number.chars().allMatch(Character::isDigit) && number.length() <= 3) {
                    level = Integer.parseInt(number) & 7;
                    text = text.substring(text.indexOf('>') + 1);
                }
            }
            if (!text.isEmpty()) {
                int recordLevel = level;
                String recordText = text;
                driver.call(() -> kernel.log().print(recordLevel, recordText));
            }
        }
    }

    /**
     * The stick's sysfs files as on a real board (device 2-1, its mass-storage interface 2-1:1.0, root hubs); after a
     * disconnect the device's directory stays until hub_event's teardown ends, as the kernel removes it last.
     */
    private Map<String, String> usbSysfs() {
        boolean present = driver.call(() -> kernel.usb().present());
        boolean inSysfs = driver.call(() -> kernel.usb().inSysfs());
        Map<String, String> f = new LinkedHashMap<>();
        String root = "/sys/bus/usb/devices/";
        for (int bus = 1; bus <= 2; bus++) {
            String hub = root + "usb" + bus + "/";
            f.put(hub + "idVendor", "1d6b\n");
            f.put(hub + "idProduct", "000" + (bus == 1 ? 2 : 3) + "\n");
            f.put(hub + "product", "xHCI Host Controller\n");
            f.put(hub + "manufacturer", "Linux " + profile.kernelRelease() + " xhci-hcd\n");
            f.put(hub + "speed", (bus == 1 ? "480" : "5000") + "\n");
            f.put(hub + "bDeviceClass", "09\n");
            f.put(hub + "authorized", "1\n");
            String hubIf = root + bus + "-0:1.0/";
            f.put(hubIf + "bInterfaceClass", "09\n");
            f.put(hubIf + "bInterfaceNumber", "00\n");
        }
        if (!inSysfs && !deauthorized) {
            return f;
        }
        String dev = root + profile.usbDevice() + "/";
        f.put(dev + "idVendor", UsbStickIdentity.VENDOR_ID + "\n");
        f.put(dev + "idProduct", UsbStickIdentity.PRODUCT_ID + "\n");
        f.put(dev + "manufacturer", UsbStickIdentity.MANUFACTURER + "\n");
        f.put(dev + "product", UsbStickIdentity.PRODUCT + "\n");
        f.put(dev + "serial", UsbStickIdentity.SERIAL + "\n");
        f.put(dev + "speed", "480\n");
        f.put(dev + "version", " 2.10\n");
        f.put(dev + "bDeviceClass", "00\n");
        f.put(dev + "busnum", profile.usbDevice().substring(0, profile.usbDevice().indexOf('-')) + "\n");
        f.put(dev + "devnum", driver.call(() -> kernel.usb().deviceNumber()) + "\n");
        f.put(dev + "authorized", (present ? "1" : "0") + "\n");
        if (!present) {
            return f;
        }
        f.put(dev + "remove", "");
        String intf = root + profile.usbDevice() + ":1.0/";
        f.put(intf + "bInterfaceClass", "08\n");
        f.put(intf + "bInterfaceSubClass", "06\n");
        f.put(intf + "bInterfaceProtocol", "50\n");
        f.put(intf + "bInterfaceNumber", "00\n");
        f.put(intf + "authorized", "1\n");
        String block = intf + "host0/target0:0:0/0:0:0:0/block/sda/";
        long sectors = profile.stickBytes() / 512;
        f.put(block + "size", sectors + "\n");
        f.put(block + "removable", "1\n");
        f.put(block + "sda1/size", (sectors - 2048) + "\n");
        f.put(block + "sda1/partition", "1\n");
        return f;
    }

    private String cpuinfo() {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < profile.cpus(); c++) {
            boolean big = c < profile.cpus() / 2;
            sb.append("processor\t: ").append(c).append('\n')
                    .append(String.format("BogoMIPS\t: %.2f%n", profile.bogomips()))
                    .append("Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\n")
                    .append("CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x").append(big ? "1" : "0")
                    .append("\nCPU part\t: ").append(big ? "0xd07" : "0xd03").append("\nCPU revision\t: ")
                    .append(big ? "3" : "4").append("\n\n");
        }
        return sb.toString();
    }

    /** The kernel's defaults: the model writes nothing back, so they only say what a writeback would be held to. */
    private static final Map<String, String> DIRTY_SYSCTLS = Map.of("dirty_ratio", "20", "dirty_background_ratio",
            "10", "dirty_bytes", "0", "dirty_background_bytes", "0", "dirty_expire_centisecs", "3000",
            "dirty_writeback_centisecs", "500");

    /** Pages of other files (libraries, the root filesystem's) in the page cache beside the stick's. */
    private static final long OTHER_FILE_PAGES = 12_800;

    private String meminfo() {
        long totalKb = profile.ramBytes() / 1024 - 262_144;
        long cachedKb = driver.call(() -> kernel.usb().cachedBytes()) / 1024;
        long freeKb = Math.max(0, totalKb - cachedKb - 180_000);
        // the model only reads the stick: nothing is dirty or under writeback
        return String.format("MemTotal:       %8d kB%nMemFree:        %8d kB%nMemAvailable:   %8d kB%n"
                + "Buffers:        %8d kB%nCached:         %8d kB%nDirty:          %8d kB%nWriteback:      %8d kB%n",
                totalKb, freeKb, freeKb + cachedKb, 2048, cachedKb, 0, 0);
    }

    /** {@code /proc/mounts}: the root filesystem, proc, sysfs, tracefs and the stick while it is mounted. */
    private String mounts() {
        return "/dev/mmcblk0p1 / ext4 rw,relatime 0 0\nproc /proc proc rw,relatime 0 0\n"
                + "sysfs /sys sysfs rw,relatime 0 0\ntracefs " + Tracefs.ROOT + " tracefs rw,relatime 0 0\n"
                + (driver.call(() -> kernel.usb().mounted()) ? "/dev/sda1 " + UsbStick.MOUNT_POINT
                        + " ext4 rw,relatime 0 0\n" : "");
    }

    /** The page cache's counters of {@code /proc/vmstat} (pages), from the model as meminfo's. */
    private String vmstat() {
        long cachedPages = driver.call(() -> kernel.usb().cachedPages());
        return "nr_free_pages " + Math.max(0, profile.ramBytes() / profile.pageSize() - cachedPages - 45_000) + "\n"
                + "nr_file_pages " + (cachedPages + OTHER_FILE_PAGES) + "\nnr_dirty 0\nnr_writeback 0\n"
                + "nr_dirty_threshold " + (profile.cacheLimitPages() / 5) + "\n"
                + "nr_dirty_background_threshold " + (profile.cacheLimitPages() / 10) + "\n";
    }

    private String interrupts() {
        StringBuilder sb = new StringBuilder("     ");
        for (int c = 0; c < profile.cpus(); c++) {
            sb.append(String.format("      CPU%d", c));
        }
        sb.append('\n').append(String.format("%4d:", profile.usbIrq()));
        int cpu = driver.call(kernel::usbIrqCpu);
        for (int c = 0; c < profile.cpus(); c++) {
            sb.append(String.format(" %10d", c == cpu ? 4711 : 0));
        }
        return sb.append("     GICv2 134 Level     ee000000.usb\n").toString();
    }

    private String kernelConfig() {
        boolean auto = profile.hasAutoCpuIntensive();
        return "#\n# Automatically generated file; DO NOT EDIT.\n# Linux/arm64 " + profile.kernelRelease()
                + " Kernel Configuration\n#\nCONFIG_ARM64=y\nCONFIG_SMP=y\nCONFIG_NR_CPUS=" + profile.cpus()
                + "\nCONFIG_PREEMPT=y\nCONFIG_HZ_" + profile.hz() + "=y\nCONFIG_HZ=" + profile.hz()
                + "\nCONFIG_NO_HZ_IDLE=y\nCONFIG_MODULES=y\nCONFIG_MODULE_UNLOAD=y\nCONFIG_USB_XHCI_HCD=y\n"
                + "CONFIG_USB_STORAGE=y\nCONFIG_FTRACE=y\nCONFIG_FUNCTION_TRACER=y\n"
                + (auto ? "CONFIG_WQ_CPU_INTENSIVE_REPORT=" + (profile.cpuIntensiveReport() ? "y" : "n") + "\n" : "");
    }

    private static byte[] gzip(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }
}
