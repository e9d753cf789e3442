package org.wqlab.vboard;

import java.util.List;
import java.util.Locale;

/** The guest architectures: x86_64 (q35, the default) and arm64 (virt, the R-Car's architecture). */
public enum VboardArch {
    X86_64("x86_64", "qemu-system-x86_64", "ttyS0", List.of("-M", "q35")),
    ARM64("arm64", "qemu-system-aarch64", "ttyAMA0", List.of("-M", "virt", "-cpu", "cortex-a57"));

    private final String id;
    private final String qemu;
    private final String console;
    private final List<String> machine;

    VboardArch(String id, String qemu, String console, List<String> machine) {
        this.id = id;
        this.qemu = qemu;
        this.console = console;
        this.machine = machine;
    }

    public String id() {
        return id;
    }

    public String qemu() {
        return qemu;
    }

    public String console() {
        return console;
    }

    public List<String> machineArguments() {
        return machine;
    }

    /** {@code x86_64}/{@code amd64} or {@code arm64}/{@code aarch64}. */
    public static VboardArch parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "x86_64", "amd64" -> X86_64;
            case "arm64", "aarch64" -> ARM64;
            default -> throw new IllegalArgumentException("unknown architecture '" + text + "' (x86_64 or arm64)");
        };
    }
}
