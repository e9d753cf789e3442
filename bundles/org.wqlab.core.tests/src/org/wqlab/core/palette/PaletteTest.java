package org.wqlab.core.palette;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;

import org.junit.jupiter.api.Test;

class PaletteTest {

    @Test
    void hexIsTheCssForm() {
        assertEquals("#0072b2", Rgb.of(0x0072b2).hex());
        assertEquals(new Rgb(176, 0, 32), Rgb.of(0xb00020));
        assertEquals("#ff00ff", Palette.MARK.hex());
    }

    @Test
    void seriesColoursRepeatAfterTheLast() {
        assertEquals(8, new HashSet<>(Palette.SERIES).size(), "eight distinct series colours");
        assertEquals(Palette.series(0), Palette.series(Palette.SERIES.size()));
        assertEquals(Rgb.of(0x000000), Palette.series(-1), "series without a CPU are black");
    }

    @Test
    void meaningsThatAreShownTogetherDiffer() {
        assertNotEquals(Palette.VERDICT_NORMAL, Palette.VERDICT_STALLED);
        assertNotEquals(Palette.THRESHOLD, Palette.USB_DISCONNECT);
        assertNotEquals(Palette.STALL_SHADE, Palette.STALL_LATE);
    }

    @Test
    void aComponentOutsideTheByteRangeIsNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> new Rgb(0, 256, 0));
        assertTrue(e.getMessage().contains("256"), e.getMessage());
    }
}
