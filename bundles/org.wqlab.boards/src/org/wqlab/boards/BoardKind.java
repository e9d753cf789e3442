package org.wqlab.boards;

import java.util.Objects;

/**
 * What a board in the registry is, by the id its {@link BoardKindProvider} stores in the boards file. The set of kinds
 * is open: a kind whose provider is not installed loads and saves as it is, and shows as unavailable.
 */
public record BoardKind(String id) {

    /** A board reached over SSH with its profile as the user typed it. */
    public static final BoardKind SSH = new BoardKind("ssh");
    /** The built-in simulated board, started in-process when connected. */
    public static final BoardKind BUILT_IN_SIMULATOR = new BoardKind("built-in-simulator");
    /** The QEMU virtual board (releng/virtual-board), booted when connected. */
    public static final BoardKind VIRTUAL_BOARD = new BoardKind("qemu-virtual-board");

    public BoardKind {
        Objects.requireNonNull(id, "id");
        if (id.isBlank() || !id.strip().equals(id)) {
            throw new IllegalArgumentException("must be a board kind's id (ssh, built-in-simulator, qemu-virtual-board,"
                    + " or one an installed bundle provides), was \"" + id + "\"");
        }
    }

    /** @throws IllegalArgumentException when the id is empty */
    public static BoardKind parse(String id) {
        return new BoardKind(id);
    }
}
