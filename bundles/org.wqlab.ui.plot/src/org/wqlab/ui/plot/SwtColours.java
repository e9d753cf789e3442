package org.wqlab.ui.plot;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.swt.graphics.Color;
import org.wqlab.core.palette.Rgb;

/**
 * The SWT colour of a {@link org.wqlab.core.palette.Palette} entry: device-independent and shared, so callers must not
 * dispose it.
 */
public final class SwtColours {
    private static final Map<Rgb, Color> COLOURS = new ConcurrentHashMap<>();

    private SwtColours() {
    }

    public static Color of(Rgb rgb) {
        return COLOURS.computeIfAbsent(rgb, c -> new Color(c.red(), c.green(), c.blue()));
    }
}
