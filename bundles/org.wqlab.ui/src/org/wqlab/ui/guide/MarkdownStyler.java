package org.wqlab.ui.guide;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the guide's Markdown into plain text and style ranges for a read-only text widget: headings, bold, code
 * spans and fenced blocks, links by their text, pictures by their caption. Just the Markdown the guide uses.
 */
public final class MarkdownStyler {

    /** A styled stretch of the plain text. */
    public record Span(int start, int length, Kind kind) {
    }

    public enum Kind { HEADING, SUBHEADING, BOLD, CODE, LINK, PICTURE }

    /** The guide as shown: its text and the spans to style. */
    public record Styled(String text, List<Span> spans) {
    }

    private static final Pattern INLINE = Pattern.compile(
            "!\\[([^\\]]*)\\]\\([^)]*\\)|\\[([^\\]]+)\\]\\([^)]*\\)|\\*\\*([^*]+)\\*\\*|`([^`]+)`");

    private MarkdownStyler() {
    }

    public static Styled style(String markdown) {
        StringBuilder out = new StringBuilder();
        List<Span> spans = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                spans.add(new Span(out.length(), line.length(), Kind.CODE));
                out.append(line).append('\n');
            } else if (line.startsWith("#")) {
                int level = line.indexOf(' ');
                String title = line.substring(level + 1);
                int start = out.length();
                inline(title, out, spans);
                spans.add(0, new Span(start, out.length() - start, level <= 2 ? Kind.HEADING : Kind.SUBHEADING));
                out.append('\n');
            } else {
                inline(line, out, spans);
                out.append('\n');
            }
        }
        return new Styled(out.toString(), spans);
    }

    private static void inline(String line, StringBuilder out, List<Span> spans) {
        Matcher m = INLINE.matcher(line);
        int at = 0;
        while (m.find()) {
            out.append(line, at, m.start());
            int start = out.length();
            if (m.group(1) != null) {
                out.append("[picture: ").append(m.group(1)).append(']');
                spans.add(new Span(start, out.length() - start, Kind.PICTURE));
            } else if (m.group(2) != null) {
                out.append(m.group(2));
                spans.add(new Span(start, out.length() - start, Kind.LINK));
            } else if (m.group(3) != null) {
                out.append(m.group(3));
                spans.add(new Span(start, out.length() - start, Kind.BOLD));
            } else {
                out.append(m.group(4));
                spans.add(new Span(start, out.length() - start, Kind.CODE));
            }
            at = m.end();
        }
        out.append(line.substring(at));
    }
}
