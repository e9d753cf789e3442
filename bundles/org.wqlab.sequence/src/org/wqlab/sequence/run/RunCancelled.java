package org.wqlab.sequence.run;

/** The run's monitor asked to stop: the run ends cancelled, the step that saw it is recorded as cancelled. */
final class RunCancelled extends Exception {
    private static final long serialVersionUID = 1L;
}
