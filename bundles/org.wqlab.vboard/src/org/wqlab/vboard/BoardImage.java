package org.wqlab.vboard;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * What build.sh made for one architecture, read from its {@code board.properties}; {@code module} is the latency-mon
 * it built against the kernel's own headers (also installed in the initramfs), when the file is still there.
 */
public record BoardImage(VboardArch arch, Path kernel, Path initrd, Path key, String hostKeyFingerprint,
        String kernelRelease, String debianVersion, Optional<Path> module) {

    public static final String FILE = "board.properties";

    static BoardImage load(Path dir, VboardArch arch) throws VboardException {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new VboardException("no " + arch.id() + " virtual board in " + dir + ": run 'wqlab vboard build"
                    + " --arch " + arch.id() + "' first");
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new VboardException("cannot read " + file + ": " + e.getMessage(), e);
        }
        BoardImage image = new BoardImage(arch, path(p, file, "kernel"), path(p, file, "initrd"), path(p, file, "key"),
                text(p, file, "hostKeyFingerprint"), text(p, file, "kernelRelease"), text(p, file, "debianVersion"),
                Optional.ofNullable(p.getProperty("module")).map(String::strip).filter(m -> !m.isEmpty()).map(Path::of)
                        .filter(Files::isRegularFile));
        if (!arch.id().equals(text(p, file, "arch"))) {
            throw new VboardException(file + ": field 'arch' is " + p.getProperty("arch") + ", expected " + arch.id());
        }
        return image;
    }

    private static String text(Properties p, Path file, String key) throws VboardException {
        String v = p.getProperty(key, "").strip();
        if (v.isEmpty()) {
            throw new VboardException(file + ": missing field '" + key + "': rebuild with 'wqlab vboard build'");
        }
        return v;
    }

    private static Path path(Properties p, Path file, String key) throws VboardException {
        Path v = Path.of(text(p, file, key));
        if (!Files.isRegularFile(v)) {
            throw new VboardException(file + ": field '" + key + "': " + v + " does not exist: rebuild with"
                    + " 'wqlab vboard build'");
        }
        return v;
    }
}
