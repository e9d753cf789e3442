package org.wqlab.sequence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed {@code .wqseq} file. {@code text} is the file as read (recorded in every experiment run from it);
 * {@code trace}: record the workqueue tracepoints during the run (top-level {@code "trace": true}, off when absent).
 */
public record Sequence(String name, Map<String, String> variables, List<Step> steps, String text, boolean trace) {

    /** A sequence without tracing (the format before the {@code trace} field). */
    public Sequence(String name, Map<String, String> variables, List<Step> steps, String text) {
        this(name, variables, steps, text, false);
    }

    public Sequence withTrace(boolean on) {
        return new Sequence(name, variables, steps, text, on);
    }

    public Sequence {
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        steps = List.copyOf(steps);
        text = text == null ? "" : text;
    }
}
