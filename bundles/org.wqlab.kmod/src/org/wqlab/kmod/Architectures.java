package org.wqlab.kmod;

import java.util.Locale;

/** One name per architecture: {@code uname -m}, Debian and kernel ARCH spellings mapped to the ELF machine's. */
public final class Architectures {

    private Architectures() {
    }

    public static String canonical(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        return switch (n) {
            case "arm64", "aarch64" -> "aarch64";
            case "amd64", "x86_64", "x86-64" -> "x86_64";
            case "i386", "i486", "i586", "i686", "x86" -> "i386";
            case "armhf", "armel", "armv7l", "armv6l", "arm" -> "arm";
            case "riscv64", "riscv" -> "riscv";
            default -> n;
        };
    }
}
