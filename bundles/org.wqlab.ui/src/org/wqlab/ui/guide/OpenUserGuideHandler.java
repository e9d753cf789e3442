package org.wqlab.ui.guide;

import org.wqlab.ui.PageInput;
import org.wqlab.ui.PageOpener;

/** Help > wqlab User Guide: the guide in the editor area. */
public final class OpenUserGuideHandler extends PageOpener {
    public OpenUserGuideHandler() {
        super(PageInput.USER_GUIDE, UserGuideEditor.ID);
    }
}
