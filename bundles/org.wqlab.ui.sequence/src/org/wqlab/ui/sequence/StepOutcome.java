package org.wqlab.ui.sequence;

/** A step's state in the editor during and after a run. */
public record StepOutcome(State state, String detail) {

    public enum State {
        RUNNING, OK, FAILED, CANCELLED, NOT_RUN;

        /** The word shown in the editor's Run column. */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        }
    }

    /** From a runner outcome ({@code StepRecord.OK}, ...). */
    public static State of(String runnerOutcome) {
        return switch (runnerOutcome) {
            case "ok" -> State.OK;
            case "failed" -> State.FAILED;
            case "not run" -> State.NOT_RUN;
            default -> State.CANCELLED;
        };
    }
}
