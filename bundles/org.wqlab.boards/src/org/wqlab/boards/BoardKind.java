package org.wqlab.boards;

/** What a board in the registry is: reached over SSH as configured, or one that wqlab starts itself first. */
public enum BoardKind {
    /** A board reached over SSH with its profile as the user typed it. */
    SSH("ssh"),
    /** The built-in simulated board, started in-process when connected. */
    BUILT_IN_SIMULATOR("built-in-simulator"),
    /** The QEMU virtual board (releng/virtual-board), booted when connected. */
    VIRTUAL_BOARD("qemu-virtual-board");

    private final String id;

    BoardKind(String id) {
        this.id = id;
    }

    /** The name in the boards file. */
    public String id() {
        return id;
    }

    /** @throws IllegalArgumentException naming the allowed values */
    public static BoardKind parse(String id) {
        for (BoardKind k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        throw new IllegalArgumentException("must be one of [ssh, built-in-simulator, qemu-virtual-board], was \"" + id
                + "\"");
    }
}
