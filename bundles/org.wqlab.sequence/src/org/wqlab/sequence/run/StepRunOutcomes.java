package org.wqlab.sequence.run;

/** Questions about recorded steps. */
final class StepRunOutcomes {

    private StepRunOutcomes() {
    }

    /** A disconnect step that did its work: only then is there a stall to judge. */
    static boolean disconnected(StepRecord step) {
        return step.type().equals(org.wqlab.sequence.StepType.USB_DISCONNECT.id()) && step.outcome().equals(StepRecord.OK);
    }
}
