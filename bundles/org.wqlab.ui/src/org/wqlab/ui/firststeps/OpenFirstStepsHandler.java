package org.wqlab.ui.firststeps;

import org.wqlab.ui.PageInput;
import org.wqlab.ui.PageOpener;

/** Help > First Steps: the First Steps page in the editor area. */
public final class OpenFirstStepsHandler extends PageOpener {
    public OpenFirstStepsHandler() {
        super(PageInput.FIRST_STEPS, FirstStepsEditor.ID);
    }
}
