package org.wqlab.predict;

/** The runs given cannot determine the twin; the message names the reason and what would. */
public final class CannotCalibrateException extends Exception {

    private static final long serialVersionUID = 1L;

    public CannotCalibrateException(String message) {
        super(message);
    }
}
