package org.wqlab.klog;

import java.util.Arrays;

/**
 * One line as a terminal shows it: a capture of a serial console holds the terminal's own line editing (a backspace,
 * a carriage return that overwrites, {@code ESC[K}, {@code ESC[1P}, {@code ESC[1@}, colours), which is applied here
 * to a row of cells, as a VT100 would, before the line is parsed. Only what a terminal cannot show makes a line
 * binary: a run of NUL bytes, bytes that are not UTF-8, and control bytes a terminal neither acts on nor ignores,
 * when they are more than one byte in 16 (see {@link #isBinary}).
 *
 * <p>Used on the parser's slow path only (a line with ESC, a backspace, a CR before its end or another control
 * byte); an instance is reused from line to line.
 */
public final class TerminalLine {

    private int[] cells = new int[256];
    private int width;
    private int col;
    private int bad;
    private boolean nulRun;

    /** Whether the last {@link #render} met bytes a terminal cannot show, by the rule above. */
    public boolean isBinary(long length) {
        return nulRun || (bad > 0 && bad * 16L > length);
    }

    /**
     * Renders {@code buf[s, e)}: the shown text as UTF-8, in {@code out} or, when that is too small, a larger
     * array.
     */
    public Rendered render(byte[] buf, int s, int e, byte[] out) {
        width = 0;
        col = 0;
        bad = 0;
        nulRun = false;
        int i = s;
        while (i < e) {
            int b = buf[i] & 0xff;
            if (b >= 0x20 && b < 0x7f || b == '\t') {
                put(b);
                i++;
            } else if (b >= 0x80) {
                i = utf8(buf, i, e);
            } else if (b == 0x1b) {
                i = escape(buf, i + 1, e);
            } else {
                control(buf, i, b);
                i++;
            }
        }
        return encode(out);
    }

    /** The rendered line: {@code bytes[0, length)} is its UTF-8 text. */
    public record Rendered(byte[] bytes, int length) {
    }

    private void control(byte[] buf, int i, int b) {
        switch (b) {
            case 0x08 -> col = Math.max(0, col - 1);
            case '\r' -> col = 0;
            case 0x07, 0x0b, 0x0c, 0x0e, 0x0f, 0x7f -> {
                // BEL, VT, FF, shift out/in, DEL: a terminal shows nothing for them
            }
            case 0 -> {
                bad++;
                if (i > 0 && buf[i - 1] == 0) {
                    nulRun = true;
                }
            }
            default -> bad++;
        }
    }

    private int utf8(byte[] buf, int i, int e) {
        int b = buf[i] & 0xff;
        int n = b >= 0xf0 && b <= 0xf4 ? 3 : b >= 0xe0 ? (b <= 0xef ? 2 : -1) : b >= 0xc2 ? 1 : -1;
        if (n < 0 || i + n >= e) {
            bad++;
            put(0xfffd);
            return i + 1;
        }
        int cp = b & (0x3f >> n);
        for (int k = 1; k <= n; k++) {
            int c = buf[i + k] & 0xff;
            if ((c & 0xc0) != 0x80) {
                bad++;
                put(0xfffd);
                return i + 1;
            }
            cp = cp << 6 | (c & 0x3f);
        }
        if (cp > 0x10ffff) {
            bad++;
            cp = 0xfffd;
        }
        put(cp);
        return i + n + 1;
    }

    /** An escape sequence after ESC at {@code i}; returns the index after it. */
    private int escape(byte[] buf, int i, int e) {
        if (i >= e) {
            return i;
        }
        byte t = buf[i++];
        if (t == '[') {
            int p = i;
            while (i < e && buf[i] >= 0x20 && buf[i] <= 0x3f) {
                i++;
            }
            if (i < e && buf[i] >= 0x40 && buf[i] <= 0x7e) {
                csi(buf[i], parameter(buf, p, i));
                i++;
            }
        } else if (t == ']') { // OSC: up to BEL or ESC '\'
            while (i < e && buf[i] != 0x07 && buf[i] != 0x1b) {
                i++;
            }
            if (i < e && buf[i] == 0x07) {
                i++;
            } else if (i + 1 < e && buf[i] == 0x1b && buf[i + 1] == '\\') {
                i += 2;
            }
        } else if ((t == '(' || t == ')' || t == '#') && i < e) {
            i++; // character set or line size: one more byte
        }
        return i;
    }

    /** The first numeric parameter of a CSI sequence, or -1 when it has none. */
    private static int parameter(byte[] buf, int from, int to) {
        int v = -1;
        for (int i = from; i < to && buf[i] >= '0' && buf[i] <= '9'; i++) {
            v = Math.min(10_000, (v < 0 ? 0 : v * 10) + buf[i] - '0');
        }
        return v;
    }

    private void csi(byte op, int param) {
        int n = Math.max(1, param);
        switch (op) {
            case 'K' -> eraseInLine(Math.max(0, param));
            case 'P' -> { // delete characters: the rest of the line moves left
                if (col < width) {
                    int k = Math.min(n, width - col);
                    System.arraycopy(cells, col + k, cells, col, width - col - k);
                    width -= k;
                }
            }
            case '@' -> { // insert blanks: the rest of the line moves right
                if (col < width) {
                    ensure(width + n);
                    System.arraycopy(cells, col, cells, col + n, width - col);
                    Arrays.fill(cells, col, col + n, ' ');
                    width += n;
                }
            }
            case 'X' -> { // erase characters without moving
                int to = Math.min(width, col + n);
                if (col < to) {
                    Arrays.fill(cells, col, to, ' ');
                }
            }
            case 'C' -> col = Math.min(col + n, 10_000);
            case 'D' -> col = Math.max(0, col - n);
            case 'G' -> col = Math.min(n - 1, 10_000);
            default -> {
                // colours (SGR 'm') and whatever moves off this line change nothing of its text
            }
        }
    }

    private void eraseInLine(int mode) {
        if (mode == 0) {
            width = Math.min(width, col);
        } else if (mode == 1) {
            Arrays.fill(cells, 0, Math.min(width, col + 1), ' ');
        } else {
            width = 0;
        }
    }

    private void put(int cp) {
        ensure(col + 1);
        if (col > width) {
            Arrays.fill(cells, width, col, ' ');
        }
        cells[col++] = cp;
        width = Math.max(width, col);
    }

    private void ensure(int n) {
        if (cells.length < n) {
            cells = Arrays.copyOf(cells, Math.max(cells.length * 2, n));
        }
    }

    private Rendered encode(byte[] out) {
        byte[] o = out.length < width * 4 ? new byte[Math.max(out.length * 2, width * 4)] : out;
        int n = 0;
        for (int k = 0; k < width; k++) {
            int cp = cells[k];
            if (cp < 0x80) {
                o[n++] = (byte) cp;
            } else if (cp < 0x800) {
                o[n++] = (byte) (0xc0 | cp >> 6);
                o[n++] = (byte) (0x80 | cp & 0x3f);
            } else if (cp < 0x10000) {
                o[n++] = (byte) (0xe0 | cp >> 12);
                o[n++] = (byte) (0x80 | cp >> 6 & 0x3f);
                o[n++] = (byte) (0x80 | cp & 0x3f);
            } else {
                o[n++] = (byte) (0xf0 | cp >> 18);
                o[n++] = (byte) (0x80 | cp >> 12 & 0x3f);
                o[n++] = (byte) (0x80 | cp >> 6 & 0x3f);
                o[n++] = (byte) (0x80 | cp & 0x3f);
            }
        }
        return new Rendered(o, n);
    }
}
