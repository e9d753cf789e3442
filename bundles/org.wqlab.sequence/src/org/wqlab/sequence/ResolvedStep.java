package org.wqlab.sequence;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** A step with its variables substituted and its values checked; the typed getters name the step and field. */
public final class ResolvedStep {

    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_./+-]+");
    private static final Pattern MODULE_NAME = Pattern.compile("[A-Za-z0-9_-]+");

    private final Step step;
    private final Variables variables;

    public ResolvedStep(Step step, Variables variables) {
        this.step = step;
        this.variables = variables;
    }

    public Step step() {
        return step;
    }

    public StepType type() {
        return step.type();
    }

    public String label() {
        return step.label();
    }

    private StepProblem problem(String field, String message) {
        return new StepProblem(step.label() + ": field '" + field + "': " + message);
    }

    public String text(String field) {
        String raw = step.field(field);
        if (raw == null) {
            throw problem(field, "missing");
        }
        try {
            return variables.substitute(raw);
        } catch (IllegalArgumentException e) {
            throw problem(field, e.getMessage());
        }
    }

    public String text(String field, String fallback) {
        return step.field(field) == null ? fallback : text(field);
    }

    /** Longest sleep, timeout or countdown: a week. Beyond it (1e10 s, 1e308 s) the clock arithmetic breaks. */
    public static final double MAX_SECONDS = 7 * 24 * 3600;

    public double seconds(String field, double fallback) {
        if (step.field(field) == null) {
            return fallback;
        }
        String v = text(field);
        try {
            double d = Double.parseDouble(v);
            if (!(d >= 0 && d <= MAX_SECONDS)) {
                throw problem(field, "must be from 0 to " + (long) MAX_SECONDS + " seconds (a week), was " + v);
            }
            return d;
        } catch (NumberFormatException e) {
            throw problem(field, "'" + v + "' is not a number of seconds");
        }
    }

    public int integer(String field, int min) {
        String v = text(field);
        try {
            int n = Integer.parseInt(v.strip());
            if (n < min) {
                throw problem(field, "must be >= " + min + ", was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw problem(field, "'" + v + "' is not a whole number");
        }
    }

    public OptionalInt optionalInteger(String field, int min) {
        return step.field(field) == null ? OptionalInt.empty() : OptionalInt.of(integer(field, min));
    }

    public Pattern pattern(String field) {
        String v = text(field);
        try {
            return Pattern.compile(v);
        } catch (PatternSyntaxException e) {
            throw problem(field, "bad regular expression '" + v + "': " + e.getDescription());
        }
    }

    public String moduleName() {
        String v = text("module");
        if (!MODULE_NAME.matcher(v).matches()) {
            throw problem("module", "'" + v + "' is not a kernel module name");
        }
        return v;
    }

    public Map<String, String> params() {
        Map<String, String> out = new LinkedHashMap<>();
        for (var e : step.params().entrySet()) {
            if (!MODULE_NAME.matcher(e.getKey()).matches()) {
                throw problem("params." + e.getKey(), "not a module parameter name");
            }
            try {
                out.put(e.getKey(), variables.substitute(e.getValue()));
            } catch (IllegalArgumentException ex) {
                throw problem("params." + e.getKey(), ex.getMessage());
            }
        }
        return out;
    }

    /** The argv of a run step; the program must be a plain word, the rest are quoted when sent. */
    public List<String> command() {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < step.command().size(); i++) {
            try {
                out.add(variables.substitute(step.command().get(i)));
            } catch (IllegalArgumentException e) {
                throw problem("command[" + i + "]", e.getMessage());
            }
        }
        if (out.isEmpty() || !PLAIN_WORD.matcher(out.get(0)).matches()) {
            throw problem("command[0]", "the program must be a plain word (letters, digits, _ . / + -), was '"
                    + (out.isEmpty() ? "" : out.get(0)) + "'");
        }
        return out;
    }

    /** A step value that is not usable; its message names the step and the field. */
    public static final class StepProblem extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public StepProblem(String message) {
            super(message);
        }
    }
}
