package org.wqlab.boards;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

import org.wqlab.limits.Limits;
import org.wqlab.target.BoardProfile;
import org.wqlab.target.facts.BoardFacts;
import org.wqlab.vboard.VboardArch;

/**
 * One board in the registry: how to reach it, its kind (a plain SSH board, or one wqlab starts first: the built-in
 * simulated board, whose port is chosen when the simulator starts, or the QEMU virtual board of architecture
 * {@code arch} with its xHCI interrupt steered to CPU {@code irqCpu} at boot), the facts probed at its last connect, and the USB disconnect driver a sequence's "board" driver means
 * on this board (a USB disconnect driver's id, see org.wqlab.usb; empty: the kind's default), and the settings its
 * kind keeps for it (the values of the kind's dialog fields, see BoardKindProvider#fields), saved with it, and the
 * limits that override a sequence's on this board (none: the sequence's stand).
 */
public record BoardEntry(BoardProfile profile, BoardKind kind, Optional<BoardFacts> facts, String usbDriver,
        VboardArch arch, int irqCpu, Map<String, String> settings, Limits limits) {

    public BoardEntry {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(kind, "kind");
        facts = facts == null ? Optional.empty() : facts;
        usbDriver = usbDriver == null ? "" : usbDriver.strip();
        arch = arch == null ? VboardArch.X86_64 : arch;
        if (irqCpu < 0) {
            throw new IllegalArgumentException("board '" + profile.name() + "': field irqCpu must be >= 0, was "
                    + irqCpu);
        }
        settings = settings == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(settings));
        limits = limits == null ? Limits.NONE : limits;
    }

    public BoardEntry(BoardProfile profile, BoardKind kind, Optional<BoardFacts> facts, String usbDriver,
            VboardArch arch, int irqCpu, Map<String, String> settings) {
        this(profile, kind, facts, usbDriver, arch, irqCpu, settings, Limits.NONE);
    }

    public BoardEntry(BoardProfile profile, BoardKind kind, Optional<BoardFacts> facts, String usbDriver,
            VboardArch arch, int irqCpu) {
        this(profile, kind, facts, usbDriver, arch, irqCpu, Map.of());
    }

    public BoardEntry(BoardProfile profile, BoardKind kind, Optional<BoardFacts> facts, String usbDriver) {
        this(profile, kind, facts, usbDriver, VboardArch.X86_64, 0);
    }

    public static BoardEntry of(BoardProfile profile) {
        return new BoardEntry(profile, BoardKind.SSH, Optional.empty(), "");
    }

    /** Whether it is the built-in simulated board (the boards file's flag for wqlab before version 2 says so). */
    public boolean builtInSimulator() {
        return kind.equals(BoardKind.BUILT_IN_SIMULATOR);
    }

    public boolean virtualBoard() {
        return kind.equals(BoardKind.VIRTUAL_BOARD);
    }

    public String name() {
        return profile.name();
    }

    public BoardEntry withUsbDriver(String driver) {
        return new BoardEntry(profile, kind, facts, driver, arch, irqCpu, settings, limits);
    }

    public BoardEntry withFacts(BoardFacts newFacts) {
        return new BoardEntry(profile, kind, Optional.ofNullable(newFacts), usbDriver, arch, irqCpu, settings, limits);
    }

    public BoardEntry withProfile(BoardProfile newProfile) {
        return new BoardEntry(newProfile, kind, facts, usbDriver, arch, irqCpu, settings, limits);
    }

    /** The virtual board's architecture and the CPU its xHCI interrupt is steered to (both at its next boot). */
    public BoardEntry withVirtualBoard(VboardArch newArch, int newIrqCpu) {
        return new BoardEntry(profile, kind, facts, usbDriver, newArch, newIrqCpu, settings, limits);
    }

    /** The limits that override a sequence's on this board, replaced. */
    public BoardEntry withLimits(Limits newLimits) {
        return new BoardEntry(profile, kind, facts, usbDriver, arch, irqCpu, settings, newLimits);
    }

    /** The kind's settings for this board, replaced. */
    public BoardEntry withSettings(Map<String, String> newSettings) {
        return new BoardEntry(profile, kind, facts, usbDriver, arch, irqCpu, newSettings, limits);
    }
}
