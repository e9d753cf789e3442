package org.wqlab.boards;

import java.util.Objects;
import java.util.Optional;

import org.wqlab.target.BoardProfile;
import org.wqlab.target.facts.BoardFacts;

/**
 * One board in the registry: how to reach it, whether it is the built-in simulated board (whose port is chosen when
 * the simulator starts), and the facts probed at its last connect.
 */
public record BoardEntry(BoardProfile profile, boolean builtInSimulator, Optional<BoardFacts> facts) {

    public BoardEntry {
        Objects.requireNonNull(profile, "profile");
        facts = facts == null ? Optional.empty() : facts;
    }

    public static BoardEntry of(BoardProfile profile) {
        return new BoardEntry(profile, false, Optional.empty());
    }

    public String name() {
        return profile.name();
    }

    public BoardEntry withFacts(BoardFacts newFacts) {
        return new BoardEntry(profile, builtInSimulator, Optional.ofNullable(newFacts));
    }

    public BoardEntry withProfile(BoardProfile newProfile) {
        return new BoardEntry(newProfile, builtInSimulator, facts);
    }
}
