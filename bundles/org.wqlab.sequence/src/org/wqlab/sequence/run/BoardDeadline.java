package org.wqlab.sequence.run;

import java.util.function.LongSupplier;

/**
 * A step's timeout in board time. It first runs out in wall time ({@code seconds / speed}); then the board's own
 * clock (its {@code /proc/uptime}) decides: when the board has lived less than the timeout since the step started and
 * its clock moved since the last look (it still answers, only late: a loaded host, a simulated board lagging behind
 * its speed), the deadline moves by what is left in board time. A board that does not tell its time is held to wall
 * time, and no deadline is moved past {@link #CAP_FACTOR} times its wall budget plus {@link #CAP_EXTRA_NANOS}. Used by
 * one thread, the one waiting.
 */
final class BoardDeadline {

    static final long NO_CLOCK = -1;
    static final double CAP_FACTOR = 10;
    static final long CAP_EXTRA_NANOS = 120_000_000_000L;
    /** The shortest move, so that a fast simulated board is looked at again after a reasonable wait. */
    static final long MIN_MOVE_NANOS = 200_000_000L;

    private final LongSupplier boardUs;
    private final LongSupplier nanoTime;
    private final double speed;
    private final long timeoutUs;
    private final long startBoardUs;
    private final long cap;
    private long wallEnd;
    private long lastBoardUs;

    /** @param boardUs the board's clock in microseconds, or {@link #NO_CLOCK} while unknown */
    BoardDeadline(double boardSeconds, double speed, LongSupplier boardUs, LongSupplier nanoTime) {
        this.boardUs = boardUs;
        this.nanoTime = nanoTime;
        this.speed = speed;
        this.timeoutUs = (long) Math.min(boardSeconds * 1e6, Long.MAX_VALUE / 4);
        this.startBoardUs = boardUs.getAsLong();
        this.lastBoardUs = startBoardUs;
        long now = nanoTime.getAsLong();
        double budget = Math.ceil(boardSeconds * 1e9 / speed);
        this.wallEnd = now + (long) Math.min(budget, Long.MAX_VALUE / 4);
        this.cap = now + (long) Math.min(budget * CAP_FACTOR + CAP_EXTRA_NANOS, Long.MAX_VALUE / 4);
    }

    BoardDeadline(double boardSeconds, double speed, LongSupplier boardUs) {
        this(boardSeconds, speed, boardUs, System::nanoTime);
    }

    /** A deadline in wall time only. */
    static BoardDeadline wall(long ms) {
        return new BoardDeadline(ms / 1000.0, 1, () -> NO_CLOCK);
    }

    /** Whether the timeout is over; may move the deadline when the board is behind (see the class comment). */
    boolean passed() {
        long now = nanoTime.getAsLong();
        if (now - wallEnd < 0) {
            return false;
        }
        long board = boardUs.getAsLong();
        if (board == NO_CLOCK || startBoardUs == NO_CLOCK || board <= lastBoardUs || now - cap >= 0) {
            return true;
        }
        lastBoardUs = board;
        long leftUs = timeoutUs - (board - startBoardUs);
        if (leftUs <= 0) {
            return true;
        }
        long move = Math.max(MIN_MOVE_NANOS, (long) Math.ceil(leftUs * 1000.0 / speed));
        wallEnd = now + Math.min(move, cap - now);
        return false;
    }

    /** Milliseconds of wall time until the deadline as it stands (0 when it is reached). */
    long leftMs() {
        return Math.max(0, (wallEnd - nanoTime.getAsLong()) / 1_000_000L);
    }
}
