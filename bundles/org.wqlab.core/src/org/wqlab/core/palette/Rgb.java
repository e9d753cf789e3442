package org.wqlab.core.palette;

/** A colour as red, green and blue, 0-255 each; the UI turns it into an SWT colour, the reports into CSS hex. */
public record Rgb(int red, int green, int blue) {
    public Rgb {
        if ((red | green | blue) < 0 || red > 255 || green > 255 || blue > 255) {
            throw new IllegalArgumentException("colour component outside 0-255: " + red + ", " + green + ", " + blue);
        }
    }

    /** From 0xRRGGBB. */
    public static Rgb of(int rgb) {
        return new Rgb((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff);
    }

    /** CSS and SVG form, {@code #rrggbb}. */
    public String hex() {
        return String.format("#%02x%02x%02x", red, green, blue);
    }
}
