package org.wqlab.analysis.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.analysis.trace.TraceEvent.ActivateWork;
import org.wqlab.analysis.trace.TraceEvent.ExecuteEnd;
import org.wqlab.analysis.trace.TraceEvent.ExecuteStart;
import org.wqlab.analysis.trace.TraceEvent.QueueWork;
import org.wqlab.analysis.trace.TraceEvent.SchedSwitch;

/**
 * Pairs a trace's events into {@link WorkExecution}s. A worker runs one item at a time, so start and end are paired
 * by the worker's pid (unbound workers may change CPU in between); queue and activate times by the work struct's
 * address; absences by sched_switch of the worker's pid; each CPU's switches and interrupt handlers into a
 * {@link CpuActivity}. Lines starting with {@code # wqlab} are kept as notes; at a
 * {@link #GAP_NOTE} line (a late-window trace's dropped part) whatever was running ends there, unfinished, and
 * nothing is paired across it.
 */
public final class WorkTimeline {

    private final List<WorkExecution> executions = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private long firstUs = -1;
    private long lastUs = -1;
    private long lines;
    private long events;
    private long lostEvents;
    private long gaps;
    private boolean schedTraced;
    private final CpuActivity activity = new CpuActivity();

    /** Where a late-window trace dropped a part (written by the late-window capture). */
    public static final String GAP_NOTE = "# wqlab trace gap";

    private WorkTimeline() {
    }

    private static final class Running {
        final ExecuteStart start;
        final QueueWork queued;
        final long activatedUs;
        final List<WorkExecution.OffCpu> off = new ArrayList<>();
        long outAt = -1;
        boolean outVoluntary;

        Running(ExecuteStart start, QueueWork queued, long activatedUs) {
            this.start = start;
            this.queued = queued;
            this.activatedUs = activatedUs;
        }
    }

    public static WorkTimeline read(Path traceFile) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(traceFile, StandardCharsets.UTF_8)) {
            return build(r.lines()::iterator);
        }
    }

    /** Reads the lines once, in order; a file's lines are streamed, never all held. */
    public static WorkTimeline build(Iterable<String> lines) {
        WorkTimeline t = new WorkTimeline();
        FtraceParser parser = new FtraceParser();
        Map<String, QueueWork> queued = new HashMap<>();
        Map<String, Long> activated = new HashMap<>();
        Map<Integer, Running> running = new HashMap<>();
        for (String line : lines) {
            if (line.startsWith(GAP_NOTE)) {
                // a late-window trace dropped what came between: nothing runs, is queued or activated across it
                for (Running r : running.values()) {
                    t.executions.add(t.close(r, t.lastUs, false));
                }
                running.clear();
                queued.clear();
                activated.clear();
                t.activity.gap();
                t.gaps++;
                continue;
            }
            if (line.startsWith("# wqlab")) {
                t.notes.add(line.substring(2).strip());
            }
            var parsed = parser.parse(line);
            if (parsed.isEmpty()) {
                continue;
            }
            TraceEvent e = parsed.get();
            long ts = e.timestampUs();
            if (t.firstUs < 0) {
                t.firstUs = ts;
            }
            t.lastUs = Math.max(t.lastUs, ts);
            t.activity.seen(e.header());
            switch (e) {
                case QueueWork q -> {
                    queued.put(q.work(), q);
                    activated.remove(q.work());
                }
                case ActivateWork a -> activated.put(a.work(), ts);
                case ExecuteStart s -> {
                    Running previous = running.remove(s.header().pid());
                    if (previous != null) {
                        t.executions.add(t.close(previous, ts, false));
                    }
                    Long act = activated.remove(s.work());
                    running.put(s.header().pid(), new Running(s, queued.remove(s.work()), act == null ? -1 : act));
                }
                case ExecuteEnd end -> {
                    Running r = running.remove(end.header().pid());
                    if (r != null) {
                        t.executions.add(t.close(r, ts, true));
                    }
                }
                case TraceEvent.IrqEntry irq -> t.activity.irqEntry(irq);
                case TraceEvent.IrqExit irq -> t.activity.irqExit(irq);
                case TraceEvent.Softirq soft -> t.activity.softirq(soft);
                case SchedSwitch sw -> {
                    t.schedTraced = true;
                    t.activity.sched(sw);
                    Running out = running.get(sw.prevPid());
                    if (out != null) {
                        out.outAt = ts;
                        out.outVoluntary = sw.prevLeftVoluntarily();
                    }
                    Running in = running.get(sw.nextPid());
                    if (in != null && in.outAt >= 0) {
                        in.off.add(new WorkExecution.OffCpu(in.outAt, ts, in.outVoluntary));
                        in.outAt = -1;
                    }
                }
            }
        }
        for (Running r : running.values()) {
            t.executions.add(t.close(r, t.lastUs, false));
        }
        boolean sched = t.schedTraced;
        t.executions.replaceAll(x -> x.withSchedTraced(sched));
        t.executions.sort(Comparator.comparingLong(WorkExecution::startUs));
        t.lines = parser.lines();
        t.events = parser.events();
        t.lostEvents = parser.lostEvents();
        return t;
    }

    private WorkExecution close(Running r, long endUs, boolean finished) {
        List<WorkExecution.OffCpu> off = new ArrayList<>(r.off);
        if (r.outAt >= 0) {
            off.add(new WorkExecution.OffCpu(r.outAt, endUs, r.outVoluntary));
        }
        ExecuteStart s = r.start;
        return new WorkExecution(s.function(), r.queued == null ? "" : r.queued.workqueue(), s.header().comm(),
                s.header().pid(), s.header().cpu(), r.queued == null ? -1 : r.queued.timestampUs(), r.activatedUs,
                s.timestampUs(), endUs, finished, off, schedTraced);
    }

    public List<WorkExecution> executions() {
        return List.copyOf(executions);
    }

    /** {@code # wqlab ...} lines the capture wrote (what was traced, or why it was skipped). */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    public long firstUs() {
        return firstUs;
    }

    public long lastUs() {
        return lastUs;
    }

    public long lines() {
        return lines;
    }

    public long events() {
        return events;
    }

    /** How many dropped parts the trace has (late windows); 0 for a whole trace. */
    public long gaps() {
        return gaps;
    }

    public long lostEvents() {
        return lostEvents;
    }

    /** Every CPU's switches and interrupt handlers. */
    public CpuActivity activity() {
        return activity;
    }

    public boolean schedTraced() {
        return schedTraced;
    }
}
