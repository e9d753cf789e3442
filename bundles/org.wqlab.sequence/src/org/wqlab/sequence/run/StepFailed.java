package org.wqlab.sequence.run;

/** A step did not do what it says: the run ends failed with this message as its summary. */
final class StepFailed extends Exception {
    private static final long serialVersionUID = 1L;

    StepFailed(String message) {
        super(message);
    }
}
