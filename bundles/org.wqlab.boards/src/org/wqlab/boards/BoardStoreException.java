package org.wqlab.boards;

/** The boards file cannot be read or written; the message names the file and, for bad content, the field. */
public final class BoardStoreException extends Exception {
    private static final long serialVersionUID = 1L;

    public BoardStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
