package org.wqlab.core.model;

import java.nio.file.Path;

/**
 * Bad user input (a damaged file, a bad argument): the message names the file, and the line or field when known.
 * Tools report it without a stack trace.
 */
public class InputException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long line;

    public InputException(Path file, long line, String problem) {
        this(file, line, problem, null);
    }

    public InputException(Path file, long line, String problem, Throwable cause) {
        super(describe(file, line, problem), cause);
        this.file = file;
        this.line = line;
    }

    public InputException(String message) {
        super(message);
        this.file = null;
        this.line = 0;
    }

    /** The file at fault, or null. */
    public Path file() {
        return file;
    }

    /** 1-based line, or 0 when the problem is not tied to a line. */
    public long line() {
        return line;
    }

    private static String describe(Path file, long line, String problem) {
        StringBuilder sb = new StringBuilder();
        if (file != null) {
            sb.append(file);
            if (line > 0) {
                sb.append(':').append(line);
            }
            sb.append(": ");
        }
        return sb.append(problem).toString();
    }
}
