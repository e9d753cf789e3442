package org.wqlab.ui.sequence;

import org.wqlab.sequence.Sequence;

/** What a step's details page needs from the Steps page: the sequence shown, whether it may be edited, the edit. */
interface StepForm {
    Sequence sequence();

    boolean editable();

    void apply(Sequence edited);
}
