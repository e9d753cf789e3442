package org.wqlab.live;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.Sample;

/**
 * Which CPUs report every run (the improved module's start line said {@code report_all=1}, for one CPU or for
 * {@code all}), their period and threshold, and the board time of each one's last report. Confined to the
 * session's lock for writing; {@link #waiting(long)} reads volatile copies.
 */
final class ReportWatch {
    private static final long NONE = Long.MIN_VALUE;

    private volatile boolean active;
    private volatile boolean allCpus;
    private volatile long periodUs;
    private volatile long thresholdUs;
    /** Index = CPU; NONE where the CPU is not expected to report. Replaced (copy-on-write) when it grows. */
    private volatile long[] lastReportUs = new long[0];

    /** A module start line; anything but report_all=1 with a numeric period stops watching. */
    void started(Event start, long timeUs) {
        String period = start.field("period_ms");
        String threshold = start.field("threshold_ms");
        String cpu = start.field("cpu");
        boolean reportsAll = "1".equals(start.field("report_all")) && isNumber(period) && isNumber(threshold)
                && cpu != null && (cpu.equals("all") || isNumber(cpu));
        long[] fresh = new long[0];
        if (reportsAll) {
            periodUs = Long.parseLong(period) * 1000;
            thresholdUs = Long.parseLong(threshold) * 1000;
            allCpus = cpu.equals("all");
            if (!allCpus) {
                // the first run is due one period after the start, so the start counts as its last report
                fresh = grown(fresh, Integer.parseInt(cpu));
                fresh[Integer.parseInt(cpu)] = timeUs;
            }
        }
        lastReportUs = fresh;
        active = reportsAll;
    }

    void stopped() {
        active = false;
        lastReportUs = new long[0];
    }

    void reported(int cpu, long timeUs) {
        if (!active || cpu == Sample.UNKNOWN || cpu < 0) {
            return;
        }
        long[] last = lastReportUs;
        if (cpu >= last.length || last[cpu] == NONE) {
            if (!allCpus) {
                return;
            }
            if (cpu >= last.length) {
                last = grown(last, cpu);
                last[cpu] = timeUs;
                lastReportUs = last;
                return;
            }
        }
        last[cpu] = Math.max(last[cpu], timeUs);
        lastReportUs = last; // publish the element to lock-free readers
    }

    /** The longest time one report stands for "now" (the period), 0 when no CPU is expected to report. */
    long freshUs() {
        return active ? periodUs : 0;
    }

    /**
     * Every expected CPU silent for longer than its period plus the threshold, waiting until board time
     * {@code nowUs}. With several CPUs watched, a CPU is overdue only when the others' reports have moved on past
     * its due time: the stream arrives in bursts, and a pause of the whole stream (the host reading late) is no
     * CPU waiting. A single watched CPU has no others to go by and is held to {@code nowUs}.
     */
    List<Waiting> waiting(long nowUs) {
        if (!active) {
            return List.of();
        }
        long overdueUs = periodUs + thresholdUs;
        long[] last = lastReportUs;
        int watched = 0;
        long newest = NONE;
        for (long t : last) {
            if (t != NONE) {
                watched++;
                newest = Math.max(newest, t);
            }
        }
        long reference = watched >= 2 ? newest : nowUs;
        List<Waiting> out = new ArrayList<>(1);
        for (int cpu = 0; cpu < last.length; cpu++) {
            long t = last[cpu];
            if (t != NONE && reference - t > overdueUs) {
                out.add(new Waiting(cpu, t, Math.max(nowUs, reference)));
            }
        }
        return out;
    }

    private static long[] grown(long[] a, int cpu) {
        long[] g = Arrays.copyOf(a, Math.max(a.length, cpu + 1));
        Arrays.fill(g, a.length, g.length, NONE);
        return g;
    }

    private static boolean isNumber(String s) {
        return s != null && !s.isEmpty() && s.length() < 10 && s.chars().allMatch(Character::isDigit);
    }
}
