package org.wqlab.boards;

import java.util.Objects;
import java.util.Optional;

import org.wqlab.target.BoardProfile;
import org.wqlab.target.facts.BoardFacts;

/**
 * One board in the registry: how to reach it, whether it is the built-in simulated board (whose port is chosen when
 * the simulator starts), the facts probed at its last connect, and the USB disconnect driver a sequence's "board"
 * driver means on this board (a driver id of org.wqlab.sequence's UsbDrivers; empty: the board's default).
 */
public record BoardEntry(BoardProfile profile, boolean builtInSimulator, Optional<BoardFacts> facts,
        String usbDriver) {

    public BoardEntry {
        Objects.requireNonNull(profile, "profile");
        facts = facts == null ? Optional.empty() : facts;
        usbDriver = usbDriver == null ? "" : usbDriver.strip();
    }

    public BoardEntry(BoardProfile profile, boolean builtInSimulator, Optional<BoardFacts> facts) {
        this(profile, builtInSimulator, facts, "");
    }

    public static BoardEntry of(BoardProfile profile) {
        return new BoardEntry(profile, false, Optional.empty());
    }

    public BoardEntry withUsbDriver(String driver) {
        return new BoardEntry(profile, builtInSimulator, facts, driver);
    }

    public String name() {
        return profile.name();
    }

    public BoardEntry withFacts(BoardFacts newFacts) {
        return new BoardEntry(profile, builtInSimulator, Optional.ofNullable(newFacts), usbDriver);
    }

    public BoardEntry withProfile(BoardProfile newProfile) {
        return new BoardEntry(newProfile, builtInSimulator, facts, usbDriver);
    }
}
