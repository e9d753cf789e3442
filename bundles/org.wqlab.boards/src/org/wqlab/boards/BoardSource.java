package org.wqlab.boards;

import java.io.IOException;
import java.util.List;

/**
 * Something that knows boards besides the ones the user saved (a LAVA server's devices, a lab's reservations),
 * provided as an OSGi service. Its boards are listed in the Boards view and found by {@code --board} under their
 * names, like saved ones; they are not written to the boards file, and only their source changes them.
 */
public interface BoardSource {

    /** Unique among sources ("lava:lab1"). */
    String id();

    /** What the user calls it ("LAVA server lab1"). */
    String displayName();

    /**
     * The boards it knows now, each of a kind some provider brings. May do I/O: asked off the UI thread, when the
     * registry looks again (BoardRegistry#refreshKinds).
     *
     * @throws IOException saying why the source cannot be read; its boards are then not listed
     */
    List<BoardEntry> boards() throws IOException;
}
