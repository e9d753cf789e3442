package org.wqlab.boards;

import java.io.IOException;

/**
 * A command a board kind adds to the Boards view's toolbar and context menu (the virtual board's Build VM and Stop
 * VM). The view runs it in a background job, on each selected board of the kind it is enabled for, one run of an
 * action at a time.
 */
public interface BoardAction {

    /** Unique among all kinds' actions ("org.wqlab.boards.vboard.build"); the toolbar item carries it. */
    String id();

    /** The button's text ("Build VM"). */
    String label();

    /** The button's tooltip: what it does. */
    String description();

    /** What a run of it on this board is called in the Progress view. */
    default String jobName(BoardEntry board) {
        return label() + ": " + board.name();
    }

    /** Whether it can run on the board now; no I/O (the kind's last known state, see BoardKindProvider#refresh). */
    boolean enabled(BoardEntry board, BoardStatus status);

    /** Whether the board's connection (or its connect in progress) ends before it runs. */
    default boolean endsConnection() {
        return false;
    }

    /**
     * Runs it. Blocks.
     *
     * @throws IOException with a message saying what failed (shown to the user)
     */
    void run(BoardEntry board, Context context) throws IOException, InterruptedException;

    /** What the registry gives a running action. */
    interface Context {
        /** A line of progress (the Progress view's sub-task). */
        void progress(String line);

        /** Whether the user cancelled it. */
        boolean cancelled();
    }
}
