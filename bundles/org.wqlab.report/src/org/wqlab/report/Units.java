package org.wqlab.report;

import java.util.Locale;

/** How reports write delays and sizes. */
public final class Units {

    private Units() {
    }

    /** Milliseconds for a delay in microseconds: whole above 100 ms, one decimal above 1 ms, else three. */
    public static String ms(long us) {
        double ms = us / 1000.0;
        if (Math.abs(ms) >= 100) {
            return String.format(Locale.ROOT, "%d", Math.round(ms));
        }
        if (Math.abs(ms) >= 1) {
            String s = String.format(Locale.ROOT, "%.1f", ms);
            return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
        }
        return String.format(Locale.ROOT, "%.3f", ms);
    }

    /** A ratio as "2.9" below 10, else whole ("14"). */
    public static String ratio(double r) {
        return r < 10 ? String.format(Locale.ROOT, "%.1f", r) : String.format(Locale.ROOT, "%d", Math.round(r));
    }

    /** kB as MiB ("3328 MiB"), or "-" when unknown (negative). */
    public static String cached(long kb) {
        return kb < 0 ? "-" : String.format(Locale.ROOT, "%d MiB", Math.round(kb / 1024.0));
    }
}
