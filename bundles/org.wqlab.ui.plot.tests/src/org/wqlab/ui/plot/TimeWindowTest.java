package org.wqlab.ui.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.LogEntry;

class TimeWindowTest {
    private static final long S = 1_000_000L;
    private static final long MINUTE = 60 * S;

    @Test
    void aYoungRunIsShownFromTheSessionsStartWithTheNewestTimeInside() {
        TimeWindow w = TimeWindow.following(280 * S, 282 * S, 290 * S, MINUTE);
        assertEquals(280.0, w.fromS(), "from the session's start, not from the first sample");
        assertEquals(290.2, w.toS(), 1e-9, "a 2 % margin beyond the board's current time");
    }

    @Test
    void aLongRunShowsTheLastWindowOfBoardTime() {
        TimeWindow w = TimeWindow.following(100 * S, 101 * S, 400 * S, MINUTE);
        assertEquals(340.0, w.fromS());
        assertEquals(401.2, w.toS(), 1e-9);
    }

    @Test
    void withNoDataTheAxisStartsAtTheSessionsStartAndMovesWithTheClock() {
        TimeWindow first = TimeWindow.following(0, LogEntry.NO_TIME, 0, MINUTE);
        assertEquals(0.0, first.fromS());
        assertEquals(1.02, first.toS(), 1e-9, "at least one second wide");
        TimeWindow later = TimeWindow.following(0, LogEntry.NO_TIME, 5 * S, MINUTE);
        assertEquals(0.0, later.fromS());
        assertEquals(5.1, later.toS(), 1e-9);
    }

    @Test
    void aMarkerBeforeTheEstimatedStartStaysInView() {
        TimeWindow w = TimeWindow.following(100 * S, 99 * S, 110 * S, MINUTE);
        assertEquals(99.0, w.fromS());
    }

    @Test
    void followingBucketsGiveAtMostOnePerColumn() {
        long bucket = TimeWindow.bucketUs(MINUTE, 1000);
        assertTrue((MINUTE + MINUTE / 50) / bucket <= 1000, "bucket " + bucket);
        assertEquals(61_200, bucket);
    }
}
