package org.wqlab.report.svg;

import java.util.Locale;

import org.wqlab.core.palette.Palette;

/** Small helpers to write SVG text by hand (no library: this bundle is headless and has no dependencies). */
public final class Svg {

    /** Colours for series, in order: {@link Palette#SERIES} as CSS hex. */
    public static final String[] PALETTE = Palette.SERIES.stream().map(c -> c.hex()).toArray(String[]::new);

    private Svg() {
    }

    public static String color(int index) {
        return PALETTE[index % PALETTE.length];
    }

    /** Escapes text for XML content and attribute values. */
    public static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\n' && c != '\t') {
                        b.append(' ');
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** A coordinate with at most one decimal. */
    public static String n(double v) {
        long r = Math.round(v * 10);
        return r % 10 == 0 ? Long.toString(r / 10) : String.format(Locale.ROOT, "%.1f", r / 10.0);
    }

    /** An axis label for a tick value: no trailing zeros, up to three decimals. */
    public static String tick(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        String s = String.format(Locale.ROOT, "%.3f", v);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
