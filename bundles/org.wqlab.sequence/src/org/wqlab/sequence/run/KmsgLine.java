package org.wqlab.sequence.run;

/**
 * One line wqlab writes into the board's kernel log (step events, marks, run markers): always one record, always
 * starting with {@value #PREFIX}, so neither a kernel nor a log parser can take any part of it for the module's
 * report or a kernel event. Control characters and backslashes (which some shells' {@code echo} expands) become a
 * backslash, {@code x} and two hex digits, the Unicode line and paragraph separators a backslash, {@code u} and four;
 * the only backslash left is followed by {@code x} or {@code u}, which no {@code echo} expands.
 */
public final class KmsgLine {

    public static final String PREFIX = "wqlab: ";

    private KmsgLine() {
    }

    /** {@value #PREFIX} and {@code text} with every character that could end or reshape a record escaped. */
    public static String of(String text) {
        StringBuilder sb = new StringBuilder(PREFIX.length() + text.length()).append(PREFIX);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' || Character.isISOControl(c)) {
                sb.append(String.format("\\x%02x", (int) c)); // ISO controls are all below 0x100
            } else if (c == '\u2028' || c == '\u2029') {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
