package org.wqlab.analysis.trace;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.analysis.trace.TraceEvent.ActivateWork;
import org.wqlab.analysis.trace.TraceEvent.ExecuteEnd;
import org.wqlab.analysis.trace.TraceEvent.ExecuteStart;
import org.wqlab.analysis.trace.TraceEvent.Header;
import org.wqlab.analysis.trace.TraceEvent.IrqEntry;
import org.wqlab.analysis.trace.TraceEvent.IrqExit;
import org.wqlab.analysis.trace.TraceEvent.QueueWork;
import org.wqlab.analysis.trace.TraceEvent.SchedSwitch;
import org.wqlab.analysis.trace.TraceEvent.Softirq;

/**
 * Reads ftrace's text output ({@code trace} and {@code trace_pipe}) line by line, for the workqueue events,
 * {@code sched_switch} and the irq events in the formats of include/trace/events/workqueue.h, sched.h and irq.h from
 * 3.x to 6.x: the
 * {@code (tgid)} column, 4 or 5 irq-info flags or none, {@code %ps} with a module suffix, execute_end with or without
 * the function, the workqueue as a name or an address. Other events, comments and blank lines are skipped and
 * counted; {@code CPU:N [LOST M EVENTS]} is counted as lost events. Not thread-safe.
 */
public final class FtraceParser {

    /** comm may hold spaces and dashes: the last "-PID" before the CPU column ends it. */
    private static final Pattern HEADER = Pattern.compile(
            "^\\s*(.+)-(\\d+)\\s+(?:\\(\\s*(?:\\d+|-+)\\)\\s+)?\\[(\\d+)\\]\\s+(?:\\S{4,5}\\s+)?(\\d+)(?:\\.(\\d+))?:\\s+(\\w+):\\s?(.*)$");
    private static final Pattern QUEUE = Pattern.compile(
            "work struct=(\\S+) function=(.+?) workqueue=(\\S+) req_cpu=(-?\\d+) cpu=(-?\\d+)\\s*");
    private static final Pattern WORK_ONLY = Pattern.compile("work struct (\\S+?):?\\s*");
    private static final Pattern WORK_FUNCTION = Pattern.compile("work struct (\\S+): function (.+?)\\s*");
    private static final Pattern SWITCH = Pattern.compile("prev_comm=(.*) prev_pid=(-?\\d+) prev_prio=-?\\d+ "
            + "prev_state=(\\S+) ==> next_comm=(.*) next_pid=(-?\\d+) next_prio=-?\\d+\\s*");
    private static final Pattern IRQ_ENTRY = Pattern.compile("irq=(\\d+) name=(.+?)\\s*");
    private static final Pattern IRQ_EXIT = Pattern.compile("irq=(\\d+) ret=\\S+\\s*");
    private static final Pattern VECTOR = Pattern.compile("vector=(\\d+)\\s*");
    private static final Pattern SOFTIRQ = Pattern.compile("vec=(\\d+) \\[action=(\\w+)\\]\\s*");
    private static final Pattern LOST = Pattern.compile("^\\s*CPU:(\\d+) \\[LOST (\\d+) EVENTS\\]\\s*$");

    private long lines;
    private long events;
    private long skipped;
    private long lostEvents;

    /** @return the event, or empty for a line that is not one of the events read here */
    public Optional<TraceEvent> parse(String line) {
        lines++;
        if (line.isBlank() || line.startsWith("#")) {
            skipped++;
            return Optional.empty();
        }
        Matcher lost = LOST.matcher(line);
        if (lost.matches()) {
            lostEvents += Long.parseLong(lost.group(2));
            skipped++;
            return Optional.empty();
        }
        Matcher h = HEADER.matcher(line);
        if (!h.matches()) {
            skipped++;
            return Optional.empty();
        }
        Header header = new Header(h.group(1).strip(), Integer.parseInt(h.group(2)), Integer.parseInt(h.group(3)),
                micros(h.group(4), h.group(5)));
        Optional<TraceEvent> event = event(header, h.group(6), h.group(7));
        if (event.isPresent()) {
            events++;
        } else {
            skipped++;
        }
        return event;
    }

    private static Optional<TraceEvent> event(Header header, String name, String body) {
        switch (name) {
            case "workqueue_queue_work" -> {
                Matcher m = QUEUE.matcher(body);
                if (m.matches()) {
                    return Optional.of(new QueueWork(header, m.group(1), WorkFunction.parse(m.group(2)), m.group(3),
                            Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5))));
                }
            }
            case "workqueue_activate_work" -> {
                Matcher m = WORK_ONLY.matcher(body);
                if (m.matches()) {
                    return Optional.of(new ActivateWork(header, m.group(1)));
                }
            }
            case "workqueue_execute_start" -> {
                Matcher m = WORK_FUNCTION.matcher(body);
                if (m.matches()) {
                    return Optional.of(new ExecuteStart(header, m.group(1), WorkFunction.parse(m.group(2))));
                }
            }
            case "workqueue_execute_end" -> {
                Matcher m = WORK_FUNCTION.matcher(body);
                if (m.matches()) {
                    return Optional.of(new ExecuteEnd(header, m.group(1), WorkFunction.parse(m.group(2))));
                }
                Matcher old = WORK_ONLY.matcher(body);
                if (old.matches()) {
                    return Optional.of(new ExecuteEnd(header, old.group(1), null));
                }
            }
            case "sched_switch" -> {
                Matcher m = SWITCH.matcher(body);
                if (m.matches()) {
                    return Optional.of(new SchedSwitch(header, m.group(1), Integer.parseInt(m.group(2)), m.group(3),
                            m.group(4), Integer.parseInt(m.group(5))));
                }
            }
            case "irq_handler_entry" -> {
                Matcher m = IRQ_ENTRY.matcher(body);
                if (m.matches()) {
                    return Optional.of(new IrqEntry(header, Integer.parseInt(m.group(1)), m.group(2)));
                }
            }
            case "irq_handler_exit" -> {
                Matcher m = IRQ_EXIT.matcher(body);
                if (m.matches()) {
                    return Optional.of(new IrqExit(header, Integer.parseInt(m.group(1))));
                }
            }
            case "local_timer_entry", "local_timer_exit" -> {
                // x86's local APIC timer is a system vector, not an irq: irq_vectors has its own events
                Matcher m = VECTOR.matcher(body);
                if (m.matches()) {
                    int vector = Integer.parseInt(m.group(1));
                    return Optional.of(name.endsWith("_entry") ? new IrqEntry(header, vector, "local_timer")
                            : new IrqExit(header, vector));
                }
            }
            case "softirq_entry", "softirq_exit" -> {
                Matcher m = SOFTIRQ.matcher(body);
                if (m.matches()) {
                    return Optional.of(new Softirq(header, Integer.parseInt(m.group(1)), m.group(2),
                            name.equals("softirq_entry")));
                }
            }
            default -> {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** Seconds with any number of fraction digits (6 by default, 9 with ns clocks) to microseconds. */
    private static long micros(String seconds, String fraction) {
        long us = Long.parseLong(seconds) * 1_000_000L;
        if (fraction != null) {
            String f = fraction.length() >= 6 ? fraction.substring(0, 6) : (fraction + "000000").substring(0, 6);
            us += Long.parseLong(f);
        }
        return us;
    }

    public long lines() {
        return lines;
    }

    public long events() {
        return events;
    }

    public long skipped() {
        return skipped;
    }

    public long lostEvents() {
        return lostEvents;
    }
}
