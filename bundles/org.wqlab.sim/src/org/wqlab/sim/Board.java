package org.wqlab.sim;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.wqlab.core.elf.ElfFormatException;
import org.wqlab.core.elf.ElfMachine;
import org.wqlab.core.elf.ModinfoReader;
import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.core.elf.ModuleParameter;
import org.wqlab.sim.kernel.Kernel;
import org.wqlab.sim.kernel.KernelLog;
import org.wqlab.sim.kernel.LatencyMonitor;
import org.wqlab.sim.kernel.UsbStick;

/**
 * The simulated board as its shell sees it: the kernel model, a small filesystem (uploads, /lib/modules), the
 * procfs and sysfs files, and the loaded modules. Every model access goes through the {@link SimulationDriver}.
 */
public final class Board implements AutoCloseable {

    /** A file write to a proc or sys file failed with this errno text (e.g. "Invalid argument"). */
    public static final class WriteError extends Exception {
        private static final long serialVersionUID = 1L;

        public WriteError(String errno) {
            super(errno);
        }
    }

    /** A loaded module; {@code sysfs} holds its files under /sys/module/NAME/ (relative name to contents). */
    record Loaded(String name, ModuleInfo info, int size, Map<String, String> sysfs) {
    }

    private final SimulatedBoardProfile profile;
    private final Kernel kernel;
    private final SimulationDriver driver;
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    /** Folders made by mkdir (a folder also exists when a file lies below it). */
    private final Set<String> dirs = ConcurrentHashMap.newKeySet();
    private final Map<String, Loaded> modules = new LinkedHashMap<>();
    private final long bootEpochSeconds;
    private volatile Path fsRoot;
    private final Tracefs tracefs;
    private volatile boolean deauthorized;

    private Board(SimulatedBoardProfile profile, Kernel kernel, SimulationDriver driver, long bootEpochSeconds) {
        this.profile = profile;
        this.kernel = kernel;
        this.driver = driver;
        this.bootEpochSeconds = bootEpochSeconds;
        this.tracefs = new Tracefs(kernel, driver);
        String dir = "/lib/modules/" + profile.kernelRelease();
        files.put(dir + "/extra/latency-mon.ko", installedModule(profile));
        files.put(dir + "/modules.dep", "extra/latency-mon.ko:\n".getBytes(StandardCharsets.UTF_8));
        files.put("/root/.profile", ("PS1='root@" + profile.hostname() + ":~# '\n").getBytes(StandardCharsets.UTF_8));
    }

    /** A board in virtual time (tests): deterministic, commands return as soon as their board time has passed. */
    public static Board virtual(SimulatedBoardProfile profile) {
        Kernel k = new Kernel(profile);
        return new Board(profile, k, new VirtualTimeDriver(k.loop()), 1_767_225_600L);
    }

    /** A board whose clock runs at {@code speed} x real time on its own thread. */
    public static Board realTime(SimulatedBoardProfile profile, double speed) {
        Kernel k = new Kernel(profile);
        k.groundTruth().retainInMemory(false);
        return new Board(profile, k, new RealTimeDriver(k.loop(), speed), System.currentTimeMillis() / 1000);
    }

    /** srcversion of the latency-mon preinstalled in /lib/modules. */
    public static final String INSTALLED_MODULE_SRCVERSION = "5A7E1C0D2B3F4E6A8C9D0E1";

    /**
     * wqlab's latency-mon as built for this profile's kernel: the parameters kmod/latency-mon.c declares. Its
     * defaults (CPU 0, {@code DELAY:} lines for late runs) give the report's output; the default sequence's
     * {@code cpu=-1 report_all=1 classic=0} need them declared, or the kernel ignores them.
     */
    public static byte[] installedModule(SimulatedBoardProfile p) {
        int machine = "x86_64".equals(p.machine()) ? ElfMachine.EM_X86_64 : ElfMachine.EM_AARCH64;
        return ModuleImage.build(machine, List.of("license=GPL", "description=Workqueue latency monitor",
                "parm=period_ms:Period of the delayed work in ms, 1..3600000 (default 100)",
                "parmtype=period_ms:uint",
                "parm=threshold_ms:Late means later than the period by more than this, in ms (default 9)",
                "parmtype=threshold_ms:uint",
                "parm=cpu:CPU to watch; -1: each online CPU, needs classic=0 (default 0)", "parmtype=cpu:int",
                "parm=report_all:0: late runs only; 1: every run, needs classic=0 (default 0)",
                "parmtype=report_all:int",
                "parm=classic:1: original 'DELAY: <ms>' lines; 0: 'latency_mon: cpu=' lines (default 1)",
                "parmtype=classic:int", "srcversion=" + INSTALLED_MODULE_SRCVERSION, "depends=",
                "name=latency_mon", "vermagic=" + p.vermagic()));
    }

    public SimulatedBoardProfile profile() {
        return profile;
    }

    public SimulationDriver driver() {
        return driver;
    }

    /** Direct model access: only on the model thread (inside {@link SimulationDriver#call}) or in virtual time. */
    public Kernel kernel() {
        return kernel;
    }

    public Tracefs tracefs() {
        return tracefs;
    }

    public long bootEpochSeconds() {
        return bootEpochSeconds;
    }

    // ---- filesystem ----

    /**
     * Backs the filesystem with a real directory as well (the SFTP server's root): files uploaded there are seen by
     * the shell at the same path, e.g. {@code <root>/tmp/latency-mon.ko} as {@code /tmp/latency-mon.ko}.
     */
    public void mountDirectory(Path root) {
        this.fsRoot = root;
    }

    private Optional<Path> onDisk(String path) {
        Path root = fsRoot;
        if (root == null) {
            return Optional.empty();
        }
        Path p = root.resolve(normalize(path).replaceFirst("^/", "")).normalize();
        return p.startsWith(root) ? Optional.of(p) : Optional.empty();
    }

    public Optional<byte[]> file(String path) {
        byte[] b = files.get(normalize(path));
        if (b != null) {
            return Optional.of(b);
        }
        Optional<Path> p = onDisk(path);
        if (p.isPresent() && Files.isRegularFile(p.get())) {
            try {
                return Optional.of(Files.readAllBytes(p.get()));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** Stores a regular file (an SFTP upload, a redirection into a plain file). */
    public void putFile(String path, byte[] content) {
        files.put(normalize(path), content.clone());
    }

    /**
     * Writes a regular file where it lives: on disk when the folder above it exists in the mounted directory (so SFTP
     * and the shell see the same file), else in memory.
     */
    private void storeFile(String path, byte[] content) throws WriteError {
        String p = normalize(path);
        Optional<Path> disk = onDisk(p);
        if (disk.isPresent() && !files.containsKey(p) && disk.get().getParent() != null
                && Files.isDirectory(disk.get().getParent())) {
            try {
                Files.write(disk.get(), content);
                return;
            } catch (IOException e) {
                throw new WriteError("Input/output error");
            }
        }
        if (!isDirectory(parent(p))) {
            throw new WriteError("No such file or directory");
        }
        files.put(p, content.clone());
    }

    public boolean deleteFile(String path) {
        String p = normalize(path);
        boolean removed = files.remove(p) != null;
        Optional<Path> disk = onDisk(p);
        if (disk.isPresent() && Files.isRegularFile(disk.get())) {
            try {
                removed |= Files.deleteIfExists(disk.get());
            } catch (IOException e) {
                // stays; the caller reports it as not removed
            }
        }
        return removed;
    }

    /** A regular file (memory or disk), not a proc/sys/trace file. */
    public boolean isRegularFile(String path) {
        String p = normalize(path);
        if (files.containsKey(p) || p.equals(UsbStick.SAMPLE_FILE) && exists(p)) {
            return true;
        }
        Optional<Path> disk = onDisk(p);
        return (disk.isPresent() && Files.isRegularFile(disk.get())) || (!isDirectory(p) && exists(p));
    }

    public boolean isDirectory(String path) {
        String p = normalize(path);
        if (p.equals("/") || dirs.contains(p) || STANDARD_DIRS.contains(p)) {
            return true;
        }
        Optional<Path> disk = onDisk(p);
        if (disk.isPresent() && Files.isDirectory(disk.get())) {
            return true;
        }
        if (files.containsKey(p)) {
            return false;
        }
        Optional<Tracefs.Location> traceLoc = Tracefs.locate(p);
        if (traceLoc.isPresent()) {
            return tracefs.isDirectory(traceLoc.get());
        }
        return !list(p).isEmpty();
    }

    private static final Set<String> STANDARD_DIRS = Set.of("/tmp", "/root", "/home", "/etc", "/var", "/run",
            "/dev", "/proc", "/sys", "/lib", "/usr", "/bin", "/sbin", "/mnt", "/run/media", "/var/tmp");

    static String parent(String p) {
        int slash = p.lastIndexOf('/');
        return slash <= 0 ? "/" : p.substring(0, slash);
    }

    /** mkdir: the errno text, or null. With {@code parents}, an existing folder is fine and missing parents are made. */
    public String mkdir(String path, boolean parents) {
        String p = normalize(path);
        if (p.startsWith("/proc/") || p.startsWith("/sys/") || p.equals("/proc") || p.equals("/sys")) {
            return exists(p) ? (parents && isDirectory(p) ? null : "File exists") : "Operation not permitted";
        }
        if (exists(p) || isDirectory(p)) {
            return parents && isDirectory(p) ? null : "File exists";
        }
        String parent = parent(p);
        if (!isDirectory(parent)) {
            if (!parents || isRegularFile(parent)) {
                return isRegularFile(parent) ? "Not a directory" : "No such file or directory";
            }
            String e = mkdir(parent, true);
            if (e != null) {
                return e;
            }
        }
        dirs.add(p);
        Optional<Path> disk = onDisk(p);
        if (disk.isPresent()) {
            try {
                Files.createDirectories(disk.get());
            } catch (IOException e) {
                dirs.remove(p);
                return "Input/output error";
            }
        }
        return null;
    }

    /** rmdir of a folder made by mkdir (or on disk): the errno text, or null. */
    public String rmdir(String path) {
        String p = normalize(path);
        if (!isDirectory(p)) {
            return exists(p) ? "Not a directory" : "No such file or directory";
        }
        if (!list(p).isEmpty()) {
            return "Directory not empty";
        }
        if (STANDARD_DIRS.contains(p) || p.startsWith("/proc") || p.startsWith("/sys")) {
            return "Device or resource busy";
        }
        dirs.remove(p);
        Optional<Path> disk = onDisk(p);
        if (disk.isPresent()) {
            try {
                Files.deleteIfExists(disk.get());
            } catch (IOException e) {
                return "Directory not empty";
            }
        }
        return null;
    }

    /** rename(2) of a regular file: the errno text, or null. A folder as target means the same name inside it. */
    public String rename(String from, String to) {
        String src = normalize(from);
        String dst = normalize(to);
        if (isDirectory(dst)) {
            dst = (dst.equals("/") ? "" : dst) + "/" + src.substring(src.lastIndexOf('/') + 1);
        }
        if (src.startsWith("/proc/") || src.startsWith("/sys/") || dst.startsWith("/proc/") || dst.startsWith("/sys/")) {
            return exists(src) ? "Operation not permitted" : "No such file or directory";
        }
        if (!files.containsKey(src) && onDisk(src).filter(Files::isRegularFile).isEmpty()) {
            return isDirectory(src) ? "Is a directory" : "No such file or directory";
        }
        if (src.equals(dst)) {
            return null;
        }
        byte[] content = file(src).orElseThrow();
        try {
            files.remove(dst);
            storeFile(dst, content);
        } catch (WriteError e) {
            return e.getMessage();
        }
        deleteFile(src);
        return null;
    }

    public List<String> listFiles() {
        return new ArrayList<>(new TreeMap<>(files).keySet());
    }

    public static String normalize(String path) {
        String p = path.replaceAll("/+", "/");
        if (p.length() > 1 && p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }

    /** The directory entries under {@code dir}, including the fixed procfs and sysfs ones. */
    public List<String> list(String dir) {
        String d = normalize(dir);
        Optional<Tracefs.Location> traceLoc = Tracefs.locate(d);
        if (traceLoc.isPresent()) {
            return tracefs.list(traceLoc.get());
        }
        List<String> names = new ArrayList<>();
        List<String> all = new ArrayList<>(files.keySet());
        all.addAll(virtualFiles());
        all.addAll(dirs);
        Optional<Path> diskDir = onDisk(d);
        if (diskDir.isPresent() && Files.isDirectory(diskDir.get())) {
            try (Stream<Path> entries = Files.list(diskDir.get())) {
                entries.forEach(e -> all.add((d.equals("/") ? "" : d) + "/" + e.getFileName()));
            } catch (IOException e) {
                // an unreadable upload folder lists as empty
            }
        }
        String prefix = d.equals("/") ? "/" : d + "/";
        for (String f : all) {
            if (f.startsWith(prefix)) {
                String rest = f.substring(prefix.length());
                String name = rest.contains("/") ? rest.substring(0, rest.indexOf('/')) : rest;
                if (!name.isEmpty() && !names.contains(name)) {
                    names.add(name);
                }
            }
        }
        names.sort(null);
        return names;
    }

    private List<String> virtualFiles() {
        String dev = "/sys/bus/usb/devices/" + profile.usbDevice();
        List<String> v = new ArrayList<>(List.of("/proc/cpuinfo", "/proc/meminfo", "/proc/modules", "/proc/cmdline",
                "/proc/version", "/proc/config.gz", "/proc/interrupts", "/proc/sys/vm/drop_caches", "/proc/uptime",
                "/proc/irq/" + profile.usbIrq() + "/smp_affinity",
                "/proc/irq/" + profile.usbIrq() + "/smp_affinity_list",
                "/proc/irq/" + profile.usbIrq() + "/effective_affinity_list",
                "/sys/module/workqueue/parameters/cpu_intensive_thresh_us", Tracefs.ROOT + "/trace", "/dev/kmsg"));
        boolean present = driver.call(() -> kernel.usb().present());
        v.addAll(usbSysfs(present).keySet());
        if (present) {
            v.add("/dev/sda");
            v.add("/dev/sda1");
        }
        synchronized (modules) {
            for (Loaded m : modules.values()) {
                m.sysfs().keySet().forEach(f -> v.add("/sys/module/" + m.name() + "/" + f));
            }
        }
        if (driver.call(() -> kernel.usb().mounted())) {
            v.add(UsbStick.SAMPLE_FILE);
        }
        return v;
    }

    /** Linux's {@code /proc/uptime}: seconds since boot and idle seconds, to the hundredth (board time). */
    static String uptime(long nowNs) {
        long centis = nowNs / 10_000_000L;
        return String.format(java.util.Locale.ROOT, "%d.%02d %d.%02d%n", centis / 100, centis % 100, centis / 100,
                centis % 100);
    }

    /** Contents of a regular, proc or sys file, or empty when there is no such file. */
    public Optional<byte[]> read(String path) {
        String p = normalize(path);
        Optional<Tracefs.Location> traceLoc = Tracefs.locate(p);
        if (traceLoc.isPresent()) {
            return tracefs.read(traceLoc.get()).map(t -> t.getBytes(StandardCharsets.UTF_8));
        }
        String text = switch (p) {
            case "/proc/cpuinfo" -> cpuinfo();
            case "/proc/meminfo" -> meminfo();
            case "/proc/modules" -> procModules();
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
            boolean present = driver.call(() -> kernel.usb().present());
            text = usbSysfs(present).get(p);
        }
        if (text == null && p.startsWith("/sys/module/")) {
            text = moduleSysfs(p);
        }
        if (text != null) {
            return Optional.of(text.getBytes(StandardCharsets.UTF_8));
        }
        return file(p);
    }

    /** Size of a file as {@code ls -l} / {@code dd} see it (sample.txt is the profile's size, not stored). */
    public long size(String path) {
        if (normalize(path).equals(UsbStick.SAMPLE_FILE)) {
            return profile.sampleFileBytes();
        }
        return read(path).map(b -> (long) b.length).orElse(-1L);
    }

    public boolean exists(String path) {
        String p = normalize(path);
        return read(p).isPresent() || isDirectory(p) || virtualFiles().contains(p);
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
     * A write to a file (shell redirection). Proc and sys files act on the model; the call returns after the board
     * time the write takes in the writing process (drop_caches, USB remove).
     */
    public void write(String path, String content, boolean append) throws WriteError {
        String p = normalize(path);
        String value = content.strip();
        String dev = "/sys/bus/usb/devices/" + profile.usbDevice();
        Optional<Tracefs.Location> traceLoc = Tracefs.locate(p);
        if (traceLoc.isPresent()) {
            String error = tracefs.write(traceLoc.get(), value);
            if (error != null) {
                throw new WriteError(error);
            }
            return;
        }
        if (p.equals("/dev/null") || p.equals("/dev/zero")) {
            return;
        }
        if (p.equals("/dev/kmsg")) {
            writeKmsg(content);
            return;
        }
        if (!p.startsWith("/proc/") && !p.startsWith("/sys/")) {
            writeRegular(p, content.getBytes(StandardCharsets.UTF_8), append);
            return;
        }
        if (p.equals("/proc/sys/vm/drop_caches")) {
            if (!value.matches("[123]")) {
                throw new WriteError("Invalid argument");
            }
            long ns = driver.call(() -> kernel.usb().dropCaches());
            driver.sleep(ns);
        } else if (p.equals(dev + "/remove") || p.equals(dev + "/authorized")) {
            boolean remove = p.endsWith("/remove");
            if ((remove && !value.equals("1")) || (!remove && !value.matches("[01]"))) {
                throw new WriteError("Invalid argument");
            }
            if (remove || value.equals("0")) {
                long ns = driver.call(() -> kernel.usb().disconnectInProcess());
                if (ns < 0) {
                    if (!remove && deauthorized) {
                        return;
                    }
                    throw new WriteError("No such device");
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
        } else if (p.equals("/proc/irq/" + profile.usbIrq() + "/smp_affinity_list")) {
            String first = value.split("[,-]")[0];
            if (!first.matches("\\d+") || Integer.parseInt(first) >= profile.cpus()) {
                throw new WriteError("Invalid argument");
            }
            driver.run(() -> kernel.setIrqAffinity(profile.usbIrq(), Long.toHexString(1L << Integer.parseInt(first))));
        } else if (p.equals("/proc/irq/" + profile.usbIrq() + "/smp_affinity")) {
            try {
                driver.run(() -> kernel.setIrqAffinity(profile.usbIrq(), value));
            } catch (IllegalArgumentException e) {
                throw new WriteError(e.getMessage());
            }
        } else if (p.equals("/sys/module/workqueue/parameters/cpu_intensive_thresh_us")) {
            try {
                long us = Long.parseLong(value);
                driver.run(() -> kernel.workqueues().setCpuIntensiveThreshUs(us));
            } catch (IllegalArgumentException e) {
                throw new WriteError("Invalid argument");
            }
        } else {
            throw new WriteError(exists(p) ? "Permission denied" : "No such file or directory");
        }
    }

    /** A write of bytes (shell redirection): regular files take them as they are, proc/sys files as text. */
    public void write(String path, byte[] content, boolean append) throws WriteError {
        String p = normalize(path);
        if (p.startsWith("/proc/") || p.startsWith("/sys/") || p.startsWith("/dev/")) {
            write(p, new String(content, StandardCharsets.UTF_8), append);
        } else {
            writeRegular(p, content, append);
        }
    }

    private void writeRegular(String p, byte[] bytes, boolean append) throws WriteError {
        if (isDirectory(p)) {
            throw new WriteError("Is a directory");
        }
        if (append) {
            byte[] old = file(p).orElse(new byte[0]);
            byte[] joined = new byte[old.length + bytes.length];
            System.arraycopy(old, 0, joined, 0, old.length);
            System.arraycopy(bytes, 0, joined, old.length, bytes.length);
            bytes = joined;
        }
        storeFile(p, bytes);
    }

    /** The stick's sysfs files as on a real board (device 2-1, its mass-storage interface 2-1:1.0, root hubs). */
    private Map<String, String> usbSysfs(boolean present) {
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
        if (!present && !deauthorized) {
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

    private String moduleSysfs(String p) {
        String rest = p.substring("/sys/module/".length());
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return null;
        }
        synchronized (modules) {
            Loaded m = modules.get(rest.substring(0, slash));
            return m == null ? null : m.sysfs().get(rest.substring(slash + 1));
        }
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

    private String meminfo() {
        long totalKb = profile.ramBytes() / 1024 - 262_144;
        long cachedKb = driver.call(() -> kernel.usb().cachedBytes()) / 1024;
        long freeKb = Math.max(0, totalKb - cachedKb - 180_000);
        return String.format("MemTotal:       %8d kB%nMemFree:        %8d kB%nMemAvailable:   %8d kB%n"
                + "Buffers:        %8d kB%nCached:         %8d kB%n", totalKb, freeKb, freeKb + cachedKb, 2048, cachedKb);
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

    // ---- modules ----

    private String procModules() {
        StringBuilder sb = new StringBuilder();
        synchronized (modules) {
            for (Loaded m : modules.values()) {
                sb.append(m.name()).append(' ').append(m.size()).append(" 0 - Live 0xffff800008f80000 (O)\n");
            }
        }
        return sb.toString();
    }

    List<Loaded> loadedModules() {
        synchronized (modules) {
            return List.copyOf(modules.values());
        }
    }

    /** Where modprobe finds a module: /lib/modules/<release>/..., '-' and '_' alike. */
    public Optional<String> findModule(String name) {
        String wanted = name.replace('-', '_');
        String dir = "/lib/modules/" + profile.kernelRelease() + "/";
        return files.keySet().stream().filter(f -> f.startsWith(dir) && f.endsWith(".ko"))
                .filter(f -> f.substring(f.lastIndexOf('/') + 1, f.length() - 3).replace('-', '_').equals(wanted))
                .sorted().findFirst();
    }

    /** The errno text insmod reports, or null when the module loaded. */
    public String insmod(String path, byte[] image, List<String> args, int loaderCpu) {
        ModuleInfo info;
        try {
            info = ModinfoReader.read(path, image);
        } catch (ElfFormatException e) {
            return "Invalid module format";
        }
        String machine = "x86_64".equals(profile.machine()) ? "x86_64" : "aarch64";
        if (!info.identity().machine().name().equals(machine) || !info.identity().isRelocatable()) {
            return "Invalid module format";
        }
        String name = info.name().orElse(path.replaceAll(".*/", "").replace(".ko", "").replace('-', '_'));
        String magic = info.vermagic().orElse("");
        if (!magic.strip().equals(profile.vermagic().strip())) {
            driver.run(() -> kernel.log().print(3, name + ": version magic '" + magic + "' should be '"
                    + profile.vermagic() + "'"));
            return "Invalid module format";
        }
        synchronized (modules) {
            if (modules.containsKey(name)) {
                return "File exists";
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            String key = eq < 0 ? a : a.substring(0, eq);
            String value = eq < 0 ? "1" : a.substring(eq + 1);
            Optional<ModuleParameter> declared = info.parameter(key);
            if (declared.isEmpty()) {
                driver.run(() -> kernel.log().print(4, name + ": unknown parameter '" + key + "' ignored"));
                continue;
            }
            params.put(key, value);
        }
        Map<String, String> parameterFiles;
        try {
            parameterFiles = ModuleSysfs.parameterFiles(name, info, params);
        } catch (ModuleSysfs.InvalidValue e) {
            driver.run(() -> kernel.log().print(3, name + ": " + e.getMessage()));
            return "Invalid argument";
        }
        if (name.equals("latency_mon")) {
            LatencyMonitor.Params p;
            try {
                p = monitorParams(info, params);
            } catch (IllegalArgumentException e) {
                driver.run(() -> kernel.log().print(4, name + ": " + e.getMessage()));
                return "Invalid argument";
            }
            LatencyMonitor.Params chosen = p;
            driver.run(() -> kernel.loadLatencyMonitor(chosen, loaderCpu));
        }
        Map<String, String> sysfs = new LinkedHashMap<>();
        sysfs.put("initstate", "live\n");
        sysfs.put("refcnt", "0\n");
        sysfs.put("taint", "O\n");
        sysfs.put("coresize", "16384\n");
        info.srcversion().ifPresent(v -> sysfs.put("srcversion", v + "\n"));
        parameterFiles.forEach((k, v) -> sysfs.put("parameters/" + k, v));
        synchronized (modules) {
            modules.put(name, new Loaded(name, info, 16384, Map.copyOf(sysfs)));
        }
        return null;
    }

    private LatencyMonitor.Params monitorParams(ModuleInfo info, Map<String, String> params) {
        if (info.parameters().isEmpty()) {
            return LatencyMonitor.Params.originalModule();
        }
        LatencyMonitor.Params d = LatencyMonitor.Params.improvedDefaults();
        long period = number(params, "period_ms", d.periodMs());
        long threshold = number(params, "threshold_ms", d.thresholdMs());
        int cpu = (int) number(params, "cpu", d.cpu());
        if (period <= 0 || threshold < 0 || cpu < -1 || cpu >= profile.cpus()) {
            throw new IllegalArgumentException("invalid parameter value");
        }
        return new LatencyMonitor.Params(false, period, threshold, cpu, bool(params, "classic", d.classic()),
                bool(params, "report_all", d.reportAll()));
    }

    private static long number(Map<String, String> params, String key, long dflt) {
        String v = params.get(key);
        if (v == null) {
            return dflt;
        }
        try {
            return ModuleSysfs.kernelInteger(v, true, 64);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid value '" + v + "' for " + key);
        }
    }

    private static boolean bool(Map<String, String> params, String key, boolean dflt) {
        String v = params.get(key);
        if (v == null) {
            return dflt;
        }
        return switch (v) {
            case "1", "Y", "y" -> true;
            case "0", "N", "n" -> false;
            default -> throw new IllegalArgumentException("invalid value '" + v + "' for " + key);
        };
    }

    /** The errno text rmmod reports, or null. */
    public String rmmod(String name) {
        String n = name.replace('-', '_').replaceAll("\\.ko$", "");
        synchronized (modules) {
            if (modules.remove(n) == null) {
                return "not loaded";
            }
        }
        if (n.equals("latency_mon")) {
            driver.run(kernel::unloadLatencyMonitor);
        }
        return null;
    }

    public ModuleInfo modinfo(String path, byte[] image) throws ElfFormatException {
        return ModinfoReader.read(path, image);
    }

    @Override
    public void close() {
        driver.close();
    }
}
