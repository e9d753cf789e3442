package org.wqlab.sim;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.wqlab.core.elf.ElfFormatException;
import org.wqlab.core.elf.ModinfoReader;
import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.sim.kernel.Kernel;
import org.wqlab.sim.kernel.UsbStick;

/**
 * The simulated board as its shell sees it: the kernel model and one file tree put together from the stored files
 * ({@link BoardFilesystem}), the generated proc, sys and dev files ({@link ProcSysFiles}), tracefs ({@link Tracefs})
 * and the loaded modules ({@link ModuleLoader}). Every model access goes through the {@link SimulationDriver}.
 */
public final class Board implements AutoCloseable {

    /** A file write to a proc or sys file failed with this errno text (e.g. "Invalid argument"). */
    public static final class WriteError extends Exception {
        private static final long serialVersionUID = 1L;

        public WriteError(String errno) {
            super(errno);
        }
    }

    /** srcversion of the latency-mon preinstalled in /lib/modules. */
    public static final String INSTALLED_MODULE_SRCVERSION = ModuleLoader.INSTALLED_MODULE_SRCVERSION;

    private final SimulatedBoardProfile profile;
    private final Kernel kernel;
    private final SimulationDriver driver;
    private final long bootEpochSeconds;
    private final BoardFilesystem fs = new BoardFilesystem();
    private final ModuleLoader modules;
    private final ProcSysFiles generated;
    private final Tracefs tracefs;

    private Board(SimulatedBoardProfile profile, Kernel kernel, SimulationDriver driver, long bootEpochSeconds) {
        this.profile = profile;
        this.kernel = kernel;
        this.driver = driver;
        this.bootEpochSeconds = bootEpochSeconds;
        this.tracefs = new Tracefs(kernel, driver);
        this.modules = new ModuleLoader(profile, kernel, driver);
        this.generated = new ProcSysFiles(profile, kernel, driver, modules);
        String dir = "/lib/modules/" + profile.kernelRelease();
        fs.putInMemory(dir + "/extra/latency-mon.ko", installedModule(profile));
        fs.putInMemory(dir + "/modules.dep", "extra/latency-mon.ko:\n".getBytes(StandardCharsets.UTF_8));
        fs.putInMemory("/root/.profile",
                ("PS1='root@" + profile.hostname() + ":~# '\n").getBytes(StandardCharsets.UTF_8));
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

    /**
     * wqlab's latency-mon as built for this profile's kernel: the parameters kmod/latency-mon.c declares. Its
     * defaults (CPU 0, {@code DELAY:} lines for late runs) give the report's output; the default sequence's
     * {@code cpu=-1 report_all=1 classic=0} need them declared, or the kernel ignores them.
     */
    public static byte[] installedModule(SimulatedBoardProfile p) {
        return ModuleLoader.installedModule(p);
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

    // ---- files ----

    /**
     * Backs the filesystem with a real directory as well (the SFTP server's root): files uploaded there are seen by
     * the shell at the same path, e.g. {@code <root>/tmp/latency-mon.ko} as {@code /tmp/latency-mon.ko}.
     */
    public void mountDirectory(Path root) {
        fs.mount(root);
    }

    public static String normalize(String path) {
        return BoardFilesystem.normalize(path);
    }

    /** A stored regular file (memory or disk), not a generated one. */
    public Optional<byte[]> file(String path) {
        return fs.read(normalize(path));
    }

    /** Stores a regular file (an SFTP upload, a redirection into a plain file). */
    public void putFile(String path, byte[] content) {
        fs.putInMemory(normalize(path), content);
    }

    /** Writes a regular file on disk when its folder exists in the mounted directory, else in memory. */
    private void storeFile(String p, byte[] content) throws WriteError {
        if (fs.writeThrough(p, content)) {
            return;
        }
        if (!isDirectory(BoardFilesystem.parent(p))) {
            throw new WriteError("No such file or directory");
        }
        fs.putInMemory(p, content);
    }

    public boolean deleteFile(String path) {
        return fs.delete(normalize(path));
    }

    /** A regular file (memory or disk), not a proc/sys/trace file. */
    public boolean isRegularFile(String path) {
        String p = normalize(path);
        if (fs.inMemory(p) || p.equals(UsbStick.SAMPLE_FILE) && exists(p)) {
            return true;
        }
        return fs.isStoredFile(p) || (!isDirectory(p) && exists(p));
    }

    public boolean isDirectory(String path) {
        String p = normalize(path);
        if (fs.isStoredDirectory(p)) {
            return true;
        }
        if (fs.inMemory(p)) {
            return false;
        }
        Optional<Tracefs.Location> traceLoc = Tracefs.locate(p);
        if (traceLoc.isPresent()) {
            return tracefs.isDirectory(traceLoc.get());
        }
        return !list(p).isEmpty();
    }

    private static boolean inProcOrSys(String p) {
        return p.startsWith("/proc/") || p.startsWith("/sys/") || p.equals("/proc") || p.equals("/sys");
    }

    /** mkdir: the errno text, or null. With {@code parents}, an existing folder is fine and missing parents are made. */
    public String mkdir(String path, boolean parents) {
        String p = normalize(path);
        if (inProcOrSys(p)) {
            return exists(p) ? (parents && isDirectory(p) ? null : "File exists") : "Operation not permitted";
        }
        if (exists(p) || isDirectory(p)) {
            return parents && isDirectory(p) ? null : "File exists";
        }
        String parent = BoardFilesystem.parent(p);
        if (!isDirectory(parent)) {
            if (!parents || isRegularFile(parent)) {
                return isRegularFile(parent) ? "Not a directory" : "No such file or directory";
            }
            String e = mkdir(parent, true);
            if (e != null) {
                return e;
            }
        }
        return fs.makeDirectory(p);
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
        if (BoardFilesystem.STANDARD_DIRS.contains(p) || p.startsWith("/proc") || p.startsWith("/sys")) {
            return "Device or resource busy";
        }
        return fs.removeDirectory(p);
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
        if (!fs.isStoredFile(src)) {
            return isDirectory(src) ? "Is a directory" : "No such file or directory";
        }
        if (src.equals(dst)) {
            return null;
        }
        byte[] content = file(src).orElseThrow();
        try {
            fs.removeFromMemory(dst);
            storeFile(dst, content);
        } catch (WriteError e) {
            return e.getMessage();
        }
        deleteFile(src);
        return null;
    }

    /** The paths of the regular files held in memory, sorted. */
    public List<String> listFiles() {
        return fs.memoryFiles();
    }

    /** The directory entries under {@code dir}, including the fixed procfs and sysfs ones. */
    public List<String> list(String dir) {
        String d = normalize(dir);
        Optional<Tracefs.Location> traceLoc = Tracefs.locate(d);
        if (traceLoc.isPresent()) {
            return tracefs.list(traceLoc.get());
        }
        List<String> all = fs.pathsFor(d);
        all.addAll(generated.paths());
        String prefix = d.equals("/") ? "/" : d + "/";
        List<String> names = new ArrayList<>();
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

    /** Contents of a regular, proc or sys file, or empty when there is no such file. */
    public Optional<byte[]> read(String path) {
        String p = normalize(path);
        Optional<Tracefs.Location> traceLoc = Tracefs.locate(p);
        if (traceLoc.isPresent()) {
            return tracefs.read(traceLoc.get()).map(t -> t.getBytes(StandardCharsets.UTF_8));
        }
        Optional<byte[]> content = generated.read(p);
        return content.isPresent() ? content : fs.read(p);
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
        return read(p).isPresent() || isDirectory(p) || generated.paths().contains(p);
    }

    /**
     * A write to a file (shell redirection). Proc and sys files act on the model; the call returns after the board
     * time the write takes in the writing process (drop_caches, USB remove).
     */
    public void write(String path, String content, boolean append) throws WriteError {
        String p = normalize(path);
        Optional<Tracefs.Location> traceLoc = Tracefs.locate(p);
        if (traceLoc.isPresent()) {
            String error = tracefs.write(traceLoc.get(), content.strip());
            if (error != null) {
                throw new WriteError(error);
            }
            return;
        }
        if (p.equals("/dev/null") || p.equals("/dev/zero")) {
            return;
        }
        if (p.equals("/dev/kmsg")) {
            generated.write(p, content);
            return;
        }
        if (!p.startsWith("/proc/") && !p.startsWith("/sys/")) {
            writeRegular(p, content.getBytes(StandardCharsets.UTF_8), append);
            return;
        }
        if (!generated.write(p, content)) {
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

    // ---- modules ----

    /** Where modprobe finds a module: /lib/modules/<release>/..., '-' and '_' alike. */
    public Optional<String> findModule(String name) {
        return modules.find(name, fs.memoryFiles());
    }

    /** The errno text insmod reports, or null when the module loaded. */
    public String insmod(String path, byte[] image, List<String> args, int loaderCpu) {
        return modules.insmod(path, image, args, loaderCpu);
    }

    /** The errno text rmmod reports, or null. */
    public String rmmod(String name) {
        return modules.rmmod(name);
    }

    public ModuleInfo modinfo(String path, byte[] image) throws ElfFormatException {
        return ModinfoReader.read(path, image);
    }

    @Override
    public void close() {
        driver.close();
    }
}
