package org.wqlab.sequence.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a step is in the sequence: 0-based indices from the top level down through repeat bodies. Shown 1-based
 * as the runner and the validator label steps ({@code 4.2} is the second step inside the fourth).
 */
public record StepPath(List<Integer> indices) {

    private static final Pattern LABEL = Pattern.compile("^step ([0-9]+(?:\\.[0-9]+)*)\\b");

    public StepPath {
        indices = List.copyOf(indices);
        if (indices.isEmpty()) {
            throw new IllegalArgumentException("a step path has at least one index");
        }
    }

    public static StepPath of(int... indices) {
        List<Integer> l = new ArrayList<>();
        for (int i : indices) {
            l.add(i);
        }
        return new StepPath(l);
    }

    /** The path a runner or validator label starts with ({@code step 4.2 (sleep) [1/3]}), if any. */
    public static Optional<StepPath> ofLabel(String label) {
        Matcher m = LABEL.matcher(label);
        if (!m.find()) {
            return Optional.empty();
        }
        List<Integer> l = new ArrayList<>();
        for (String part : m.group(1).split("\\.")) {
            l.add(Integer.parseInt(part) - 1);
        }
        return Optional.of(new StepPath(l));
    }

    public StepPath child(int index) {
        List<Integer> l = new ArrayList<>(indices);
        l.add(index);
        return new StepPath(l);
    }

    public Optional<StepPath> parent() {
        return indices.size() == 1 ? Optional.empty()
                : Optional.of(new StepPath(indices.subList(0, indices.size() - 1)));
    }

    public int last() {
        return indices.get(indices.size() - 1);
    }

    public StepPath withLast(int index) {
        List<Integer> l = new ArrayList<>(indices);
        l.set(l.size() - 1, index);
        return new StepPath(l);
    }

    /** 1-based, as in labels: {@code 4.2}. */
    public String display() {
        StringBuilder sb = new StringBuilder();
        for (int i : indices) {
            if (!sb.isEmpty()) {
                sb.append('.');
            }
            sb.append(i + 1);
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return display();
    }
}
