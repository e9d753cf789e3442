package org.wqlab.live;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The "current live session" of this workbench: the sequence runner publishes a new {@link LiveSession} when a run
 * starts ({@link #publish}); the live plot listens and switches to it. Listeners run on the publisher's thread.
 */
public final class LiveSessions {

    private static final AtomicReference<LiveSession> CURRENT = new AtomicReference<>();
    private static final List<Consumer<LiveSession>> LISTENERS = new CopyOnWriteArrayList<>();

    private LiveSessions() {
    }

    public static Optional<LiveSession> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** The live session of the run that records into {@code experimentDir}, while it is the current one. */
    public static Optional<LiveSession> recording(java.nio.file.Path experimentDir) {
        return current().filter(s -> s.recordingInto().map(experimentDir::equals).orElse(false));
    }

    /** Makes {@code session} (or none, with null) the current one and tells every listener. */
    public static void publish(LiveSession session) {
        CURRENT.set(session);
        for (Consumer<LiveSession> l : LISTENERS) {
            l.accept(session);
        }
    }

    /** Convenience: a new session, published. */
    public static LiveSession start(String name) {
        LiveSession s = new LiveSession(name);
        publish(s);
        return s;
    }

    /** {@code listener} receives every later {@link #publish} (the session may be null). */
    public static void addListener(Consumer<LiveSession> listener) {
        LISTENERS.add(listener);
    }

    public static void removeListener(Consumer<LiveSession> listener) {
        LISTENERS.remove(listener);
    }
}
