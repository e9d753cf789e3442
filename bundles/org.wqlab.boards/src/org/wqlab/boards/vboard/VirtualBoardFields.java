package org.wqlab.boards.vboard;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.wqlab.boards.BoardEntry;
import org.wqlab.boards.BoardField;
import org.wqlab.vboard.VboardArch;
import org.wqlab.vboard.VirtualBoard;

/** The virtual board's dialog settings: its architecture and the CPU its xHCI interrupt is steered to at boot. */
final class VirtualBoardFields {
    static final String ARCH = "arch";
    static final String IRQ_CPU = "irqCpu";

    private VirtualBoardFields() {
    }

    static List<BoardField> fields() {
        List<BoardField.Choice> arches = Arrays.stream(VboardArch.values())
                .map(a -> new BoardField.Choice(a.id(), a.id() + (a == VboardArch.ARM64
                        ? " (qemu-system-aarch64 -M virt, the R-Car's architecture)" : " (qemu-system-x86_64 -M q35)")))
                .toList();
        List<BoardField.Choice> cpus = IntStream.range(0, VirtualBoard.StartOptions.DEFAULT.cpus())
                .mapToObj(cpu -> new BoardField.Choice(Integer.toString(cpu), "CPU " + cpu + (cpu == 0
                        ? " (the default sequence's monitored CPU: the report's stall)"
                        : " (hub_event runs there: CPU 0 stays free)")))
                .toList();
        return List.of(
                new BoardField(ARCH, "A&rchitecture:", "Takes effect at the next boot; build it first (Build VM)",
                        arches),
                new BoardField(IRQ_CPU, "xHCI &interrupt on:", "The guest steers the USB host controller's interrupt"
                        + " there at boot; the USB disconnect's work is queued on the CPU that takes it", cpus));
    }

    static Map<String, String> values(BoardEntry entry) {
        return Map.of(ARCH, entry.arch().id(), IRQ_CPU, Integer.toString(entry.irqCpu()));
    }

    static VboardArch arch(BoardEntry entry) {
        return entry.arch();
    }

    /** @throws IllegalArgumentException naming the field when a value is not allowed */
    static BoardEntry apply(BoardEntry entry, Map<String, String> values) {
        VboardArch arch = entry.arch();
        int irqCpu = entry.irqCpu();
        if (values.containsKey(ARCH)) {
            try {
                arch = VboardArch.parse(values.get(ARCH));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("field " + ARCH + ": " + e.getMessage(), e);
            }
        }
        if (values.containsKey(IRQ_CPU)) {
            int cpus = VirtualBoard.StartOptions.DEFAULT.cpus();
            try {
                irqCpu = Integer.parseInt(values.get(IRQ_CPU));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("field " + IRQ_CPU + ": not a CPU number: " + values.get(IRQ_CPU),
                        e);
            }
            if (irqCpu < 0 || irqCpu >= cpus) {
                throw new IllegalArgumentException("field irqCpu: the virtual board has CPUs 0.." + (cpus - 1)
                        + ", not " + irqCpu);
            }
        }
        return entry.withVirtualBoard(arch, irqCpu);
    }
}
