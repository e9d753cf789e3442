package org.wqlab.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.junit.jupiter.api.Test;

class InitialWindowSizeTest {

    @Test
    void aLargeScreenGetsThePreferredSize() {
        assertEquals(new Point(1440, 900), InitialWindowSize.fitting(new Rectangle(0, 0, 1920, 1080)));
    }

    @Test
    void aSmallerScreenGetsAWindowThatFitsIt() {
        assertEquals(new Point(1280, 800), InitialWindowSize.fitting(new Rectangle(0, 0, 1280, 800)));
        assertEquals(new Point(1366, 740), InitialWindowSize.fitting(new Rectangle(0, 28, 1366, 740)));
    }

    @Test
    void anUnknownScreenGetsThePreferredSize() {
        assertEquals(new Point(1440, 900), InitialWindowSize.fitting(null));
        assertEquals(new Point(1440, 900), InitialWindowSize.fitting(new Rectangle(0, 0, 0, 0)));
    }
}
