package org.wqlab.ui.boards;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The Boards view the board commands act on (the one focused last, when a window has several) and who to tell when
 * its selection or its boards' states change: the commands' handlers, whose enablement follows them.
 */
final class ShownBoardsView {
    private static final List<BoardsPart> VIEWS = new CopyOnWriteArrayList<>();
    private static final List<Runnable> LISTENERS = new CopyOnWriteArrayList<>();

    private ShownBoardsView() {
    }

    static Optional<BoardsPart> current() {
        return VIEWS.isEmpty() ? Optional.empty() : Optional.of(VIEWS.get(0));
    }

    static void shown(BoardsPart view) {
        VIEWS.remove(view);
        VIEWS.add(0, view);
        changed();
    }

    static void closed(BoardsPart view) {
        if (VIEWS.remove(view)) {
            changed();
        }
    }

    static void changed() {
        LISTENERS.forEach(Runnable::run);
    }

    static void addListener(Runnable listener) {
        LISTENERS.add(listener);
    }

    static void removeListener(Runnable listener) {
        LISTENERS.remove(listener);
    }
}
