package org.wqlab.live;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The live sessions of this workbench, one per board (the newest run's on each), and the "current" one, the newest
 * published: the sequence runner publishes a new {@link LiveSession} when a run starts ({@link #publish}); a live plot
 * listens and switches to it, or to its own board's. Listeners run on the publisher's thread. The workbench's one
 * instance is an OSGi service (a DS component, see OSGI-INF); parts get it by injection.
 */
public final class LiveSessions {

    private final AtomicReference<LiveSession> current = new AtomicReference<>();
    private final Map<String, LiveSession> byBoard = Collections.synchronizedMap(new LinkedHashMap<>());
    private final List<Consumer<LiveSession>> listeners = new CopyOnWriteArrayList<>();

    public Optional<LiveSession> current() {
        return Optional.ofNullable(current.get());
    }

    /** The newest session of {@code board}'s runs, if one was published. */
    public Optional<LiveSession> of(String board) {
        return Optional.ofNullable(byBoard.get(board));
    }

    /** The boards with a session, in the order of their first run. */
    public List<String> boards() {
        synchronized (byBoard) {
            return List.copyOf(byBoard.keySet());
        }
    }

    /** The board whose newest session {@code session} is, if any. */
    public Optional<String> boardOf(LiveSession session) {
        synchronized (byBoard) {
            return byBoard.entrySet().stream().filter(e -> e.getValue() == session).map(Map.Entry::getKey)
                    .findFirst();
        }
    }

    /** The live session of the run that records into {@code experimentDir}, while it is a board's newest. */
    public Optional<LiveSession> recording(Path experimentDir) {
        List<LiveSession> all;
        synchronized (byBoard) {
            all = new ArrayList<>(byBoard.values());
        }
        current().ifPresent(all::add);
        return all.stream().filter(s -> s.recordingInto().map(experimentDir::equals).orElse(false)).findFirst();
    }

    /** Makes {@code session} (or none, with null) the current one and tells every listener. */
    public void publish(LiveSession session) {
        current.set(session);
        for (Consumer<LiveSession> l : listeners) {
            l.accept(session);
        }
    }

    /** Makes {@code session} {@code board}'s session and the current one, and tells every listener. */
    public void publish(String board, LiveSession session) {
        byBoard.put(board, session);
        publish(session);
    }

    /** Convenience: a new session, published. */
    public LiveSession start(String name) {
        LiveSession s = new LiveSession(name);
        publish(s);
        return s;
    }

    /** {@code listener} receives every later {@link #publish} (the session may be null). */
    public void addListener(Consumer<LiveSession> listener) {
        listeners.add(listener);
    }

    public void removeListener(Consumer<LiveSession> listener) {
        listeners.remove(listener);
    }
}
