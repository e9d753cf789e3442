package org.wqlab.kmod;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.elf.ModuleInfo;

/** The pre-deploy checks on the modules CI built (real files). */
class CompatibilityCheckTest {

    @TempDir
    Path dir;

    @Test
    void theArm64ModuleFitsItsKernelUnderEitherArchitectureName() throws Exception {
        ModuleInfo arm = ModuleManager.inspect(BuiltModules.module("latency-mon-arm64.ko"));
        assertEquals(List.of(), CompatibilityCheck.problems(arm, new BoardKernel("6.1.0-57-arm64", "aarch64")));
        assertEquals(List.of(), CompatibilityCheck.problems(arm, new BoardKernel("6.1.0-57-arm64", "arm64")));
    }

    @Test
    void theAmd64ModuleFitsItsKernelAndIsRefusedOnAnother() throws Exception {
        ModuleInfo amd = ModuleManager.inspect(BuiltModules.module("latency-mon-amd64.ko"));
        assertEquals(List.of(), CompatibilityCheck.problems(amd, new BoardKernel("6.1.0-57-amd64", "x86_64")));

        List<String> problems = CompatibilityCheck.problems(amd, new BoardKernel("6.1.0-58-amd64", "x86_64"));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("6.1.0-57-amd64") && problems.get(0).contains("6.1.0-58-amd64"),
                problems.get(0));
    }

    @Test
    void aWrongArchitectureAndReleaseAreBothNamed() throws Exception {
        ModuleInfo arm = ModuleManager.inspect(BuiltModules.module("latency-mon-arm64.ko"));
        List<String> problems = CompatibilityCheck.problems(arm, new BoardKernel("6.1.0-57-amd64", "x86_64"));
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("architecture: "), problems.get(0));
        assertTrue(problems.get(1).startsWith("kernel release: "), problems.get(1));
    }

    @Test
    void aFileThatIsNotAModuleIsAClearErrorNamingIt() throws Exception {
        Path notElf = Files.writeString(dir.resolve("notes.ko"), "not a module\n");
        KmodException e = assertThrows(KmodException.class, () -> ModuleManager.inspect(notElf));
        assertTrue(e.getMessage().contains(notElf.toString()) && e.getMessage().contains("not an ELF file"),
                e.getMessage());

        byte[] real = Files.readAllBytes(BuiltModules.module("latency-mon-arm64.ko"));
        Path truncated = Files.write(dir.resolve("truncated.ko"), java.util.Arrays.copyOf(real, 100));
        KmodException t = assertThrows(KmodException.class, () -> ModuleManager.inspect(truncated));
        assertTrue(t.getMessage().contains(truncated.toString()) && t.getMessage().contains("truncated"),
                t.getMessage());
    }
}
