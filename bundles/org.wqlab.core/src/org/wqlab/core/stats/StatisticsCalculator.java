package org.wqlab.core.stats;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;

/**
 * Computes {@link Statistics}. A report is late when its delay is above the threshold in effect: the one of the
 * last {@code latency_mon: start} line before it, else the default. Classic {@code DELAY:} reports are always late
 * ones (the original module prints nothing else).
 */
public final class StatisticsCalculator {

    public static final long DEFAULT_THRESHOLD_US = 10_000;
    public static final long DISCONNECT_WINDOW_US = 60_000_000L;
    private static final long CLOCK_JITTER_US = 1_000_000L;

    /** Bin edges in us: a 1-2-5 series per decade, as OSADL latency plots read on a log axis. */
    private static final long[] EDGES = edges();

    private StatisticsCalculator() {
    }

    public static Statistics compute(LogContent content) {
        return compute(content.samples(), content.events(), DEFAULT_THRESHOLD_US);
    }

    public static Statistics compute(SampleStore s, List<Event> events, long defaultThresholdUs) {
        int n = s.size();
        Thresholds thresholds = new Thresholds(events, defaultThresholdUs);
        boolean fromLog = events.stream().anyMatch(e -> e.kind() == EventKind.MODULE_START);
        long thresholdUs = defaultThresholdUs;
        for (int i = events.size() - 1; i >= 0 && fromLog; i--) {
            if (events.get(i).kind() == EventKind.MODULE_START) {
                thresholdUs = startThresholdUs(events.get(i), defaultThresholdUs);
                break;
            }
        }
        boolean lateOnly = n > 0;
        long sum = 0;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        long[] counts = new long[EDGES.length + 1];
        Thresholds.Walk walk = thresholds.walk();
        int chunk = SampleStore.CHUNK;
        int[] delays = new int[chunk];
        int[] cpus = new int[chunk];
        boolean[] classic = new boolean[chunk];
        int[] lines = new int[chunk];
        for (int from = 0; from < n; from += chunk) {
            int len = Math.min(chunk, n - from);
            s.copyDelays(from, delays, len);
            for (int j = 0; j < len; j++) {
                int d = delays[j];
                sum += d;
                min = Math.min(min, d);
                max = Math.max(max, d);
                counts[bin(d)]++;
            }
            if (lateOnly) {
                s.copyCpus(from, cpus, classic, len);
                s.copyLines(from, lines, len);
                for (int j = 0; j < len && lateOnly; j++) {
                    if (!classic[j] && delays[j] <= walk.at(lines[j])) {
                        lateOnly = false;
                    }
                }
            }
        }
        List<HistogramBin> histogram = new ArrayList<>();
        histogram.add(new HistogramBin(Integer.MIN_VALUE, 0, counts[0]));
        for (int b = 0; b < EDGES.length - 1; b++) {
            histogram.add(new HistogramBin(EDGES[b], EDGES[b + 1], counts[b + 1]));
        }
        int[] p = n == 0 ? new int[4]
                : DelayRanks.at(s, new long[] { rankIndex(n, 50), rankIndex(n, 90), rankIndex(n, 99),
                        rankIndex(n, 99.9) });
        return new Statistics(n, n == 0 ? 0 : min, n == 0 ? 0 : max, n == 0 ? 0 : (double) sum / n,
                p[0], p[1], p[2], p[3], lateOnly, thresholdUs, fromLog, histogram, LostReports.count(s, events),
                disconnects(s, events, thresholds, lateOnly));
    }

    /** Nearest rank: the index, in sorted order, of the smallest value with at least p% of the values at or below it. */
    public static long rankIndex(int n, double p) {
        long rank = (long) Math.ceil(p * n / 100.0 - 1e-9); // epsilon: 99.9 is not exact in binary
        return Math.max(0, Math.min(n - 1, rank - 1));
    }

    private static int bin(int d) {
        if (d < 0) {
            return 0;
        }
        int lo = 0;
        int hi = EDGES.length - 1;
        while (lo < hi) { // last edge <= d
            int mid = (lo + hi + 1) >>> 1;
            if (EDGES[mid] <= d) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo + 1;
    }

    private static long[] edges() {
        List<Long> e = new ArrayList<>();
        e.add(0L);
        for (long decade = 1; decade <= 1_000_000_000L; decade *= 10) {
            e.add(decade);
            e.add(2 * decade);
            e.add(5 * decade);
        }
        e.add(10_000_000_000L);
        return e.stream().mapToLong(Long::longValue).toArray();
    }

    private static long startThresholdUs(Event start, long fallback) {
        try {
            return Long.parseLong(start.field("threshold_ms")) * 1000;
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    /** The threshold in effect at a log line: the one of the last module start before it, else the default. */
    private static final class Thresholds {
        private final long[] startLines;
        private final long[] values;
        private final long defaultUs;

        Thresholds(List<Event> events, long defaultUs) {
            List<Event> starts = events.stream().filter(e -> e.kind() == EventKind.MODULE_START).toList();
            this.startLines = starts.stream().mapToLong(Event::line).toArray();
            this.values = starts.stream().mapToLong(e -> startThresholdUs(e, defaultUs)).toArray();
            this.defaultUs = defaultUs;
        }

        long at(long line) {
            int lo = 0;
            int hi = startLines.length;
            while (lo < hi) { // the first start at or after the line
                int mid = (lo + hi) >>> 1;
                if (startLines[mid] < line) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo == 0 ? defaultUs : values[lo - 1];
        }

        /** For lines asked in ascending order. */
        Walk walk() {
            return new Walk();
        }

        final class Walk {
            private int next;
            private long current = defaultUs;

            long at(long line) {
                while (next < startLines.length && startLines[next] < line) {
                    current = values[next++];
                }
                return current;
            }
        }
    }

    /** The first boot's line after {@code line}, or Long.MAX_VALUE. */
    private static long nextBoot(long[] bootLines, long line) {
        for (long b : bootLines) {
            if (b > line) {
                return b;
            }
        }
        return Long.MAX_VALUE;
    }

    private static List<DisconnectImpact> disconnects(SampleStore s, List<Event> events, Thresholds thresholds,
            boolean lateOnly) {
        List<Event> pulls = events.stream().filter(e -> e.kind() == EventKind.USB_DISCONNECT).toList();
        long[] bootLines = events.stream().filter(e -> e.kind() == EventKind.BOOT).mapToLong(Event::line).toArray();
        List<DisconnectImpact> out = new ArrayList<>();
        for (int k = 0; k < pulls.size(); k++) {
            Event pull = pulls.get(k);
            long nextLine = k + 1 < pulls.size() ? pulls.get(k + 1).line() : Long.MAX_VALUE;
            long nextBoot = nextBoot(bootLines, pull.line());
            long t0 = pull.timestampUs();
            boolean timed = t0 != LogEntry.NO_TIME;
            long windowEnd = timed ? saturatedAdd(t0, DISCONNECT_WINDOW_US) : LogEntry.NO_TIME;
            long nextPullUs = k + 1 < pulls.size() && nextLine < nextBoot ? pulls.get(k + 1).timestampUs()
                    : LogEntry.NO_TIME;
            nextLine = Math.min(nextLine, nextBoot); // a window never runs into the next boot
            // a next disconnect stamped before this one (the clock jumped back) ends the window by line order only
            if (timed && nextPullUs != LogEntry.NO_TIME && nextPullUs >= t0) {
                windowEnd = Math.min(windowEnd, nextPullUs);
            }
            int worst = -1;
            int lastInWindow = -1;
            int i = s.firstIndexAfterLine(pull.line());
            for (; i < s.size() && s.line(i) < nextLine; i++) {
                long ts = s.timestampUs(i);
                if (timed && ts != LogEntry.NO_TIME && ts > windowEnd) {
                    break;
                }
                if (worst < 0 || s.delayUs(i) > s.delayUs(worst)) {
                    worst = i;
                }
                lastInWindow = i;
            }
            Long recovery = null;
            String basis = DisconnectImpact.BASIS_NONE;
            int recoveredAt = -1;
            if (worst >= 0 && lateOnly) {
                recoveredAt = lastInWindow;
                basis = DisconnectImpact.BASIS_LAST_LATE;
            } else if (worst >= 0) {
                for (int j = worst + 1; j < s.size() && s.line(j) < nextLine; j++) {
                    if (s.delayUs(j) <= thresholds.at(s.line(j))) {
                        recoveredAt = j;
                        basis = DisconnectImpact.BASIS_UNDER_THRESHOLD;
                        break;
                    }
                }
            }
            if (recoveredAt >= 0) {
                long to = s.timestampUs(recoveredAt);
                if (t0 == LogEntry.NO_TIME || to == LogEntry.NO_TIME) {
                    basis = DisconnectImpact.BASIS_NONE;
                } else if (to < t0 || timeWentBack(s, pull.line(), recoveredAt, t0)) {
                    basis = DisconnectImpact.BASIS_TIME_JUMP;
                } else {
                    recovery = to - t0;
                }
            }
            out.add(new DisconnectImpact(pull.line(), t0, pull.subject(), windowEnd,
                    worst < 0 ? null : s.delayUs(worst), worst < 0 ? 0 : s.line(worst), recovery, basis));
        }
        return out;
    }

    /**
     * Whether a report between the disconnect and {@code until} is stamped clearly before an earlier one (or the
     * pull): a reboot or clock step. Reports of different CPUs may be a little out of order; that is not a jump.
     */
    private static boolean timeWentBack(SampleStore s, long pullLine, int until, long t0) {
        long last = t0;
        for (int i = s.firstIndexAfterLine(pullLine); i <= until; i++) {
            long ts = s.timestampUs(i);
            if (ts == LogEntry.NO_TIME) {
                continue;
            }
            if (ts < last - CLOCK_JITTER_US) {
                return true;
            }
            last = ts;
        }
        return false;
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
