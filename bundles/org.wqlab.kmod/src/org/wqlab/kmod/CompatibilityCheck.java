package org.wqlab.kmod;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.elf.ElfIdentity;
import org.wqlab.core.elf.ModuleInfo;

/**
 * Whether a module built for one kernel can be loaded into the board's: the ELF machine against {@code uname -m}, the
 * vermagic's release against {@code uname -r}, and the vermagic's own architecture word. The kernel compares the
 * whole vermagic (SMP, preempt, modversions) byte for byte, which {@code uname} cannot show; a difference there
 * still ends as "Invalid module format" at load, reported with the kernel's dmesg line.
 */
public final class CompatibilityCheck {

    /** Architecture words that end a vermagic (arm64: aarch64; x86 has none, its vermagic ends in a space). */
    private static final List<String> KNOWN_ARCH_WORDS = List.of("aarch64", "riscv");

    private CompatibilityCheck() {
    }

    /** @return every problem found, each naming the field and both values; empty when the module fits */
    public static List<String> problems(ModuleInfo module, BoardKernel board) {
        List<String> problems = new ArrayList<>();
        ElfIdentity elf = module.identity();
        if (!elf.isRelocatable()) {
            problems.add(module.source() + ": not a kernel module: ELF type " + elf.type() + " (a module is ET_REL)");
        }
        String moduleArch = Architectures.canonical(elf.machine().name());
        if (!moduleArch.equals(board.architecture())) {
            problems.add("architecture: " + module.source() + " is built for " + elf.machine().name()
                    + " (ELF machine " + elf.machine().code() + "), the board runs " + board.machine()
                    + " (uname -m)");
        }
        if (module.name().isEmpty()) {
            problems.add(module.source() + ": .modinfo has no name");
        }
        String vermagic = module.vermagic().orElse(null);
        if (vermagic == null || vermagic.isBlank()) {
            problems.add(module.source() + ": .modinfo has no vermagic, the kernel would refuse it");
            return List.copyOf(problems);
        }
        String release = module.kernelRelease().orElse("");
        if (!release.equals(board.release())) {
            problems.add("kernel release: " + module.source() + " has vermagic '" + vermagic + "' (release " + release
                    + "), the board runs " + board.release() + " (uname -r)");
        }
        String[] words = vermagic.strip().split("\\s+");
        String archWord = Architectures.canonical(words[words.length - 1]);
        if (words.length > 1 && KNOWN_ARCH_WORDS.contains(archWord) && !archWord.equals(board.architecture())
                && moduleArch.equals(board.architecture())) {
            problems.add("vermagic: " + module.source() + " names architecture " + words[words.length - 1]
                    + ", the board runs " + board.machine());
        }
        return List.copyOf(problems);
    }
}
