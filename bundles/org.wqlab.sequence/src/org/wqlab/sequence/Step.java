package org.wqlab.sequence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One step as written in the file: values keep their {@code ${variable}} references until the run resolves them.
 *
 * @param label    where the step is, for messages: {@code step 3 (disconnect)} or {@code step 4.2 (sleep)}
 * @param fields   scalar fields in file order (numbers kept as text)
 * @param params   module parameters of a load-module step, in file order
 * @param command  argv of a run step (the first word is the program)
 * @param steps    the body of a repeat step
 */
public record Step(StepType type, String name, String label, Map<String, String> fields, Map<String, String> params,
        List<String> command, List<Step> steps) {

    public Step {
        Objects.requireNonNull(type, "type");
        name = name == null ? "" : name;
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields == null ? Map.of() : fields));
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params == null ? Map.of() : params));
        command = List.copyOf(command == null ? List.of() : command);
        steps = List.copyOf(steps == null ? List.of() : steps);
    }

    public String field(String key) {
        return fields.get(key);
    }

    /** The name when given, else the type. */
    public String displayName() {
        return name.isEmpty() ? type.id() : name;
    }
}
