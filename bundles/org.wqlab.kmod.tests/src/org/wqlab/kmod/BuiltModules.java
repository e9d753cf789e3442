package org.wqlab.kmod;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The modules kmod/ci-build.sh built; skipped when absent unless {@code wqlab.require.kmod=true}. */
final class BuiltModules {

    private BuiltModules() {
    }

    static Path module(String name) {
        Path module = Path.of(System.getProperty("wqlab.kmod.out", "kmod/out")).resolve(name);
        if (Boolean.getBoolean("wqlab.require.kmod")) {
            assertTrue(Files.isRegularFile(module), "kmod/ci-build.sh did not produce " + module);
        } else {
            assumeTrue(Files.isRegularFile(module), "not built (run kmod/ci-build.sh): " + module);
        }
        return module;
    }

    /** The vermagic ci-build.sh read with the kernel's modinfo, byte-exact (vermagic.txt beside the modules). */
    static String vermagic(String name) throws IOException {
        Path file = module(name).resolveSibling("vermagic.txt");
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith(name + ": ")) {
                return line.substring(name.length() + 2);
            }
        }
        throw new AssertionError(file + " has no line for " + name);
    }
}
