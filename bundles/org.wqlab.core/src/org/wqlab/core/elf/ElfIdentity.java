package org.wqlab.core.elf;

/** The parts of an ELF header that tell what an object was built for. */
public record ElfIdentity(int bits, boolean littleEndian, int type, ElfMachine machine) {

    public static final int ET_REL = 1;
    public static final int ET_EXEC = 2;
    public static final int ET_DYN = 3;

    /** A kernel module is a relocatable object. */
    public boolean isRelocatable() {
        return type == ET_REL;
    }

    /** For messages, e.g. {@code ELF64 little-endian aarch64}. */
    public String describe() {
        return "ELF" + bits + " " + (littleEndian ? "little-endian" : "big-endian") + " " + machine.name();
    }
}
