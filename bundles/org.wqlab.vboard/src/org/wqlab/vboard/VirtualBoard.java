package org.wqlab.vboard;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.wqlab.core.store.AtomicFiles;
import org.wqlab.target.HostKeyFingerprint;

import com.google.gson.JsonObject;

/**
 * The QEMU virtual board: a Debian kernel under software emulation with an emulated USB stick (see
 * releng/virtual-board). Its files live in {@code ${WQLAB_CACHE:-~/.cache/wqlab}/vboard}; one board runs at a time
 * per cache, so separate processes ({@code wqlab vboard start}, {@code wqlab run --board vboard},
 * {@code wqlab vboard stop}) find it through {@code run/board.properties}.
 */
public final class VirtualBoard {

    /** QEMU ids: the stick's usb-storage device, its drive, the xHCI controller. */
    public static final String STICK_DEVICE = "stick0";
    public static final String STICK_DRIVE = "stick";
    public static final String XHCI_BUS = "xhci.0";
    /** The stick's USB device path in the guest (xHCI USB 2 port 1 enumerates on the second root hub). */
    public static final String GUEST_USB_DEVICE = "2-1";
    public static final String BUILD_SCRIPT = "releng/virtual-board/build.sh";

    private static final String STATE = "board.properties";
    private final Path home;

    public VirtualBoard(Path home) {
        this.home = home.toAbsolutePath().normalize();
    }

    /** {@code $WQLAB_CACHE/vboard}, else {@code ~/.cache/wqlab/vboard} (where build.sh writes). */
    public static VirtualBoard atDefaultLocation() {
        String cache = System.getenv("WQLAB_CACHE");
        Path base = cache == null || cache.isBlank() ? Path.of(System.getProperty("user.home"), ".cache", "wqlab")
                : Path.of(cache);
        return new VirtualBoard(base.resolve("vboard"));
    }

    public Path home() {
        return home;
    }

    public Path runDir() {
        return home.resolve("run");
    }

    public Path stick() {
        return home.resolve("stick.img");
    }

    public BoardImage image(VboardArch arch) throws VboardException {
        return BoardImage.load(home.resolve(arch.id()), arch);
    }

    /** Whether build.sh made this architecture's board and the stick (cheap: two file checks). */
    public boolean isBuilt(VboardArch arch) {
        return Files.isRegularFile(home.resolve(arch.id()).resolve(BoardImage.FILE)) && Files.isRegularFile(stick());
    }

    /**
     * The board's SSH host key as OpenSSH writes it ({@code ssh-ed25519 BASE64}), from build.sh's
     * {@code host_key.pub} beside the client key, checked against the fingerprint build.sh recorded.
     */
    public static String hostPublicKey(RunningBoard b) throws VboardException {
        Path file = b.key().resolveSibling("host_key.pub");
        String[] fields;
        try {
            fields = Files.readString(file, StandardCharsets.US_ASCII).strip().split("\\s+");
        } catch (IOException e) {
            throw new VboardException("cannot read the virtual board's host key " + file + ": " + e.getMessage(), e);
        }
        if (fields.length < 2) {
            throw new VboardException(file + ": expected 'TYPE BASE64', found " + fields.length + " field(s)");
        }
        String fingerprint;
        try {
            fingerprint = HostKeyFingerprint.sha256(Base64.getDecoder().decode(fields[1]));
        } catch (IllegalArgumentException e) {
            throw new VboardException(file + ": the key is not base64: " + e.getMessage(), e);
        }
        if (!fingerprint.equals(b.hostKeyFingerprint())) {
            throw new VboardException(file + " has fingerprint " + fingerprint + " but build.sh recorded "
                    + b.hostKeyFingerprint() + ": rebuild with 'wqlab vboard build'");
        }
        return fields[0] + " " + fields[1];
    }

    // ------------------------------------------------------------------ build

    /**
     * The checkout holding build.sh: $WQLAB_ROOT, the system property wqlab.repo.root, a parent of the cwd, or a
     * parent of the product's install folder (the product is built inside the checkout).
     */
    public static Path findRepoRoot() throws VboardException {
        List<Path> tried = new ArrayList<>();
        for (String s : new String[] { System.getenv("WQLAB_ROOT"), System.getProperty("wqlab.repo.root") }) {
            if (s != null && !s.isBlank()) {
                tried.add(Path.of(s));
            }
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            tried.add(p);
        }
        String install = System.getProperty("osgi.install.area");
        if (install != null && install.startsWith("file:")) {
            try {
                for (Path p = Path.of(URI.create(install.replace(" ", "%20"))); p != null;
                        p = p.getParent()) {
                    tried.add(p);
                }
            } catch (IllegalArgumentException e) {
                // not a plain file URL: the other places still count
            }
        }
        for (Path p : tried) {
            if (Files.isRegularFile(p.resolve(BUILD_SCRIPT))) {
                return p.toAbsolutePath();
            }
        }
        throw new VboardException("cannot find " + BUILD_SCRIPT + ": run from a wqlab checkout or set WQLAB_ROOT"
                + " to one");
    }

    /** Runs build.sh (Debian packages, initramfs, stick); its output goes to lines. @return its exit code */
    public int build(Path repoRoot, VboardArch arch, int stickMib, Consumer<String> lines)
            throws VboardException, InterruptedException {
        return build(repoRoot, arch, stickMib, lines, () -> false);
    }

    /**
     * As {@link #build(Path, VboardArch, int, Consumer)}; when {@code cancelled} is true at a line of output, build.sh
     * and its children are ended and InterruptedException thrown.
     */
    public int build(Path repoRoot, VboardArch arch, int stickMib, Consumer<String> lines, BooleanSupplier cancelled)
            throws VboardException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", repoRoot.resolve(BUILD_SCRIPT).toString(), "--arch", arch.id(),
                "--stick-mib", Integer.toString(stickMib)).redirectErrorStream(true);
        pb.environment().put("WQLAB_CACHE", home.getParent().toString());
        try {
            Process p = pb.start();
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null;) {
                    lines.accept(line);
                    if (cancelled.getAsBoolean()) {
                        p.descendants().forEach(ProcessHandle::destroy);
                        p.destroy();
                        throw new InterruptedException("the virtual board's build was cancelled");
                    }
                }
            }
            return p.waitFor();
        } catch (IOException e) {
            throw new VboardException("cannot run " + BUILD_SCRIPT + ": " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ start, status, stop

    /** How to start: CPUs, guest memory, and the CPU that takes the xHCI interrupt (the monitored CPU). */
    public record StartOptions(int cpus, int memoryMib, int irqCpu, Duration bootTimeout) {
        public static final StartOptions DEFAULT = new StartOptions(2, 3072, 0, Duration.ofMinutes(5));
    }

    /** Boots the board and returns once its SSH server answers; progress gets a line every few seconds. */
    public RunningBoard start(VboardArch arch, StartOptions options, Consumer<String> progress)
            throws VboardException, InterruptedException {
        return start(arch, options, progress, () -> false);
    }

    /**
     * As {@link #start(VboardArch, StartOptions, Consumer)}; when {@code cancelled} turns true during the boot, the
     * VM is stopped and InterruptedException thrown.
     */
    public RunningBoard start(VboardArch arch, StartOptions options, Consumer<String> progress,
            BooleanSupplier cancelled) throws VboardException, InterruptedException {
        Optional<RunningBoard> already = running();
        if (already.isPresent()) {
            RunningBoard b = already.get();
            throw new VboardException("a " + b.arch().id() + " virtual board is already running (pid " + b.pid()
                    + ", ssh 127.0.0.1:" + b.sshPort() + "): stop it first with 'wqlab vboard stop'");
        }
        if (options.irqCpu() < 0 || options.irqCpu() >= options.cpus()) {
            throw new VboardException("the xHCI interrupt CPU " + options.irqCpu() + " is not one of the "
                    + options.cpus() + " CPUs");
        }
        BoardImage image = image(arch);
        if (!Files.isRegularFile(stick())) {
            throw new VboardException("no USB stick image " + stick() + ": run 'wqlab vboard build' first");
        }
        Path run = runDir();
        Path qmp = run.resolve("qmp.sock");
        Path serial = run.resolve("serial.log");
        Path pidFile = run.resolve("qemu.pid");
        try {
            Files.createDirectories(run);
            for (String f : new String[] { STATE, "qmp.sock", "serial.log", "qemu.pid", "known_hosts" }) {
                Files.deleteIfExists(run.resolve(f));
            }
        } catch (IOException e) {
            throw new VboardException("cannot prepare " + run + ": " + e.getMessage(), e);
        }
        if (qmp.toString().length() > 100) {
            throw new VboardException("the QMP socket path " + qmp + " is too long for a unix socket: set"
                    + " WQLAB_CACHE to a shorter folder");
        }
        int port = freeLoopbackPort();
        List<String> command = new ArrayList<>(List.of(arch.qemu()));
        command.addAll(arch.machineArguments());
        command.addAll(List.of("-accel", "tcg", "-smp", Integer.toString(options.cpus()), "-m",
                Integer.toString(options.memoryMib()), "-kernel", image.kernel().toString(), "-initrd",
                image.initrd().toString(), "-append",
                "console=" + arch.console() + " panic=-1 loglevel=1 wqlab.irq_cpu=" + options.irqCpu(),
                "-display", "none", "-monitor", "none", "-no-reboot", "-serial", "file:" + option(serial),
                "-qmp", qmpSpec(qmp),
                "-netdev", "user,id=n0,restrict=on,hostfwd=tcp:" + RunningBoard.HOST + ":" + port + "-:22",
                "-device", "virtio-net-pci,netdev=n0", "-device", "qemu-xhci,id=xhci",
                "-drive", driveSpec(stick()),
                "-device", "usb-storage,bus=" + XHCI_BUS + ",port=1,drive=" + STICK_DRIVE + ",id=" + STICK_DEVICE,
                "-daemonize", "-pidfile", pidFile.toString()));
        progress.accept("starting " + arch.qemu() + " (Debian " + image.kernelRelease() + ", " + options.cpus()
                + " CPUs, " + options.memoryMib() + " MiB, xHCI interrupt on CPU " + options.irqCpu()
                + "); serial log " + serial);
        long pid;
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            int exit = p.waitFor();
            if (exit != 0) {
                throw new VboardException(arch.qemu() + " exited with " + exit + ": " + output);
            }
            pid = Long.parseLong(Files.readString(pidFile).strip());
        } catch (IOException | NumberFormatException e) {
            throw new VboardException("cannot start " + arch.qemu() + ": " + e.getMessage(), e);
        }
        RunningBoard board = new RunningBoard(arch, pid, port, qmp, serial, stick(), image.key(),
                image.hostKeyFingerprint(), image.kernelRelease(), options.irqCpu(), Instant.now());
        writeState(board);
        try {
            awaitSsh(board, options.bootTimeout(), progress, cancelled);
        } catch (VboardException | InterruptedException | RuntimeException e) {
            stop(progress);
            throw e;
        }
        progress.accept("SSH answers on " + RunningBoard.HOST + ":" + port + " after "
                + Duration.between(board.started(), Instant.now()).toMillis() / 1000.0 + " s");
        return board;
    }

    /** The board this cache's run folder describes, if its QEMU process is alive. */
    public Optional<RunningBoard> running() {
        Path file = runDir().resolve(STATE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
            RunningBoard b = new RunningBoard(VboardArch.parse(p.getProperty("arch")),
                    Long.parseLong(p.getProperty("pid")), Integer.parseInt(p.getProperty("sshPort")),
                    Path.of(p.getProperty("qmpSocket")), Path.of(p.getProperty("serialLog")),
                    Path.of(p.getProperty("stick")), Path.of(p.getProperty("key")),
                    p.getProperty("hostKeyFingerprint"), p.getProperty("kernelRelease"),
                    Integer.parseInt(p.getProperty("irqCpu")), Instant.parse(p.getProperty("started")));
            return isQemu(b.pid()) ? Optional.of(b) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Stops the running board (QMP quit, then a signal if it does not end). @return false if none was running */
    public boolean stop(Consumer<String> progress) throws InterruptedException {
        Optional<RunningBoard> b = running();
        if (b.isEmpty()) {
            try {
                Files.deleteIfExists(runDir().resolve(STATE));
            } catch (IOException e) {
                progress.accept("cannot remove " + runDir().resolve(STATE) + ": " + e.getMessage());
            }
            return false;
        }
        RunningBoard board = b.get();
        String quitProblem = "";
        try (QmpClient q = QmpClient.connect(board.qmpSocket())) {
            q.execute("quit", null);
        } catch (QmpException e) {
            quitProblem = " (QMP quit: " + e.getMessage() + ")"; // QEMU may close the socket before it answers
        }
        Optional<ProcessHandle> h = ProcessHandle.of(board.pid());
        if (h.isPresent()) {
            try {
                h.get().onExit().get(15, java.util.concurrent.TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                h.get().destroyForcibly();
                progress.accept("QEMU pid " + board.pid() + " did not quit within 15 s" + quitProblem + ": killed");
            }
        }
        try {
            Files.deleteIfExists(runDir().resolve(STATE));
            Files.deleteIfExists(board.qmpSocket());
        } catch (IOException e) {
            progress.accept("cannot clean " + runDir() + ": " + e.getMessage());
        }
        progress.accept("stopped the " + board.arch().id() + " virtual board (pid " + board.pid() + ")");
        return true;
    }

    // ------------------------------------------------------------------ helpers

    /** A path inside a QEMU option value: commas doubled, as QEMU's option syntax wants. */
    static String option(Path path) {
        return path.toAbsolutePath().toString().replace(",", ",,");
    }

    /** QEMU's -drive value for the stick. */
    static String driveSpec(Path image) {
        return "if=none,id=" + STICK_DRIVE + ",file=" + option(image) + ",format=raw";
    }

    /** QEMU's -qmp value: a unix socket server that does not wait for a client. */
    static String qmpSpec(Path socket) {
        return "unix:" + option(socket) + ",server=on,wait=off";
    }

    /** {@code device_add}'s arguments for the stick. */
    static JsonObject stickDevice() {
        JsonObject o = new JsonObject();
        o.addProperty("driver", "usb-storage");
        o.addProperty("bus", XHCI_BUS);
        o.addProperty("port", "1");
        o.addProperty("drive", STICK_DRIVE);
        o.addProperty("id", STICK_DEVICE);
        return o;
    }

    private static int freeLoopbackPort() throws VboardException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new VboardException("no free TCP port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    private static boolean isQemu(long pid) {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .map(h -> h.info().command().map(c -> c.contains("qemu-system")).orElse(true)).orElse(false);
    }

    private void writeState(RunningBoard b) throws VboardException {
        Properties p = new Properties();
        p.setProperty("arch", b.arch().id());
        p.setProperty("pid", Long.toString(b.pid()));
        p.setProperty("sshPort", Integer.toString(b.sshPort()));
        p.setProperty("qmpSocket", b.qmpSocket().toString());
        p.setProperty("serialLog", b.serialLog().toString());
        p.setProperty("stick", b.stick().toString());
        p.setProperty("key", b.key().toString());
        p.setProperty("hostKeyFingerprint", b.hostKeyFingerprint());
        p.setProperty("kernelRelease", b.kernelRelease());
        p.setProperty("irqCpu", Integer.toString(b.irqCpu()));
        p.setProperty("started", b.started().toString());
        Path file = runDir().resolve(STATE);
        try {
            StringWriter text = new StringWriter();
            p.store(text, "the running wqlab virtual board (written by wqlab vboard start)");
            AtomicFiles.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new VboardException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Waits until the guest's SSH server sends its banner through QEMU's port forward. */
    private static void awaitSsh(RunningBoard b, Duration timeout, Consumer<String> progress,
            BooleanSupplier cancelled) throws VboardException, InterruptedException {
        long start = System.nanoTime();
        long end = start + timeout.toNanos();
        long nextReport = start + 5_000_000_000L;
        while (true) {
            if (sshBanner(b.sshPort())) {
                return;
            }
            if (cancelled.getAsBoolean()) {
                throw new InterruptedException("the boot of the virtual board was cancelled");
            }
            if (!isQemu(b.pid())) {
                throw new VboardException("QEMU (pid " + b.pid() + ") ended during boot; serial log "
                        + b.serialLog() + ":\n" + tail(b.serialLog(), 15));
            }
            long now = System.nanoTime();
            if (now > end) {
                throw new VboardException("no SSH answer on 127.0.0.1:" + b.sshPort() + " within "
                        + timeout.toSeconds() + " s; serial log " + b.serialLog() + ":\n" + tail(b.serialLog(), 15));
            }
            if (now > nextReport) {
                progress.accept("booting: " + (now - start) / 1_000_000_000L + " s, waiting for SSH on 127.0.0.1:"
                        + b.sshPort());
                nextReport = now + 5_000_000_000L;
            }
            Thread.sleep(500);
        }
    }

    /** True when an SSH server greets on the port (QEMU accepts and closes the connection while the guest boots). */
    static boolean sshBanner(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(RunningBoard.HOST, port), 2000);
            s.setSoTimeout(3000);
            BufferedReader r = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
            String line = r.readLine();
            return line != null && line.startsWith("SSH-");
        } catch (IOException e) {
            return false;
        }
    }

    static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}
