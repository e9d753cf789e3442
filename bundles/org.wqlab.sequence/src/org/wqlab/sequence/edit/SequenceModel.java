package org.wqlab.sequence.edit;

import java.util.List;
import java.util.Map;

import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.SequenceValidator;

/**
 * What the form shows for a source text: the parsed sequence (the last one that parsed, when the text does not),
 * the structure error if the text does not parse, and the validator's problems.
 */
public record SequenceModel(Sequence sequence, List<Problem> structureProblems, List<Problem> problems) {

    public SequenceModel {
        structureProblems = List.copyOf(structureProblems);
        problems = List.copyOf(problems);
    }

    /** Parses and validates {@code text}; keeps {@code previous} as the sequence shown when it does not parse. */
    public static SequenceModel of(String source, String text, Sequence previous) {
        try {
            Sequence s = SequenceJson.parse(source, text);
            return new SequenceModel(s, List.of(), Problem.of(SequenceValidator.problems(s, Map.of())));
        } catch (SequenceException e) {
            return new SequenceModel(previous, Problem.of(e.problems()), List.of());
        }
    }

    public boolean parses() {
        return structureProblems.isEmpty();
    }

    public boolean valid() {
        return parses() && problems.isEmpty();
    }

    public List<Problem> problemsOf(StepPath path) {
        return problems.stream().filter(p -> p.step().map(path::equals).orElse(false)).toList();
    }

    /** All messages, structure first: what the form header and the Run button report. */
    public List<Problem> all() {
        return parses() ? problems : structureProblems;
    }
}
