package org.wqlab.klog;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;

/**
 * The busy-pool dump the workqueue watchdog prints right after its {@code BUG: workqueue lockup} lines
 * ({@code show_all_workqueues}): "Showing busy workqueues and worker pools:", per busy workqueue
 * "workqueue NAME: flags=0x.." and its "  pwq ID: cpus=.. node=.. flags=.. nice=.. active=.." with "    in-flight:
 * PID:FUNC ..." and "    pending: FUNC, ..." ("inactive:"/"delayed:" too), then per busy pool "pool ID: cpus=..
 * hung=Ns workers=N ...". Its lines stay context lines; this collects them, line by line as the parser hands them on,
 * and adds to each lockup event before it what the dump says of the stuck pool: {@code dump_first_line},
 * {@code dump_last_line}, {@code pool_id}, {@code in_flight} and {@code pending} (work functions, comma-separated,
 * each once) and {@code hung_s}.
 */
final class PoolDump {

    private static final Pattern START = Pattern.compile("Showing busy workqueues and worker pools:");
    private static final Pattern WORKQUEUE = Pattern.compile("workqueue \\S+: flags=0x");
    private static final Pattern PWQ = Pattern.compile("pwq (\\d+):((?: \\w+=\\S+)*?) active=");
    private static final Pattern WORK = Pattern.compile("(in-flight|pending|inactive|delayed):(.*)$");
    private static final Pattern POOL = Pattern.compile("pool (\\d+):((?: \\w+=\\S+)*?) hung=(\\d+)s");
    private static final Pattern BACKTRACES = Pattern.compile("Showing backtraces of running workers");

    /** Indices (in the event list) of the lockup lines right before the dump. */
    private final List<Integer> lockups = new ArrayList<>();
    private long lastLine = -2;
    private long firstDumpLine = -1;
    private long lastDumpLine = -1;
    private final Map<String, PoolWork> byPool = new LinkedHashMap<>(); // lockup description -> its pool's work
    private String currentPwqPool; // the description of the pwq the following in-flight/pending lines are of

    private record PoolWork(String id, Set<String> inFlight, Set<String> pending, String[] hung) {
    }

    /** Whether lockups wait for their dump (a dump could still follow). */
    boolean open() {
        return !lockups.isEmpty();
    }

    /** A lockup event was added to {@code events} at {@code index}. */
    void lockup(List<Event> events, int index) {
        Event e = events.get(index);
        if (firstDumpLine >= 0 || (open() && e.line() != lastLine + 1)) {
            close(events);
        }
        lockups.add(index);
        byPool.putIfAbsent(e.subject(), new PoolWork(null, new LinkedHashSet<>(), new LinkedHashSet<>(),
                new String[1]));
        lastLine = e.line();
    }

    /** A context line: part of the dump when it follows the lockups or the dump's previous line, and reads as one. */
    void raw(List<Event> events, long line, byte[] text, int from, int to) {
        if (!open()) {
            return;
        }
        String s = line == lastLine + 1 ? new String(text, from, to - from, StandardCharsets.UTF_8) : null;
        if (s == null || !read(s)) {
            close(events);
            return;
        }
        if (firstDumpLine < 0) {
            firstDumpLine = line;
        }
        lastDumpLine = line;
        lastLine = line;
    }

    private boolean read(String s) {
        if (firstDumpLine < 0) {
            return START.matcher(s).find();
        }
        Matcher m;
        if ((m = PWQ.matcher(s)).find()) {
            currentPwqPool = m.group(2).trim();
            PoolWork w = byPool.get(currentPwqPool);
            if (w != null && w.id() == null) {
                byPool.put(currentPwqPool, new PoolWork(m.group(1), w.inFlight(), w.pending(), w.hung()));
            }
            return true;
        }
        if ((m = WORK.matcher(s)).find()) {
            PoolWork w = currentPwqPool == null ? null : byPool.get(currentPwqPool);
            if (w != null) {
                functions(m.group(2), m.group(1).equals("in-flight") ? w.inFlight() : w.pending());
            }
            return true;
        }
        if ((m = POOL.matcher(s)).find()) {
            PoolWork w = byPool.get(m.group(2).trim());
            if (w != null) {
                w.hung()[0] = m.group(3);
            }
            currentPwqPool = null;
            return true;
        }
        if (WORKQUEUE.matcher(s).find()) {
            currentPwqPool = null;
            return true;
        }
        return BACKTRACES.matcher(s).find();
    }

    /**
     * " 1234:hub_event, 77(RESCUER):flush_to_ldisc BAR(5)" (in flight: pid, function, then scheduled works) or
     * " vmstat_update, 2*lru_add_drain_per_cpu" (pending; newer kernels count repeats): the function names.
     */
    private static void functions(String list, Set<String> into) {
        for (String item : list.split(",")) {
            for (String word : item.trim().split(" ")) {
                String f = word.substring(word.indexOf(':') + 1);
                f = f.substring(f.indexOf('*') + 1);
                if (!f.isEmpty() && !f.startsWith("BAR(") && !f.equals("for") && !f.matches("\\d+s?")) {
                    into.add(f);
                }
            }
        }
    }

    /** Ends the lockups' wait: their events get the dump's fields when a dump followed. */
    void close(List<Event> events) {
        if (firstDumpLine >= 0) {
            for (int index : lockups) {
                Event e = events.get(index);
                Map<String, String> fields = new LinkedHashMap<>(e.fields());
                fields.put("dump_first_line", Long.toString(firstDumpLine));
                fields.put("dump_last_line", Long.toString(lastDumpLine));
                PoolWork w = byPool.get(e.subject());
                if (w.id() != null) {
                    fields.put("pool_id", w.id());
                }
                if (!w.inFlight().isEmpty()) {
                    fields.put("in_flight", String.join(",", w.inFlight()));
                }
                if (!w.pending().isEmpty()) {
                    fields.put("pending", String.join(",", w.pending()));
                }
                if (w.hung()[0] != null) {
                    fields.put("hung_s", w.hung()[0]);
                }
                events.set(index, new Event(e.line(), e.timestampUs(), e.precision(), EventKind.WORKQUEUE_LOCKUP,
                        e.subject(), fields, e.message()));
            }
        }
        lockups.clear();
        byPool.clear();
        currentPwqPool = null;
        firstDumpLine = -1;
        lastDumpLine = -1;
        lastLine = -2;
    }
}
