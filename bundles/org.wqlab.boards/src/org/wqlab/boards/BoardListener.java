package org.wqlab.boards;

/** Told when boards are added, changed or removed, or when a status changes. Called on any thread. */
@FunctionalInterface
public interface BoardListener {
    void boardsChanged();
}
