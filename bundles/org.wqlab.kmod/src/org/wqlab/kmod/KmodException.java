package org.wqlab.kmod;

/** A module manager step that could not be done; the message says which file, board or field. */
public class KmodException extends Exception {
    private static final long serialVersionUID = 1L;

    public KmodException(String message) {
        super(message);
    }

    public KmodException(String message, Throwable cause) {
        super(message, cause);
    }
}
