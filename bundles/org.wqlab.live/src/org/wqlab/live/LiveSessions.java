package org.wqlab.live;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The "current live session" of this workbench: the sequence runner publishes a new {@link LiveSession} when a run
 * starts ({@link #publish}); the live plot listens and switches to it. Listeners run on the publisher's thread. The
 * workbench's one instance is an OSGi service (a DS component, see OSGI-INF); parts get it by injection.
 */
public final class LiveSessions {

    private final AtomicReference<LiveSession> current = new AtomicReference<>();
    private final List<Consumer<LiveSession>> listeners = new CopyOnWriteArrayList<>();

    public Optional<LiveSession> current() {
        return Optional.ofNullable(current.get());
    }

    /** The live session of the run that records into {@code experimentDir}, while it is the current one. */
    public Optional<LiveSession> recording(Path experimentDir) {
        return current().filter(s -> s.recordingInto().map(experimentDir::equals).orElse(false));
    }

    /** Makes {@code session} (or none, with null) the current one and tells every listener. */
    public void publish(LiveSession session) {
        current.set(session);
        for (Consumer<LiveSession> l : listeners) {
            l.accept(session);
        }
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
