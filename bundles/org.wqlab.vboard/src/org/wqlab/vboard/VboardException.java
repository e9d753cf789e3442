package org.wqlab.vboard;

/** The virtual board cannot be built, started or reached; the message says what to do and names the files. */
public final class VboardException extends Exception {
    private static final long serialVersionUID = 1L;

    public VboardException(String message) {
        super(message);
    }

    public VboardException(String message, Throwable cause) {
        super(message, cause);
    }
}
