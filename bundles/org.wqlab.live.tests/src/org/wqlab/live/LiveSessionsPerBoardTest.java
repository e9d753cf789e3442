package org.wqlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Several boards' live sessions at once: each board's newest, the current one the newest of all. */
class LiveSessionsPerBoardTest {

    @Test
    void eachBoardKeepsItsNewestSessionAndTheCurrentIsTheNewestPublished() {
        LiveSessions sessions = new LiveSessions();
        List<LiveSession> told = new ArrayList<>();
        sessions.addListener(told::add);
        LiveSession a1 = new LiveSession("a1");
        LiveSession b1 = new LiveSession("b1");
        LiveSession a2 = new LiveSession("a2");
        sessions.publish("A", a1);
        sessions.publish("B", b1);
        sessions.publish("A", a2);

        assertEquals(List.of("A", "B"), sessions.boards(), "in the order of their first run");
        assertSame(a2, sessions.of("A").orElseThrow(), "A's newest");
        assertSame(b1, sessions.of("B").orElseThrow());
        assertEquals(Optional.empty(), sessions.of("C"));
        assertSame(a2, sessions.current().orElseThrow(), "the newest published");
        assertEquals(List.of(a1, b1, a2), told);
        assertEquals(Optional.of("B"), sessions.boardOf(b1));
        assertEquals(Optional.empty(), sessions.boardOf(a1), "a1 is no board's newest any more");
    }

    @Test
    void theRecordingSessionIsFoundOnWhicheverBoardItRuns() {
        LiveSessions sessions = new LiveSessions();
        LiveSession a = new LiveSession("a");
        LiveSession b = new LiveSession("b");
        a.setRecordingInto(Path.of("/experiments/a"));
        b.setRecordingInto(Path.of("/experiments/b"));
        sessions.publish("A", a);
        sessions.publish("B", b);
        assertSame(a, sessions.recording(Path.of("/experiments/a")).orElseThrow(), "not only the current one");
        assertSame(b, sessions.recording(Path.of("/experiments/b")).orElseThrow());
        assertEquals(Optional.empty(), sessions.recording(Path.of("/experiments/c")));
    }
}
