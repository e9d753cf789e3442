package org.wqlab.lava;

/** A sequence or a job template that cannot become a LAVA job; the message names the step or the field. */
public final class JobException extends Exception {
    private static final long serialVersionUID = 1L;

    public JobException(String message) {
        super(message);
    }
}
