package org.wqlab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.wqlab.analysis.why.CpuTask;
import org.wqlab.analysis.why.DelayBreakdown;
import org.wqlab.analysis.why.DelayPart;
import org.wqlab.analysis.why.KworkRow;
import org.wqlab.analysis.why.TaskDump;

/**
 * Where a delay went, what the CPUs ran and the per-function latency table, as plain text lines: for
 * {@code wqlab explain} and the text report (the HTML report and the experiment editor show the same values).
 */
public final class DelayText {

    private DelayText() {
    }

    /** One line: every kind's share and the unexplained remainder ("hub_event [usbcore] 99.6 %, hard IRQs ..."). */
    public static String summary(DelayBreakdown b) {
        List<String> parts = new ArrayList<>();
        for (DelayPart p : b.parts()) {
            if (p.kind().equals(DelayPart.WORK)) {
                parts.add(p.name() + " " + percent(p.percent()));
            }
        }
        for (String kind : List.of(DelayPart.THREAD, DelayPart.HARDIRQ, DelayPart.SOFTIRQ, DelayPart.IDLE)) {
            long us = b.totalUs(kind);
            if (us > 0) {
                parts.add(kindLabel(kind) + " " + percent(100.0 * us / b.delayUs()));
            }
        }
        parts.add("unexplained " + percent(100.0 * b.unexplainedUs() / Math.max(1, b.delayUs())));
        return String.join(", ", parts);
    }

    /** The table: part, kind, ms, % of the delay; the unexplained row last, then the explained share. */
    public static List<String> table(DelayBreakdown b) {
        List<String> out = new ArrayList<>();
        int width = Math.max(24, b.parts().stream().mapToInt(p -> p.name().length()).max().orElse(0) + 2);
        out.add(String.format(Locale.ROOT, "%-" + width + "s %-11s %10s %7s", "part", "kind", "ms", "%"));
        for (DelayPart p : b.parts()) {
            out.add(String.format(Locale.ROOT, "%-" + width + "s %-11s %10s %7.1f", p.name(),
                    DelayPart.label(p.kind()), Units.ms(p.us()), p.percent()));
        }
        out.add(String.format(Locale.ROOT, "explained %.1f %% of %s ms%s%s", b.explainedPercent(),
                Units.ms(b.delayUs()), b.irqTraced() ? "" : "; no irq events in the trace (interrupts are counted"
                        + " in what they interrupted)", b.schedTraced() ? "" : "; no sched_switch (only the pool's"
                                + " work items are known)"));
        return out;
    }

    /** "CPU 0 kworker/0:1 (hub_event [usbcore]) | CPU 1 <idle> | ...", per moment. */
    public static String tasks(TaskDump d) {
        return d.cpus().stream().map(DelayText::task).collect(Collectors.joining(" | "));
    }

    public static String task(CpuTask t) {
        return "CPU " + t.cpu() + " " + t.task() + (t.work().isEmpty() ? "" : " (" + t.work() + ")");
    }

    /** The perf kwork table; the monitor's rows marked with '*'. */
    public static List<String> kwork(List<KworkRow> rows) {
        List<String> out = new ArrayList<>();
        int width = Math.max(20, rows.stream().mapToInt(r -> r.function().length()).max().orElse(0) + 2);
        out.add(String.format(Locale.ROOT, "  %-" + width + "s %4s %7s %10s %10s %10s %11s %10s %10s", "work function",
                "CPU", "count", "lat mean", "lat p99", "lat max", "exec total", "exec mean", "exec max"));
        out.add(String.format(Locale.ROOT, "  %-" + width + "s %4s %7s %10s %10s %10s %11s %10s %10s", "", "", "",
                "ms", "ms", "ms", "ms", "ms", "ms"));
        for (KworkRow r : rows) {
            boolean lat = r.latencyCount() > 0;
            out.add(String.format(Locale.ROOT, "%s %-" + width + "s %4d %7d %10s %10s %10s %11s %10s %10s",
                    r.monitor() ? "*" : " ", r.function(), r.cpu(), r.count(), lat ? Units.ms(r.meanLatencyUs()) : "-",
                    lat ? Units.ms(r.p99LatencyUs()) : "-", lat ? Units.ms(r.maxLatencyUs()) : "-",
                    Units.ms(r.totalExecUs()), Units.ms(r.meanExecUs()), Units.ms(r.maxExecUs())));
        }
        return out;
    }

    /** "work items", "other tasks", "hard IRQs", "softirqs", "idle". */
    public static String kindLabel(String kind) {
        return switch (kind) {
            case DelayPart.WORK -> "work items";
            case DelayPart.THREAD -> "other tasks";
            case DelayPart.HARDIRQ -> "hard IRQs";
            case DelayPart.SOFTIRQ -> "softirqs";
            default -> DelayPart.label(kind);
        };
    }

    private static String percent(double p) {
        return String.format(Locale.ROOT, "%.1f %%", p);
    }
}
