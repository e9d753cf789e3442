package org.wqlab.sequence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A parsed {@code .wqseq} file. {@code text} is the file as read (recorded in every experiment run from it). */
public record Sequence(String name, Map<String, String> variables, List<Step> steps, String text) {

    public Sequence {
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(variables));
        steps = List.copyOf(steps);
        text = text == null ? "" : text;
    }
}
