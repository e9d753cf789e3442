package org.wqlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.wqlab.klog.KlogParser;

/** Who is waiting and for how long, against a wall clock the test moves. */
class WaitingTest {
    private static final long MS = 1_000_000L;

    private final AtomicLong wall = new AtomicLong(1_000 * MS);
    private final LiveSession session = new LiveSession("t", 16, wall::get);
    private final KlogParser parser = new KlogParser(session);

    private void feed(String lines) {
        parser.feed(lines.getBytes(StandardCharsets.US_ASCII));
    }

    /** Both CPUs report every 100 ms from 100.1 s to {@code lastUs} (CPU 0 up to {@code lastCpu0Us}). */
    private void reports(long lastCpu0Us, long lastUs) {
        StringBuilder b = new StringBuilder();
        for (long t = 100_100_000; t <= lastUs; t += 100_000) {
            for (int cpu = 0; cpu < 2; cpu++) {
                if (cpu == 0 && t > lastCpu0Us) {
                    continue;
                }
                b.append(String.format("[%6d.%06d] latency_mon: cpu=%d seq=%d delay_us=%d%n", t / 1_000_000,
                        t % 1_000_000, cpu, t / 100_000, 40 + cpu));
            }
        }
        feed(b.toString());
    }

    @Test
    void aCpuSilentWhileTheOthersReportIsWaitingUntilItsLateReport() {
        feed("[  100.000000] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1\n");
        reports(100_300_000, 100_400_000);
        assertEquals(List.of(), session.waiting(), "one period after CPU 0's last report it is not overdue yet");

        reports(100_300_000, 101_000_000);
        assertEquals(101_000_000, session.boardNowUs(), "CPU 1's newest report is the board's time");
        assertEquals(List.of(new Waiting(0, 100_300_000, 101_000_000)), session.waiting());
        assertEquals("CPU 0 waiting 0.7 s", session.waiting().get(0).label());

        feed("[  101.500000] latency_mon: cpu=1 seq=15 delay_us=41\n");
        assertEquals(1_200_000, session.waiting().get(0).waitedUs(), "the wait grows with the others' reports");

        feed("[  101.510000] latency_mon: cpu=0 seq=4 delay_us=1110000\n");
        assertEquals(List.of(), session.waiting(), "the late report ends the wait");
    }

    @Test
    void aPauseOfTheWholeStreamIsNoCpuWaiting() {
        session.setBoardSpeed(2);
        feed("[  100.000000] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1\n");
        reports(100_500_000, 100_500_000);
        wall.addAndGet(200 * MS); // 400 ms of board time without a line from any CPU: the host reads late
        assertEquals(100_900_000, session.boardNowUs());
        assertEquals(List.of(), session.waiting(), "every CPU silent at once is the stream, not the board");

        feed("[  100.600000] latency_mon: cpu=1 seq=6 delay_us=41\n[  100.700000] latency_mon: cpu=1 seq=7 delay_us=41\n");
        assertEquals(List.of(new Waiting(0, 100_500_000, 100_700_000)), session.waiting(),
                "CPU 1 moved on past CPU 0's due time: CPU 0 waits, until CPU 1's newest line");
    }

    @Test
    void whenNoCpuReportsTheBoardTimeAdvancesWithTheWallClockTimesTheSpeed() {
        session.setBoardSpeed(10);
        feed("[  100.000000] latency_mon: start cpu=0 period_ms=100 threshold_ms=9 report_all=1\n"
                + "[  100.100000] latency_mon: cpu=0 seq=1 delay_us=40\n");
        wall.addAndGet(10 * MS); // 100 ms of board time: the newest report still stands for now
        assertEquals(100_100_000, session.boardNowUs());
        assertEquals(List.of(), session.waiting());

        wall.addAndGet(50 * MS); // 600 ms of board time without a line
        assertEquals(100_700_000, session.boardNowUs());
        Waiting first = session.waiting().get(0);
        assertEquals(600_000, first.waitedUs());
        wall.addAndGet(100 * MS);
        Waiting second = session.waiting().get(0);
        assertEquals(1_600_000, second.waitedUs());
        assertEquals("CPU 0 waiting 1.6 s", second.label());

        session.end();
        assertEquals(100_100_000, session.boardNowUs(), "an ended run's clock stops at its newest line");
        assertEquals(List.of(), session.waiting());
    }

    @Test
    void aSingleWatchedCpuThatNeverReportedWaitsFromTheModulesStart() {
        feed("[  100.000000] latency_mon: start cpu=2 period_ms=100 threshold_ms=9 report_all=1\n"
                + "[  100.200000] usb 2-1: USB disconnect, device number 3\n");
        assertEquals(List.of(new Waiting(2, 100_000_000, 100_200_000)), session.waiting());
        feed("[  100.250000] latency_mon: cpu=3 seq=1 delay_us=40\n");
        assertEquals(2, session.waiting().get(0).cpu(), "CPU 3 was not asked to report");
        assertEquals(1, session.waiting().size());
    }

    @Test
    void onlyModulesThatReportEveryRunAreWatched() {
        feed("[  100.000000] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=0\n"
                + "[  100.100000] latency_mon: cpu=0 seq=1 delay_us=40\n"
                + "[  103.000000] latency_mon: cpu=1 seq=1 delay_us=2900000\n");
        assertEquals(List.of(), session.waiting(), "report_all=0 reports only late runs: silence is normal");

        feed("[  104.000000] latency_mon: stop\n"
                + "[  105.000000] latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1\n"
                + "[  105.100000] latency_mon: cpu=0 seq=1 delay_us=40\n"
                + "[  106.000000] latency_mon: cpu=1 seq=1 delay_us=40\n");
        assertEquals(List.of(new Waiting(0, 105_100_000, 106_000_000)), session.waiting());
        feed("[  106.100000] latency_mon: stop\n");
        assertEquals(List.of(), session.waiting(), "nothing waits once the module is unloaded");

        LiveSession classic = new LiveSession("c", 16, wall::get);
        new KlogParser(classic).feed("[    5.000000] DELAY: 12\n".getBytes(StandardCharsets.US_ASCII));
        wall.addAndGet(5_000 * MS);
        assertEquals(List.of(), classic.waiting());
        assertEquals(10_000_000, classic.boardNowUs(), "5 s after the last line at speed 1");
    }

    @Test
    void beforeAnyLineTheClockCountsFromTheSessionsStart() {
        session.setBoardSpeed(2);
        assertEquals(0, session.boardNowUs());
        wall.addAndGet(1_500 * MS);
        assertEquals(3_000_000, session.boardNowUs());
        feed("[  100.000000] usb 2-1: USB disconnect, device number 3\n");
        assertEquals(97_000_000, session.startUs(), "the first line came 3 board seconds after the start");
        assertTrue(session.boardNowUs() >= session.newestUs());
    }

    @Test
    void aBoardSpeedThatIsNotPositiveIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> session.setBoardSpeed(0));
        assertEquals("board speed must be a positive number: 0.0", e.getMessage());
    }
}
