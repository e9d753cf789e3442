package org.wqlab.sequence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.limits.Limits;

/**
 * A parsed {@code .wqseq} file. {@code text} is the file as read (recorded in every experiment run from it);
 * {@code trace}: record the workqueue tracepoints during the run (top-level {@code "trace": true}, off when absent);
 * {@code limits}: what the run's outcome is judged against (top-level {@code "limits"}, none when absent). A run
 * records the limits of the sequence it is given in its experiment's {@code limits.json}, so a caller that
 * overrides them (a board's, the command line's) passes {@code withLimits(effective)}.
 */
public record Sequence(String name, Map<String, String> variables, List<Step> steps, String text, boolean trace,
        Limits limits) {

    /** A sequence without tracing or limits (the format before those fields). */
    public Sequence(String name, Map<String, String> variables, List<Step> steps, String text) {
        this(name, variables, steps, text, false, Limits.NONE);
    }

    /** A sequence without limits. */
    public Sequence(String name, Map<String, String> variables, List<Step> steps, String text, boolean trace) {
        this(name, variables, steps, text, trace, Limits.NONE);
    }

    public Sequence withTrace(boolean on) {
        return new Sequence(name, variables, steps, text, on, limits);
    }

    public Sequence withLimits(Limits newLimits) {
        return new Sequence(name, variables, steps, text, trace, newLimits);
    }

    public Sequence {
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        steps = List.copyOf(steps);
        text = text == null ? "" : text;
        limits = limits == null ? Limits.NONE : limits;
    }
}
