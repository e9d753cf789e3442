package org.wqlab.core.elf;

/**
 * The ELF {@code e_machine} of an object, with the architecture name {@code uname -m} prints for it
 * (x86_64, aarch64, ...) when it is one wqlab knows.
 */
public record ElfMachine(int code, String name) {

    public static final int EM_386 = 3;
    public static final int EM_MIPS = 8;
    public static final int EM_PPC = 20;
    public static final int EM_PPC64 = 21;
    public static final int EM_S390 = 22;
    public static final int EM_ARM = 40;
    public static final int EM_X86_64 = 62;
    public static final int EM_AARCH64 = 183;
    public static final int EM_RISCV = 243;
    public static final int EM_LOONGARCH = 258;

    public static ElfMachine of(int code) {
        String name = switch (code) {
            case EM_386 -> "i386";
            case EM_MIPS -> "mips";
            case EM_PPC -> "ppc";
            case EM_PPC64 -> "ppc64";
            case EM_S390 -> "s390";
            case EM_ARM -> "arm";
            case EM_X86_64 -> "x86_64";
            case EM_AARCH64 -> "aarch64";
            case EM_RISCV -> "riscv";
            case EM_LOONGARCH -> "loongarch";
            default -> "unknown(" + code + ")";
        };
        return new ElfMachine(code, name);
    }

    public boolean isKnown() {
        return !name.startsWith("unknown(");
    }

    @Override
    public String toString() {
        return name;
    }
}
