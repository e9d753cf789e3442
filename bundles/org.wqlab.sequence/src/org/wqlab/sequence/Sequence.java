package org.wqlab.sequence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.limits.Limits;

/**
 * A parsed {@code .wqseq} file. {@code text} is the file as read (recorded in every experiment run from it);
 * {@code trace}: record the workqueue tracepoints during the run (top-level {@code "trace": true} or
 * {@code "late-windows"}, off when absent); {@code limits}: what the run's outcome is judged against (top-level
 * {@code "limits"}, none when absent). A run records the limits of the sequence it is given in its experiment's
 * {@code limits.json}, so a caller that overrides them (a board's, the command line's) passes
 * {@code withLimits(effective)}.
 *
 * @param lateWindows        keep the trace only around late runs ({@code "trace": "late-windows"}); implies trace
 * @param traceWindowSeconds with {@code lateWindows}: how much trace is kept before and after each stall, and the
 *                           ring's segment length ({@code "traceWindowSeconds"}, default
 *                           {@value #DEFAULT_TRACE_WINDOW_SECONDS})
 * @param needs              what the run needs on the board, checked by its preflight before anything is loaded
 *                           (top-level {@code "needs"}: {@value #NEEDS_DEVICE}, the USB device that must be
 *                           enumerated, and {@value #NEEDS_FILE}, the file that must exist on a mounted filesystem;
 *                           values may use variables); none when absent
 */
public record Sequence(String name, Map<String, String> variables, List<Step> steps, String text, boolean trace,
        boolean lateWindows, double traceWindowSeconds, Limits limits, Map<String, String> needs) {

    public static final String NEEDS_DEVICE = "device";
    public static final String NEEDS_FILE = "file";
    /** The keys {@code "needs"} takes. */
    public static final List<String> NEEDS_KEYS = List.of(NEEDS_DEVICE, NEEDS_FILE);

    public static final double DEFAULT_TRACE_WINDOW_SECONDS = 3;

    /** A sequence without tracing or limits (the format before those fields). */
    public Sequence(String name, Map<String, String> variables, List<Step> steps, String text) {
        this(name, variables, steps, text, false);
    }

    /** A sequence that traces whole or not at all, without limits. */
    public Sequence(String name, Map<String, String> variables, List<Step> steps, String text, boolean trace) {
        this(name, variables, steps, text, trace, false, DEFAULT_TRACE_WINDOW_SECONDS, Limits.NONE, Map.of());
    }

    public Sequence withTrace(boolean on) {
        return new Sequence(name, variables, steps, text, on, on && lateWindows, traceWindowSeconds, limits, needs);
    }

    /** Traces, keeping only the windows around late runs, {@code seconds} before and after each. */
    public Sequence withLateWindowTrace(double seconds) {
        return new Sequence(name, variables, steps, text, true, true, seconds, limits, needs);
    }

    public Sequence withLimits(Limits newLimits) {
        return new Sequence(name, variables, steps, text, trace, lateWindows, traceWindowSeconds, newLimits, needs);
    }

    /** The same trace settings and limits with another name, variables and steps (the form's edits). */
    public Sequence withContent(String newName, Map<String, String> newVariables, List<Step> newSteps) {
        return new Sequence(newName, newVariables, newSteps, text, trace, lateWindows, traceWindowSeconds, limits,
                needs);
    }

    public Sequence {
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        steps = List.copyOf(steps);
        text = text == null ? "" : text;
        limits = limits == null ? Limits.NONE : limits;
        needs = needs == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(needs));
        trace = trace || lateWindows;
        if (!(traceWindowSeconds > 0)) {
            throw new IllegalArgumentException("traceWindowSeconds must be above 0, got " + traceWindowSeconds);
        }
    }
}
