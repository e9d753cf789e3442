package org.wqlab.sim;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.wqlab.sim.kernel.Kernel;
import org.wqlab.sim.kernel.Tracer;

/**
 * The board's tracefs at {@code /sys/kernel/tracing} (also {@code /sys/kernel/debug/tracing}): the top-level buffer
 * and instances under {@code instances/<name>}, each with its own event switches, a ring buffer of 200 000 lines
 * (oldest dropped, as ftrace overwrites) read by {@code trace} (a snapshot) and {@code trace_pipe} (consuming).
 */
public final class Tracefs {

    public static final String ROOT = "/sys/kernel/tracing";
    private static final int CAPACITY = 200_000;

    /** One buffer; all access on the model thread or under its own lock. */
    public static final class Buffer {
        private final ArrayDeque<String> lines = new ArrayDeque<>();
        Tracer.Instance instance;

        synchronized void add(String line) {
            if (lines.size() >= CAPACITY) {
                lines.pollFirst();
            }
            lines.addLast(line);
        }

        /** Consumes what is there (trace_pipe). */
        public synchronized List<String> drain() {
            List<String> out = List.copyOf(lines);
            lines.clear();
            return out;
        }

        public synchronized List<String> snapshot() {
            return List.copyOf(lines);
        }

        public synchronized boolean isEmpty() {
            return lines.isEmpty();
        }

        synchronized void clear() {
            lines.clear();
        }
    }

    /** A path inside tracefs: the instance ("" for top level) and the rest. */
    public record Location(String instance, String rest) {
    }

    private final Kernel kernel;
    private final SimulationDriver driver;
    private final Map<String, Buffer> buffers = new ConcurrentHashMap<>();

    Tracefs(Kernel kernel, SimulationDriver driver) {
        this.kernel = kernel;
        this.driver = driver;
        create("");
    }

    public static String canonical(String path) {
        String p = Board.normalize(path);
        return p.startsWith("/sys/kernel/debug/tracing") ? ROOT + p.substring("/sys/kernel/debug/tracing".length()) : p;
    }

    public static Optional<Location> locate(String path) {
        String p = canonical(path);
        if (!p.equals(ROOT) && !p.startsWith(ROOT + "/")) {
            return Optional.empty();
        }
        String rest = p.length() > ROOT.length() ? p.substring(ROOT.length() + 1) : "";
        if (rest.startsWith("instances/")) {
            String[] parts = rest.split("/", 3);
            return Optional.of(new Location(parts[1], parts.length > 2 ? parts[2] : ""));
        }
        return Optional.of(new Location("", rest));
    }

    public boolean create(String name) {
        if (buffers.containsKey(name) || (!name.isEmpty() && !instancesAllowed())) {
            return false;
        }
        Buffer b = new Buffer();
        b.instance = driver.call(() -> kernel.trace().open(name, b::add));
        buffers.put(name, b);
        return true;
    }

    /** False on a board whose profile has no tracefs instances: no {@code instances} directory at all. */
    public boolean instancesAllowed() {
        return !kernel.profile().noTracefsInstances();
    }

    public boolean remove(String name) {
        Buffer b = name.isEmpty() ? null : buffers.remove(name);
        if (b == null) {
            return false;
        }
        driver.run(() -> kernel.trace().close(b.instance));
        return true;
    }

    public Optional<Buffer> buffer(String name) {
        return Optional.ofNullable(buffers.get(name));
    }

    public List<String> instances() {
        return buffers.keySet().stream().filter(n -> !n.isEmpty()).sorted().toList();
    }

    private static List<String> events(String rest) {
        return switch (rest) {
            case "events/enable" -> java.util.stream.Stream.of(Tracer.WORKQUEUE_EVENTS.stream(),
                    java.util.stream.Stream.of(Tracer.SCHED_SWITCH), Tracer.IRQ_EVENTS.stream())
                    .flatMap(x -> x).toList();
            case "events/workqueue/enable" -> Tracer.WORKQUEUE_EVENTS;
            case "events/irq/enable" -> Tracer.IRQ_EVENTS;
            case "events/sched/enable", "events/sched/sched_switch/enable" -> List.of(Tracer.SCHED_SWITCH);
            default -> {
                for (String e : Tracer.WORKQUEUE_EVENTS) {
                    if (rest.equals("events/workqueue/" + e + "/enable")) {
                        yield List.of(e);
                    }
                }
                for (String e : Tracer.IRQ_EVENTS) {
                    if (rest.equals("events/irq/" + e + "/enable")) {
                        yield List.of(e);
                    }
                }
                yield List.of();
            }
        };
    }

    /** Reads a tracefs file; empty when there is no such file. trace_pipe is not read here (it streams). */
    public Optional<String> read(Location loc) {
        Buffer b = buffers.get(loc.instance());
        if (b == null) {
            return Optional.empty();
        }
        List<String> ev = events(loc.rest());
        if (!ev.isEmpty()) {
            long on = ev.stream().filter(b.instance::enabled).count();
            return Optional.of((on == 0 ? "0" : on == ev.size() ? "1" : "X") + "\n");
        }
        return switch (loc.rest()) {
            case "trace" -> {
                StringBuilder sb = new StringBuilder("# tracer: nop\n#\n");
                b.snapshot().forEach(l -> sb.append(l).append('\n'));
                yield Optional.of(sb.toString());
            }
            case "tracing_on" -> Optional.of("1\n");
            case "current_tracer" -> Optional.of("nop\n");
            default -> Optional.empty();
        };
    }

    /** Writes a tracefs file; returns the errno text on failure, null on success. */
    public String write(Location loc, String value) {
        Buffer b = buffers.get(loc.instance());
        if (b == null) {
            return "No such file or directory";
        }
        List<String> ev = events(loc.rest());
        if (!ev.isEmpty()) {
            if (!value.strip().matches("[01]")) {
                return "Invalid argument";
            }
            boolean on = value.strip().equals("1");
            driver.run(() -> ev.forEach(e -> b.instance.enable(e, on)));
            return null;
        }
        return switch (loc.rest()) {
            case "trace" -> {
                b.clear();
                yield null;
            }
            case "tracing_on", "current_tracer" -> null;
            default -> "Permission denied";
        };
    }

    /** An existing instance's directory, the top level's {@code instances}, or a directory with entries. */
    public boolean isDirectory(Location loc) {
        if (!buffers.containsKey(loc.instance())) {
            return false;
        }
        return loc.rest().isEmpty()
                || (loc.instance().isEmpty() && loc.rest().equals("instances") && instancesAllowed())
                || !list(loc).isEmpty();
    }

    public List<String> list(Location loc) {
        if (!buffers.containsKey(loc.instance())) {
            return List.of();
        }
        return switch (loc.rest()) {
            case "" -> loc.instance().isEmpty() && instancesAllowed()
                    ? List.of("current_tracer", "events", "instances", "trace", "trace_pipe", "tracing_on")
                    : List.of("current_tracer", "events", "trace", "trace_pipe", "tracing_on");
            case "instances" -> instances();
            case "events" -> List.of("enable", "irq", "sched", "workqueue");
            case "events/irq" -> java.util.stream.Stream.concat(java.util.stream.Stream.of("enable"),
                    Tracer.IRQ_EVENTS.stream().sorted()).toList();
            case "events/workqueue" -> List.of("enable", "workqueue_activate_work", "workqueue_execute_end",
                    "workqueue_execute_start", "workqueue_queue_work");
            case "events/sched" -> List.of("enable", "sched_switch");
            default -> events(loc.rest() + "/enable").size() == 1 ? List.of("enable") : List.of();
        };
    }
}
