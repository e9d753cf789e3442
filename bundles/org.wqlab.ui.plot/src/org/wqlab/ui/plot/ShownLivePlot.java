package org.wqlab.ui.plot;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** The Live Plot the commands act on (the one created last) and the handlers to tell when it or its session changes. */
final class ShownLivePlot {
    private static final List<LivePlotView> VIEWS = new CopyOnWriteArrayList<>();
    private static final List<Runnable> LISTENERS = new CopyOnWriteArrayList<>();

    private ShownLivePlot() {
    }

    static Optional<LivePlotView> current() {
        return VIEWS.isEmpty() ? Optional.empty() : Optional.of(VIEWS.get(0));
    }

    static void shown(LivePlotView view) {
        VIEWS.remove(view);
        VIEWS.add(0, view);
        changed();
    }

    static void closed(LivePlotView view) {
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
