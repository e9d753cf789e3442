package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** A board-time timeout on a host that runs late: the wall clock and the board's clock are set by hand. */
class BoardDeadlineTest {

    private final AtomicLong wallNs = new AtomicLong(1_000_000_000_000L);
    private final AtomicLong boardUs = new AtomicLong(500_000_000L);

    private BoardDeadline deadline(double boardSeconds, double speed) {
        return new BoardDeadline(boardSeconds, speed, boardUs::get, wallNs::get);
    }

    private void wall(double seconds) {
        wallNs.addAndGet((long) (seconds * 1e9));
    }

    private void board(double seconds) {
        boardUs.addAndGet((long) (seconds * 1e6));
    }

    @Test
    void aBoardOnTimeIsHeldToTheWallBudget() {
        BoardDeadline d = deadline(60, 1000);
        wall(0.059);
        board(59);
        assertFalse(d.passed());
        wall(0.002);
        board(2);
        assertTrue(d.passed());
    }

    @Test
    void aBoardRunningLateGetsWhatIsLeftOfItsTimeInBoardTime() {
        // 60 s of board time at speed 1000 is 60 ms of wall time; the loaded host delivered only 10 s of it
        BoardDeadline d = deadline(60, 1000);
        wall(0.5);
        board(10);
        assertFalse(d.passed(), "50 s of board time are left");
        assertEquals(BoardDeadline.MIN_MOVE_NANOS / 1_000_000, d.leftMs(), "50 ms, but looked at again in 200 ms");
        wall(0.3);
        board(0.1);
        assertFalse(d.passed(), "still 49.9 s left");
        wall(0.3);
        board(30);
        assertFalse(d.passed(), "19.9 s left, the board still answers");
        wall(1);
        board(21);
        assertTrue(d.passed(), "61 s of board time have passed");
    }

    @Test
    void aBoardWhoseClockStoodStillIsNotWaitedFor() {
        BoardDeadline d = deadline(60, 1000);
        wall(0.5);
        board(10);
        assertFalse(d.passed());
        wall(0.3);
        assertTrue(d.passed(), "its clock did not move since the last look: the board is not answering");
    }

    @Test
    void withoutABoardClockWallTimeDecides() {
        boardUs.set(BoardDeadline.NO_CLOCK);
        BoardDeadline d = deadline(2, 1);
        wall(1.9);
        assertFalse(d.passed());
        wall(0.2);
        assertTrue(d.passed());
    }

    @Test
    void noDeadlineMovesPastItsCap() {
        BoardDeadline d = deadline(1, 1);
        for (int i = 0; i < 200 && !d.passed(); i++) {
            wall(1);
            board(0.001);
        }
        long capNs = (long) (1e9 * BoardDeadline.CAP_FACTOR) + BoardDeadline.CAP_EXTRA_NANOS;
        assertTrue(d.passed());
        assertTrue(wallNs.get() - 1_000_000_000_000L <= capNs + 1_000_000_000L, "stopped at the cap");
    }

    @Test
    void aWeekAtTheSlowestSpeedDoesNotOverflow() {
        BoardDeadline d = deadline(604_800, 0.001);
        wall(1e6);
        assertFalse(d.passed());
    }

    @Test
    void uptimeIsReadToTheMicrosecondAndAnythingElseIsNoClock() {
        assertEquals(12_345_670_000L, BoardClock.parseUptimeUs("12345.67 54321.00\n"));
        assertEquals(7_000_000L, BoardClock.parseUptimeUs("7"));
        assertEquals(BoardDeadline.NO_CLOCK, BoardClock.parseUptimeUs("cat: /proc/uptime: No such file"));
        assertEquals(BoardDeadline.NO_CLOCK, BoardClock.parseUptimeUs(""));
    }
}
