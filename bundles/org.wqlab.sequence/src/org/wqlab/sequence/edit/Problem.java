package org.wqlab.sequence.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One validation message of {@code SequenceValidator} or {@code SequenceJson.parse}, with the step and field it
 * names when it names them ({@code step 3 (pull): field 'device': unknown variable ...}).
 *
 * @param step  the step, when the message names one
 * @param field the field ({@code device}, {@code params.cpu}, {@code command[0]}), or "" for the whole step
 */
public record Problem(String message, Optional<StepPath> step, String field) {

    private static final Pattern FIELD = Pattern.compile(
            ": (?:field '([^']+)'|missing field '([^']+)'|unknown field '([^']+)')");

    public static Problem of(String message) {
        Optional<StepPath> step = StepPath.ofLabel(message);
        String field = "";
        Matcher m = FIELD.matcher(message);
        if (step.isPresent() && m.find()) {
            for (int g = 1; g <= 3; g++) {
                if (m.group(g) != null) {
                    field = m.group(g);
                }
            }
        }
        return new Problem(message, step, field);
    }

    public static List<Problem> of(List<String> messages) {
        List<Problem> out = new ArrayList<>();
        messages.forEach(m -> out.add(of(m)));
        return out;
    }

    /** The form field the message is about: {@code params.cpu} and {@code command[2]} belong to params, command. */
    public String formField() {
        if (field.startsWith("params.")) {
            return "params";
        }
        if (field.startsWith("command[")) {
            return "command";
        }
        if (field.contains("/")) {
            return field.substring(0, field.indexOf('/'));
        }
        return field;
    }
}
