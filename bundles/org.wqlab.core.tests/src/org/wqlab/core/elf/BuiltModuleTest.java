package org.wqlab.core.elf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The reader on the latency-mon modules that kmod/ci-build.sh built against Debian's real kernel headers, compared
 * with what that script read with the kernel's own tools ({@code vermagic.txt}). Skipped when the modules were not
 * built, unless {@code wqlab.require.kmod=true} (releng/run-tests sets it).
 */
class BuiltModuleTest {

    @ParameterizedTest
    @CsvSource({ "latency-mon-amd64.ko, 62, x86_64", "latency-mon-arm64.ko, 183, aarch64" })
    void readsNameVermagicMachineAndParametersOfTheRealModule(String file, int machine, String vermagicArch)
            throws IOException {
        Path module = builtModule(file);

        ModuleInfo info = ModinfoReader.read(module);

        assertEquals(machine, info.identity().machine().code());
        assertTrue(info.identity().isRelocatable());
        assertEquals("latency_mon", info.name().orElseThrow());
        assertEquals("GPL", info.license().orElseThrow());
        assertEquals(vermagicFromKernelTools(module), info.vermagic().orElseThrow());
        assertFalse(info.srcversion().orElseThrow().isBlank());
        if (vermagicArch.equals("aarch64")) {
            assertTrue(info.vermagic().orElseThrow().endsWith(" aarch64"), info.vermagic().orElseThrow());
        }
        Map<String, String> types = info.parameters().stream()
                .collect(Collectors.toMap(ModuleParameter::name, ModuleParameter::type));
        assertEquals(List.of("classic", "cpu", "period_ms", "report_all", "threshold_ms"),
                types.keySet().stream().sorted().toList());
        assertEquals("int", types.get("cpu"));
    }

    private static Path builtModule(String name) {
        Path module = Path.of(System.getProperty("wqlab.kmod.out", "kmod/out")).resolve(name);
        boolean required = Boolean.getBoolean("wqlab.require.kmod");
        if (required) {
            assertTrue(Files.isRegularFile(module), "kmod/ci-build.sh did not produce " + module);
        } else {
            assumeTrue(Files.isRegularFile(module), "not built (run kmod/ci-build.sh): " + module);
        }
        return module;
    }

    /** The vermagic the build script read with modinfo, byte-exact (x86's ends in a space). */
    private static String vermagicFromKernelTools(Path module) throws IOException {
        String prefix = module.getFileName() + ": ";
        return Files.readAllLines(module.resolveSibling("vermagic.txt")).stream()
                .filter(line -> line.startsWith(prefix))
                .map(line -> line.substring(prefix.length()))
                .findFirst().orElseThrow(() -> new AssertionError("no vermagic line for " + module));
    }
}
