package org.wqlab.ui.experiments;

import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Display;
import org.wqlab.limits.Outcome.Status;

/** The colours of pass, warn, fail and not judged, shared by the Experiments view and the experiment editor. */
public final class OutcomeColors {

    private OutcomeColors() {
    }

    /** A colour readable on the table's and the editor's light background; null (the default) for none. */
    public static Color of(Display display, Status status) {
        if (status == null) {
            return null;
        }
        return switch (status) {
            case PASS -> new Color(display, 0x1e, 0x7d, 0x32);
            case WARN -> new Color(display, 0xb2, 0x6a, 0x00);
            case FAIL -> new Color(display, 0xc6, 0x28, 0x28);
            case NOT_JUDGED -> display.getSystemColor(org.eclipse.swt.SWT.COLOR_DARK_GRAY);
        };
    }
}
