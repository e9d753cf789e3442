package org.wqlab.ui.internal;

import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;

/** The size the workbench window opens with on first start: 1440x900, or the screen's usable area when smaller. */
final class InitialWindowSize {

    static final Point PREFERRED = new Point(1440, 900);

    private InitialWindowSize() {
    }

    /** @param screen the monitor's client area (without panels and docks); null when not known */
    static Point fitting(Rectangle screen) {
        if (screen == null || screen.width <= 0 || screen.height <= 0) {
            return new Point(PREFERRED.x, PREFERRED.y);
        }
        return new Point(Math.min(PREFERRED.x, screen.width), Math.min(PREFERRED.y, screen.height));
    }
}
