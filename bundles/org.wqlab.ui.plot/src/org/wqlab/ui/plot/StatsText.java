package org.wqlab.ui.plot;

import java.util.Locale;

import org.wqlab.live.DisconnectWorst;
import org.wqlab.live.LiveStats;

/** The stats strip's text. */
final class StatsText {
    private StatsText() {
    }

    static String of(LiveStats s, boolean paused, boolean following, long windowUs) {
        StringBuilder b = new StringBuilder();
        b.append(paused ? "PAUSED   " : following ? "live, last " + windowUs / 1_000_000 + " s   " : "zoomed   ");
        b.append("count ").append(String.format(Locale.ROOT, "%,d", s.count()));
        if (s.count() > 0) {
            b.append("   last ").append(ms(s.lastUs()));
            b.append("   max ").append(ms(s.maxUs()));
            b.append("   p99 \u2264 ").append(ms(s.p99Us()));
        }
        b.append("   late runs ").append(s.lateRuns());
        if (s.thresholdUs() >= 0) {
            b.append(" (> ").append(ms(s.thresholdUs())).append(')');
        }
        int n = 0;
        for (DisconnectWorst d : s.afterDisconnects()) {
            n++;
            b.append("   after disconnect ").append(n).append(": ");
            b.append(d.samples() == 0 ? "-" : ms(d.worstDelayUs()));
        }
        return b.toString();
    }

    static String waiting() {
        return "live session: waiting for the first sample";
    }

    static String ms(long us) {
        if (Math.abs(us) >= 100_000) {
            return String.format(Locale.ROOT, "%.1f ms", us / 1000.0);
        }
        return String.format(Locale.ROOT, "%.3f ms", us / 1000.0);
    }
}
