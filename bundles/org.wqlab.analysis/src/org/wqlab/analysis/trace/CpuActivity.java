package org.wqlab.analysis.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.wqlab.analysis.trace.TraceEvent.Header;

/**
 * What each CPU ran, from a trace: every {@code sched_switch} on it and every hard interrupt and softirq handler
 * (paired entry and exit), in trace order. Which task ran at a time comes from the switches around it, else from the
 * task named by the CPU's first or last event (an event's header is the task current on its CPU). Filled by
 * {@link WorkTimeline} in its one pass; a gap in a late-window trace ends every open handler unpaired.
 */
public final class CpuActivity {

    /** The CPU switched from {@code prev} to {@code next} at {@code atUs}. */
    public record Switch(long atUs, String prevComm, int prevPid, String nextComm, int nextPid) {
    }

    /** A handler's run on the CPU: a hard interrupt ({@code hard}, named as /proc/interrupts) or a softirq (action). */
    public record Handler(long fromUs, long toUs, boolean hard, String name) {
    }

    /** A task and when the trace saw it on the CPU. */
    public record Seen(long atUs, String comm, int pid) {
    }

    private static final class PerCpu {
        final List<Switch> switches = new ArrayList<>();
        final List<Handler> handlers = new ArrayList<>();
        Seen first;
        Seen last;
        long hardFrom = -1;
        String hardName;
        long softFrom = -1;
        String softName;
    }

    private final Map<Integer, PerCpu> cpus = new TreeMap<>();
    private final Map<String, String> interned = new HashMap<>();
    private boolean irqTraced;

    CpuActivity() {
    }

    private PerCpu of(int cpu) {
        return cpus.computeIfAbsent(cpu, c -> new PerCpu());
    }

    private String intern(String s) {
        return interned.computeIfAbsent(s, x -> x);
    }

    void seen(Header h) {
        PerCpu p = of(h.cpu());
        Seen s = new Seen(h.timestampUs(), intern(h.comm()), h.pid());
        if (p.first == null) {
            p.first = s;
        }
        p.last = s;
    }

    void sched(TraceEvent.SchedSwitch sw) {
        of(sw.cpu()).switches.add(new Switch(sw.timestampUs(), intern(sw.prevComm()), sw.prevPid(),
                intern(sw.nextComm()), sw.nextPid()));
    }

    void irqEntry(TraceEvent.IrqEntry e) {
        irqTraced = true;
        PerCpu p = of(e.cpu());
        p.hardFrom = e.timestampUs();
        p.hardName = intern(e.name());
    }

    void irqExit(TraceEvent.IrqExit e) {
        irqTraced = true;
        PerCpu p = of(e.cpu());
        if (p.hardFrom >= 0) {
            p.handlers.add(new Handler(p.hardFrom, e.timestampUs(), true, p.hardName));
            p.hardFrom = -1;
        }
    }

    void softirq(TraceEvent.Softirq e) {
        irqTraced = true;
        PerCpu p = of(e.cpu());
        if (e.entry()) {
            p.softFrom = e.timestampUs();
            p.softName = intern(e.action());
        } else if (p.softFrom >= 0) {
            p.handlers.add(new Handler(p.softFrom, e.timestampUs(), false, p.softName));
            p.softFrom = -1;
        }
    }

    /** A late-window trace dropped a part: nothing open is paired across it. */
    void gap() {
        for (PerCpu p : cpus.values()) {
            p.hardFrom = -1;
            p.softFrom = -1;
        }
    }

    /** Whether any irq or softirq event was recorded. */
    public boolean irqTraced() {
        return irqTraced;
    }

    public List<Integer> cpus() {
        return List.copyOf(cpus.keySet());
    }

    public List<Switch> switches(int cpu) {
        PerCpu p = cpus.get(cpu);
        return p == null ? List.of() : p.switches;
    }

    /** The handlers that ended on the CPU, by start (softirqs hold the hard interrupts that came during them). */
    public List<Handler> handlers(int cpu) {
        PerCpu p = cpus.get(cpu);
        if (p == null) {
            return List.of();
        }
        List<Handler> sorted = new ArrayList<>(p.handlers);
        sorted.sort(java.util.Comparator.comparingLong(Handler::fromUs));
        return sorted;
    }

    /** The task on the CPU at {@code atUs}, or null when the trace does not tell. */
    public Seen taskAt(int cpu, long atUs) {
        PerCpu p = cpus.get(cpu);
        if (p == null) {
            return null;
        }
        int i = lastSwitchAtOrBefore(p.switches, atUs);
        if (i >= 0) {
            Switch s = p.switches.get(i);
            return new Seen(s.atUs(), s.nextComm(), s.nextPid());
        }
        if (!p.switches.isEmpty()) {
            Switch s = p.switches.get(0);
            return new Seen(atUs, s.prevComm(), s.prevPid());
        }
        if (p.first != null && p.first.atUs() >= atUs) {
            return p.first;
        }
        return p.last != null && p.last.atUs() <= atUs ? p.last : null;
    }

    /** Index of the last switch at or before {@code atUs}, -1 when none (switches are in trace order). */
    public static int lastSwitchAtOrBefore(List<Switch> switches, long atUs) {
        int lo = 0;
        int hi = switches.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (switches.get(mid).atUs() <= atUs) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
