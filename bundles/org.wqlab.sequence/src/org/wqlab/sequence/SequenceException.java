package org.wqlab.sequence;

import java.util.List;

/** A sequence that cannot be read or run; every problem names the file, the step (index and name) and the field. */
public final class SequenceException extends Exception {
    private static final long serialVersionUID = 1L;
    private final List<String> problems;

    public SequenceException(String source, List<String> problems) {
        super(source + ": " + String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
