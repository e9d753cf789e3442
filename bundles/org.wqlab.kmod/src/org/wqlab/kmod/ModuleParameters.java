package org.wqlab.kmod;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Module parameters in the order given, as {@code insmod} takes them ({@code key=value}). Names are C identifiers;
 * values may be anything but contain no whitespace (insmod splits on it); each {@code key=value} reaches the remote
 * shell as one quoted word.
 */
public record ModuleParameters(Map<String, String> values) {

    public static final ModuleParameters NONE = new ModuleParameters(Map.of());

    public ModuleParameters {
        Map<String, String> copy = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : values.entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            if (key == null || !key.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("module parameter name '" + key + "' is not a C identifier");
            }
            if (value == null || value.isEmpty() || value.chars().anyMatch(c -> Character.isWhitespace(c) || c == 0)) {
                throw new IllegalArgumentException("module parameter " + key + ": value '" + value
                        + "' must be non-empty and contain no whitespace");
            }
            copy.put(key, value);
        }
        values = Collections.unmodifiableMap(copy);
    }

    /** Parses {@code "cpu=-1 report_all=1 classic=0"}; a word without '=' or a repeated name is an error. */
    public static ModuleParameters parse(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String word : text.strip().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            int eq = word.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("module parameter '" + word + "' is not key=value");
            }
            if (values.put(word.substring(0, eq), word.substring(eq + 1)) != null) {
                throw new IllegalArgumentException("module parameter " + word.substring(0, eq) + " is given twice");
            }
        }
        return new ModuleParameters(values);
    }

    /** The insmod arguments, {@code key=value} each. */
    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        values.forEach((k, v) -> args.add(k + "=" + v));
        return List.copyOf(args);
    }

    @Override
    public String toString() {
        return String.join(" ", arguments());
    }
}
