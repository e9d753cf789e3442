package org.wqlab.sequence.run;

import java.math.BigDecimal;

/** Reads the board's clock from Linux's {@code /proc/uptime} ("12345.67 54321.00"). */
final class BoardClock {

    private BoardClock() {
    }

    /** Seconds since boot in microseconds, or {@link BoardDeadline#NO_CLOCK} when the text is not an uptime. */
    static long parseUptimeUs(String uptime) {
        String first = uptime.strip().split("\\s+", 2)[0];
        if (!first.matches("\\d{1,12}(\\.\\d{1,9})?")) {
            return BoardDeadline.NO_CLOCK;
        }
        return new BigDecimal(first).movePointRight(6).longValue();
    }
}
