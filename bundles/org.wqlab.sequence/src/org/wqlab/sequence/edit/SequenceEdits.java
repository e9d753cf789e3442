package org.wqlab.sequence.edit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.StepType;

/**
 * The form's edits as pure functions from one sequence to the next (labels of the result are stale: the editor
 * writes the result to the source text and parses it again, which numbers the steps afresh).
 */
public final class SequenceEdits {

    private SequenceEdits() {
    }

    public static Step step(Sequence s, StepPath path) {
        List<Step> list = s.steps();
        Step step = null;
        for (int i : path.indices()) {
            step = list.get(i);
            list = step.steps();
        }
        return step;
    }

    public static boolean exists(Sequence s, StepPath path) {
        List<Step> list = s.steps();
        for (int i : path.indices()) {
            if (i < 0 || i >= list.size()) {
                return false;
            }
            list = list.get(i).steps();
        }
        return true;
    }

    /** Number of steps in the list that holds {@code path}. */
    public static int siblings(Sequence s, StepPath path) {
        return path.parent().map(p -> step(s, p).steps().size()).orElse(s.steps().size());
    }

    /** A new step of a type with values that pass validation, to be edited in the form. */
    public static Step newStep(StepType type) {
        Map<String, String> fields = new LinkedHashMap<>();
        List<String> command = List.of();
        switch (type) {
            case LOAD_MODULE, UNLOAD_MODULE -> fields.put("module", "latency-mon");
            case RUN -> command = List.of("true");
            case WAIT_LOG -> {
                fields.put("pattern", "DELAY: [0-9]+");
                fields.put("timeout", "60");
            }
            case SLEEP -> fields.put("seconds", "1");
            case MARK -> fields.put("label", "mark");
            case REPEAT -> fields.put("times", "2");
            default -> {
            }
        }
        return new Step(type, "", type.id(), fields, Map.of(), command, List.of());
    }

    public static Sequence insert(Sequence s, StepPath at, Step step) {
        return editList(s, at.parent(), list -> {
            list.add(Math.min(at.last(), list.size()), step);
            return list;
        });
    }

    public static Sequence remove(Sequence s, StepPath path) {
        return editList(s, path.parent(), list -> {
            list.remove(path.last());
            return list;
        });
    }

    public static Sequence duplicate(Sequence s, StepPath path) {
        Step copy = step(s, path);
        return insert(s, path.withLast(path.last() + 1), copy);
    }

    /** Moves a step up (-1) or down (+1) among its siblings. */
    public static Sequence move(Sequence s, StepPath path, int delta) {
        int to = path.last() + delta;
        if (to < 0 || to >= siblings(s, path)) {
            return s;
        }
        return editList(s, path.parent(), list -> {
            Step moved = list.remove(path.last());
            list.add(to, moved);
            return list;
        });
    }

    /** Replaces one step. */
    public static Sequence replace(Sequence s, StepPath path, Step step) {
        return editList(s, path.parent(), list -> {
            list.set(path.last(), step);
            return list;
        });
    }

    /** A scalar field set, or removed with null. */
    public static Step withField(Step step, String key, String value) {
        Map<String, String> fields = new LinkedHashMap<>(step.fields());
        if (value == null) {
            fields.remove(key);
        } else {
            fields.put(key, value);
        }
        return new Step(step.type(), step.name(), step.label(), fields, step.params(), step.command(), step.steps());
    }

    public static Step withName(Step step, String name) {
        return new Step(step.type(), name, step.label(), step.fields(), step.params(), step.command(), step.steps());
    }

    public static Step withCommand(Step step, List<String> command) {
        return new Step(step.type(), step.name(), step.label(), step.fields(), step.params(), command, step.steps());
    }

    public static Step withParams(Step step, Map<String, String> params) {
        return new Step(step.type(), step.name(), step.label(), step.fields(), params, step.command(), step.steps());
    }

    public static Sequence withName(Sequence s, String name) {
        return s.withContent(name, s.variables(), s.steps());
    }

    public static Sequence withVariable(Sequence s, String key, String value) {
        Map<String, String> vars = new LinkedHashMap<>(s.variables());
        vars.put(key, value);
        return s.withContent(s.name(), vars, s.steps());
    }

    /** Removes a variable; the others keep their order. */
    public static Sequence withoutVariable(Sequence s, String key) {
        Map<String, String> vars = new LinkedHashMap<>(s.variables());
        vars.remove(key);
        return s.withContent(s.name(), vars, s.steps());
    }

    /** Renames a variable in place (same position, same value); unchanged when the new name is blank or taken. */
    public static Sequence withVariableRenamed(Sequence s, String key, String newKey) {
        String name = newKey.strip();
        if (name.isEmpty() || s.variables().containsKey(name) || !s.variables().containsKey(key)) {
            return s;
        }
        Map<String, String> vars = new LinkedHashMap<>();
        s.variables().forEach((k, v) -> vars.put(k.equals(key) ? name : k, v));
        return s.withContent(s.name(), vars, s.steps());
    }

    /** A variable name the sequence does not use yet: {@code name}, {@code name2}, ... */
    public static String freeVariableName(Sequence s, String name) {
        String candidate = name;
        for (int i = 2; s.variables().containsKey(candidate); i++) {
            candidate = name + i;
        }
        return candidate;
    }

    public static Sequence withTrace(Sequence s, boolean trace) {
        return s.withTrace(trace);
    }

    /** Applies {@code edit} to the top-level list (no parent) or to a repeat step's body. */
    private static Sequence editList(Sequence s, java.util.Optional<StepPath> parent,
            UnaryOperator<List<Step>> edit) {
        if (parent.isEmpty()) {
            List<Step> steps = edit.apply(new ArrayList<>(s.steps()));
            return s.withContent(s.name(), s.variables(), steps);
        }
        Step holder = step(s, parent.get());
        Step changed = new Step(holder.type(), holder.name(), holder.label(), holder.fields(), holder.params(),
                holder.command(), edit.apply(new ArrayList<>(holder.steps())));
        return replace(s, parent.get(), changed);
    }
}
