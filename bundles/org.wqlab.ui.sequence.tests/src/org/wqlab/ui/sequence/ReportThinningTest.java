package org.wqlab.ui.sequence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The Console's share of a monitor that reports every run: 100 reports a second, every late one, a count of the rest. */
class ReportThinningTest {

    private static String report(int seq, int delayUs) {
        return "latency_mon: cpu=0 seq=" + seq + " delay_us=" + delayUs;
    }

    @Test
    void aSecondShowsAHundredReportsEveryLateOneAndCountsTheRest() {
        AtomicLong now = new AtomicLong();
        ReportThinning thinning = new ReportThinning(now::get);
        List<String> printed = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            now.set(i * 1_000_000L); // 1 000 reports in the first second
            printed.addAll(thinning.lines(report(i, i == 700 ? 6_500_000 : 4_000)));
        }
        printed.addAll(thinning.lines("usb 2-1: USB disconnect, device number 2"));
        assertEquals(ReportThinning.REPORTS_PER_SECOND + 2, printed.size(), "100 on time, the late one, the USB line");
        assertTrue(printed.contains(report(700, 6_500_000)), "the late report is shown");
        assertEquals(report(99, 4_000), printed.get(99));

        now.set(1_000_000_000L);
        List<String> next = thinning.lines(report(1000, 4_000));
        assertEquals(2, next.size(), next.toString());
        assertTrue(next.get(0).startsWith("(899 more reports"), next.get(0));
        assertEquals(report(1000, 4_000), next.get(1));
        assertNull(thinning.leftOutLine(), "nothing left out in the new second yet");
    }
}
