package org.wqlab.boards;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which board runs which sequence now: a board runs one sequence at a time, boards run at the same time. A run
 * claims its board before it starts and releases it when it ends; whoever shows boards is told through the
 * registry's listeners.
 */
public final class BoardRuns {

    /** A run going on: the board and the sequence's name. */
    public record Run(String board, String sequence) {
    }

    private final Map<String, Run> running = new ConcurrentHashMap<>();
    private final Runnable changed;

    BoardRuns(Runnable changed) {
        this.changed = changed;
    }

    /**
     * Claims {@code board} for a run of {@code sequence}.
     *
     * @return empty when claimed, else the run that holds the board
     */
    public Optional<Run> claim(String board, String sequence) {
        Run mine = new Run(board, sequence);
        Run holder = running.putIfAbsent(board, mine);
        if (holder != null) {
            return Optional.of(holder);
        }
        changed.run();
        return Optional.empty();
    }

    /** Ends {@code board}'s run. */
    public void release(String board) {
        if (running.remove(board) != null) {
            changed.run();
        }
    }

    public Optional<Run> running(String board) {
        return Optional.ofNullable(running.get(board));
    }

    /** The runs going on, by board name. */
    public List<Run> all() {
        return running.values().stream().sorted(java.util.Comparator.comparing(Run::board)).toList();
    }
}
