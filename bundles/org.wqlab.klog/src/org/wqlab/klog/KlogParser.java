package org.wqlab.klog;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.AnomalyKind;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.core.samples.SampleStore;

/**
 * The kernel-log grammar, used both for a whole file and for a live stream: bytes are fed in any chunking, a line
 * is parsed when its '\n' arrives, and {@link #finish()} parses a last line without one. Every line goes to the
 * sink exactly once as a sample, an event, an anomaly or raw context.
 *
 * <p>Line prefixes are detected per line: {@code dmesg} ({@code [ 1558.625517] }), {@code dmesg -r}
 * ({@code <2>}), CONFIG_PRINTK_CALLER ({@code [  T231]}), {@code dmesg -T}, {@code dmesg --time-format iso},
 * {@code journalctl -k} short / short-monotonic / short-iso(-precise) with {@code host kernel: }, raw
 * {@code /dev/kmsg} records and their continuation lines, serial console captures (CRLF, ANSI escapes, prompts)
 * and {@code printk.time=0} logs. A line without any kernel prefix is read as a kernel message only while no
 * prefixed line has been seen; after that it is shell or tool output and kept as context. A prefix found after
 * other text (a kernel message printed into a prompt line) is honoured.
 *
 * <p>The hot path scans bytes: no regular expressions and no String per line.
 */
public final class KlogParser {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long BELOW_SPACE = 0x20L * ONES;
    private static final long NEWLINES = 0x0aL * ONES;
    private static final long SPACES = 0x20L * ONES;
    private static final long KERNEL_COLON_LONG = (long) LONGS.get(ascii("kernel: "), 0);
    /** For {@link #skipJournalHost}: bytes that cannot be in a host name. */
    private static final byte[] HOST_STOP = new byte[256];

    /** First bytes of the messages the parser recognises. */
    private static final boolean[] MESSAGE_START = new boolean[256];

    static {
        for (char c : "DluwB".toCharArray()) {
            MESSAGE_START[c] = true;
        }
        HOST_STOP[':'] = 1;
        HOST_STOP['['] = 1;
        HOST_STOP['='] = 1;
    }

    private static final byte[] DELAY = ascii("DELAY:");
    private static final byte[] LATENCY_MON = ascii("latency_mon: ");
    private static final byte[] CPU_EQ = ascii("cpu=");
    private static final byte[] SEQ_EQ = ascii("seq=");
    private static final byte[] DELAY_US_EQ = ascii("delay_us=");
    private static final byte[] START = ascii("start ");
    private static final byte[] STOP = ascii("stop");
    private static final byte[] USB = ascii("usb ");
    private static final byte[] USB_DISCONNECT = ascii("USB disconnect, device number ");
    private static final byte[] NEW = ascii("new ");
    private static final byte[] USB_DEVICE_NUMBER = ascii("USB device number ");
    private static final byte[] WORKQUEUE = ascii("workqueue: ");
    private static final byte[] HOGGED = ascii(" hogged CPU for >");
    private static final byte[] BUG_LOCKUP = ascii("BUG: workqueue lockup");
    private static final byte[] WQLAB = ascii("wqlab: ");
    private static final byte[] WQLAB_MARK = ascii("mark ");
    private static final byte[] WQLAB_STEP = ascii("step ");
    private static final byte[] TIME = ascii(" time");
    private static final byte[] STUCK_FOR = ascii("stuck for ");
    private static final byte[] LINUX_VERSION = ascii("Linux version ");
    private static final byte[] BOOTING_LINUX = ascii("Booting Linux");
    private static final byte[] JOURNAL_BOOT = ascii("-- Boot ");
    private static final byte[] JOURNAL_REBOOT = ascii("-- Reboot --");
    /**
     * How far the kernel's clock must go back for a new boot: lines of one boot come slightly out of order (CPUs
     * printing at once, a continuation), a reboot goes back to about zero.
     */
    static final long BOOT_BACK_US = 1_000_000L;
    private static final byte[][] MONTHS = { ascii("Jan"), ascii("Feb"), ascii("Mar"), ascii("Apr"), ascii("May"),
            ascii("Jun"), ascii("Jul"), ascii("Aug"), ascii("Sep"), ascii("Oct"), ascii("Nov"), ascii("Dec") };
    private static final List<String> POOL_KEYS = List.of("cpus", "node", "flags", "nice");
    private static final List<String> START_KEYS = List.of("cpu", "period_ms", "threshold_ms", "report_all");

    /** The journal's short format has no year: a leap year keeps Feb 29 valid; the year steps on wrap-around. */
    private static final int JOURNAL_BASE_YEAR = 2000;

    /**
     * Most bytes of one line that are kept: a longer line is still one line (its number and the next ones stay
     * right) but only its first MAX_LINE bytes are parsed, bounding memory.
     */
    public static final int MAX_LINE = 1 << 20;

    private final KlogSink sink;

    private byte[] partial = new byte[256];
    private int partialLen;
    private int partialNul;
    private int partialCtrl;
    private boolean partialEsc;
    private boolean partialHigh;
    private int partialCr;
    private long partialDropped;
    private byte[] clean = new byte[256];

    private long lineNo;
    private boolean sawPrefix;
    private boolean lastWasKmsg;
    private int journalYear = JOURNAL_BASE_YEAR;
    private int journalLastMonth = -1;

    // Results of the scanning helpers (avoid allocating small result objects).
    private int lineNul;
    private int lineCtrl;
    private boolean lineEsc;
    private boolean lineHigh;
    private int lineCr;
    private final TerminalLine terminal = new TerminalLine();
    private long ts;
    private TimePrecision precision;
    private boolean kmsgRecord;
    /** Whether the line's stamp is the kernel's monotonic clock (bracket stamp, /dev/kmsg), not a wall clock. */
    private boolean monotonic;

    // Boots: the kernel's monotonic clock restarts at every boot.
    private int boot = 1;
    private boolean bootHasContent;
    private long lastMonotonic = LogEntry.NO_TIME;
    private long firstMonotonic = LogEntry.NO_TIME;
    private String bootBy;
    /** Each function's last "hogged CPU ... N times" count in this boot. */
    private final Map<String, Long> hogTimes = new java.util.HashMap<>();
    private long num;

    public KlogParser(KlogSink sink) {
        this.sink = sink;
    }

    /**
     * The year of the first date without one (syslog, journal short), when known from elsewhere ({@link LogYear});
     * ignored once such a date was read. Without it the year is 2000 (a leap year keeps Feb 29 valid).
     */
    public void yearHint(int year) {
        if (journalLastMonth < 0 && year > 0 && year < 10_000) {
            journalYear = year;
        }
    }

    /**
     * What a parse of a file's first part leaves that the parse of the rest depends on ({@link ParallelParse}).
     *
     * @param firstMonotonic the first monotonic stamp this parser read, NO_TIME for none
     * @param yearless       whether it read a date without a year
     */
    record SeamState(boolean sawPrefix, boolean bootHasContent, long lastMonotonic, long firstMonotonic, int boot,
            Map<String, Long> hogTimes, boolean yearless) {
    }

    SeamState seamState() {
        return new SeamState(sawPrefix, bootHasContent, lastMonotonic, firstMonotonic, boot, Map.copyOf(hogTimes),
                journalLastMonth >= 0);
    }

    /** Starts as the parse of a log's later part: after kernel lines of a boot, the first part's guessed state. */
    void continueAfterKernelLines() {
        sawPrefix = true;
        bootHasContent = true;
    }

    /** Number of lines handed to the sink so far. */
    public long lines() {
        return lineNo;
    }

    /** Bytes kept of an unfinished line waiting for its end (at most {@link #MAX_LINE}). */
    public int pendingBytes() {
        return partialLen;
    }

    public void feed(byte[] bytes) {
        feed(bytes, 0, bytes.length);
    }

    /** Feeds a chunk; complete lines are parsed now, a trailing partial line waits for the next chunk. */
    public void feed(byte[] buf, int off, int len) {
        Objects.checkFromIndexSize(off, len, buf.length);
        int end = off + len;
        int start = off;
        if (partialLen > 0) {
            int nl = scanLine(buf, start, end);
            appendPartial(buf, start, nl < 0 ? end : nl);
            if (nl < 0) {
                return;
            }
            flushPartial();
            start = nl + 1;
        }
        while (start < end) {
            int nl = scanLine(buf, start, end);
            if (nl < 0) {
                appendPartial(buf, start, end);
                return;
            }
            processLine(buf, start, nl, nl - start);
            start = nl + 1;
        }
    }

    /** End of input: parses a last line that had no line end. */
    public void finish() {
        if (partialLen > 0) {
            flushPartial();
        }
    }

    private void flushPartial() {
        int n = partialLen;
        long length = n + partialDropped;
        partialLen = 0;
        partialDropped = 0;
        lineNul = partialNul;
        lineCtrl = partialCtrl;
        lineEsc = partialEsc;
        lineHigh = partialHigh;
        lineCr = partialCr;
        partialNul = 0;
        partialCtrl = 0;
        partialEsc = false;
        partialHigh = false;
        partialCr = 0;
        processLine(partial, 0, n, length);
    }

    /** Parses a whole text (tests, small inputs) and returns every line as a record. */
    public static List<LogEntry> parseAll(String text) {
        EntryCollector c = new EntryCollector();
        KlogParser p = new KlogParser(c);
        p.feed(text.getBytes(StandardCharsets.UTF_8));
        p.finish();
        return c.entries();
    }

    /**
     * Keeps the start of an unfinished line with the control-byte counts {@link #scanLine} just made. Bytes past
     * {@link #MAX_LINE} are only counted.
     */
    private void appendPartial(byte[] buf, int from, int to) {
        partialNul += lineNul;
        partialCtrl += lineCtrl;
        partialEsc |= lineEsc;
        partialHigh |= lineHigh;
        partialCr += lineCr;
        int n = Math.min(to - from, MAX_LINE - partialLen);
        partialDropped += (to - from) - n;
        if (partialLen + n > partial.length) {
            partial = Arrays.copyOf(partial, Math.max(partial.length * 2, partialLen + n));
        }
        System.arraycopy(buf, from, partial, partialLen, n);
        partialLen += n;
    }

    /**
     * Finds the next '\n' at or after {@code from}, or -1; counts NUL, CR and other control bytes (not tab) and
     * notes ESC and bytes above 0x7f on the way. Eight bytes at a time: only words holding a byte below 0x20 are
     * looked at bytewise.
     */
    private int scanLine(byte[] buf, int from, int end) {
        int nul = 0;
        int ctrl = 0;
        int cr = 0;
        boolean esc = false;
        boolean high = false;
        int i = from;
        int wordEnd = end - 8;
        while (i <= wordEnd) {
            long x = (long) LONGS.get(buf, i);
            long ctl = (x - BELOW_SPACE) & ~x & HIGHS;
            if (ctl == 0) {
                high |= (x & HIGHS) != 0;
                i += 8;
                continue;
            }
            high |= (x & HIGHS) != 0;
            // The lowest flagged byte of both masks is exact (borrows only run upwards).
            long y = x ^ NEWLINES;
            long nl = (y - ONES) & ~y & HIGHS;
            if (nl != 0 && Long.numberOfTrailingZeros(nl) == Long.numberOfTrailingZeros(ctl)) {
                lineNul = nul;
                lineCtrl = ctrl;
                lineEsc = esc;
                lineHigh = high;
                lineCr = cr;
                return i + (Long.numberOfTrailingZeros(nl) >>> 3);
            }
            for (int k = 0; k < 8; k++, i++) {
                byte b = buf[i];
                if (b >= 0x20 || b < 0) {
                    continue;
                }
                if (b == '\n') {
                    lineNul = nul;
                    lineCtrl = ctrl;
                    lineEsc = esc;
                    lineHigh = high;
                    lineCr = cr;
                    return i;
                }
                if (b == 0x1b) {
                    esc = true;
                } else if (b == 0) {
                    nul++;
                } else if (b == '\r') {
                    cr++;
                } else if (b != '\t') {
                    ctrl++;
                }
            }
        }
        for (; i < end; i++) {
            byte b = buf[i];
            if (b >= 0x20) {
                continue;
            }
            if (b < 0) {
                high = true;
                continue;
            }
            if (b == '\n') {
                lineNul = nul;
                lineCtrl = ctrl;
                lineEsc = esc;
                lineHigh = high;
                lineCr = cr;
                return i;
            }
            if (b == 0x1b) {
                esc = true;
            } else if (b == 0) {
                nul++;
            } else if (b == '\r') {
                cr++;
            } else if (b != '\t') {
                ctrl++;
            }
        }
        lineNul = nul;
        lineCtrl = ctrl;
        lineEsc = esc;
        lineHigh = high;
        lineCr = cr;
        return -1;
    }

    /** @param length the whole line's length in bytes, of which {@code buf[s, e)} may be only the start */
    private void processLine(byte[] buf, int s, int e, long length) {
        long line = ++lineNo;
        boolean whole = length == e - s;
        int crs = lineCr;
        while (e > s && buf[e - 1] == '\r') {
            e--;
            crs--;
        }
        long len = whole ? e - s : length;
        if (lineNul > 0 || lineCtrl > 0 || lineEsc || lineHigh || crs > 0) {
            // what a terminal shows: its line editing applied; only what it cannot show is binary
            TerminalLine.Rendered shown = terminal.render(buf, s, e, clean);
            if (terminal.isBinary(len)) {
                lastWasKmsg = false;
                sink.anomaly(new Anomaly(line, LogEntry.NO_TIME, TimePrecision.NONE, AnomalyKind.BINARY,
                        "binary data, not text (" + len + " bytes)"));
                return;
            }
            clean = shown.bytes();
            buf = clean;
            s = 0;
            e = shown.length();
        }
        parseLine(line, buf, s, e);
    }

    private void parseLine(long line, byte[] buf, int s, int e) {
        if (s < e && buf[s] == ' ' && lastWasKmsg) {
            sink.raw(line, buf, s, e); // continuation of a /dev/kmsg record (" SUBSYSTEM=usb")
            return;
        }
        if (s < e && buf[s] == '-' && journalSeparator(line, buf, s, e)) {
            lastWasKmsg = false;
            return;
        }
        kmsgRecord = false;
        monotonic = false;
        int msg = parsePrefix(buf, s, e);
        if (msg < 0) {
            msg = findEmbeddedStamp(buf, s, e);
        }
        lastWasKmsg = kmsgRecord;
        if (msg >= 0 && precision != TimePrecision.NONE && bootStarts(line, buf, msg, e)) {
            return;
        }
        if (msg < 0 && (msg = damagedPrefix(buf, s, e)) >= 0) {
            ts = LogEntry.NO_TIME; // the stamp lost its start: the message's event, with its time unknown
            precision = TimePrecision.NONE;
            if (startsWith(buf, msg, e, DELAY) || startsWith(buf, msg, e, LATENCY_MON)) {
                sink.raw(line, buf, s, e); // a sample without its time would be plotted nowhere
                return;
            }
        } else if (msg >= 0) {
            sawPrefix |= precision != TimePrecision.NONE;
        } else if (!sawPrefix) {
            ts = LogEntry.NO_TIME; // printk.time=0: order only
            precision = TimePrecision.NONE;
            msg = s;
        } else {
            sink.raw(line, buf, s, e);
            return;
        }
        parseMessage(line, buf, msg, e, s);
        if (bootBy != null) { // the clock went back on a line with its own result: the boot shares that line
            bootEvent(line, "", text(buf, msg, e));
        }
    }

    // ---------------------------------------------------------------- boots

    /**
     * Whether the kernel line at {@code msg} begins a new boot (after a boot that had other kernel lines): the
     * kernel's banner ("Linux version ...", "Booting Linux ..."), or its monotonic clock going back. A banner line
     * is the boot's event and true is returned; a line the clock went back on keeps its own result, and
     * {@link #bootBy} says the boot event follows it.
     */
    private boolean bootStarts(long line, byte[] buf, int msg, int e) {
        bootBy = null;
        boolean banner = startsWith(buf, msg, e, LINUX_VERSION) || startsWith(buf, msg, e, BOOTING_LINUX);
        boolean back = false;
        if (monotonic) {
            back = lastMonotonic != LogEntry.NO_TIME && ts < lastMonotonic - BOOT_BACK_US;
            lastMonotonic = ts;
            if (firstMonotonic == LogEntry.NO_TIME) {
                firstMonotonic = ts;
            }
        }
        if (!bootHasContent) {
            bootHasContent = !banner;
            return false;
        }
        if (banner) {
            bootBy = "kernel banner";
            bootEvent(line, "", text(buf, msg, e));
            bootHasContent = false;
            return true;
        }
        if (back) {
            bootBy = "clock went back";
        }
        return false;
    }

    /** journalctl's "-- Boot ID --" between boots, and older versions' "-- Reboot --". */
    private boolean journalSeparator(long line, byte[] buf, int s, int e) {
        String id;
        if (startsWith(buf, s, e, JOURNAL_REBOOT) && e - s == JOURNAL_REBOOT.length) {
            id = "";
        } else if (startsWith(buf, s, e, JOURNAL_BOOT) && e - s > JOURNAL_BOOT.length + 3 && buf[e - 1] == '-'
                && buf[e - 2] == '-' && buf[e - 3] == ' ') {
            id = text(buf, s + JOURNAL_BOOT.length, e - 3).strip();
        } else {
            return false;
        }
        if (bootHasContent) {
            ts = LogEntry.NO_TIME;
            precision = TimePrecision.NONE;
            bootBy = "journal";
            bootEvent(line, id, text(buf, s, e));
            bootHasContent = false;
        } else {
            sink.raw(line, buf, s, e);
        }
        return true;
    }

    private void bootEvent(long line, String subject, String message) {
        boot++;
        hogTimes.clear();
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("boot", Integer.toString(boot));
        fields.put("by", bootBy);
        sink.event(new Event(line, ts, precision, EventKind.BOOT, subject, fields, message));
        bootBy = null;
    }

    // ---------------------------------------------------------------- prefixes

    /** Parses a kernel line prefix at {@code s}; sets ts/precision and returns the message start, or -1. */
    private int parsePrefix(byte[] buf, int s, int e) {
        if (s >= e) {
            return -1;
        }
        byte c = buf[s];
        if (c == '[') {
            return afterStamp(buf, parseBracketStamp(buf, s, e), e);
        }
        if (c == '<') {
            int q = s + 1;
            int d = q;
            while (q < e && q - d < 3 && isDigit(buf[q])) {
                q++;
            }
            if (q == d || q >= e || buf[q] != '>') {
                return -1;
            }
            q++;
            if (q < e && buf[q] == '[') {
                int r = parseBracketStamp(buf, q, e);
                if (r > 0) {
                    return afterStamp(buf, r, e);
                }
            }
            ts = LogEntry.NO_TIME; // dmesg -r of a printk.time=0 log
            precision = TimePrecision.NONE;
            return q;
        }
        if (isDigit(c)) {
            int r = parseKmsg(buf, s, e);
            if (r >= 0) {
                kmsgRecord = true;
                return r;
            }
            r = parseIso(buf, s, e);
            if (r >= 0) {
                return journalHostAndInnerStamp(buf, r, e);
            }
            return -1;
        }
        if (c >= 'A' && c <= 'Z') {
            int r = parseJournalShort(buf, s, e);
            if (r >= 0) {
                int m = skipJournalHost(buf, r, e);
                if (m == r) {
                    return -1; // syslog-style line from another program: not a kernel message
                }
                return innerStamp(buf, m, e);
            }
        }
        return -1;
    }

    /** After a bracket stamp: an optional caller id, one space, an optional "host kernel: " (short-monotonic). */
    private int afterStamp(byte[] buf, int r, int e) {
        if (r < 0) {
            return -1;
        }
        int q = r;
        int c = parseCaller(buf, q < e && buf[q] == ' ' ? q + 1 : q, e);
        if (c > 0) {
            q = c;
        }
        if (q < e && buf[q] == ' ') {
            q++;
        }
        return skipJournalHost(buf, q, e);
    }

    private int journalHostAndInnerStamp(byte[] buf, int r, int e) {
        return innerStamp(buf, skipJournalHost(buf, r, e), e);
    }

    /** A syslog/journal line can carry the kernel's own stamp too; it is more precise, so it wins. */
    private int innerStamp(byte[] buf, int q, int e) {
        if (q < e && buf[q] == '[') {
            long outerTs = ts;
            TimePrecision outerPrecision = precision;
            int r = parseMonotonicStamp(buf, q, e);
            if (r > 0) {
                return r < e && buf[r] == ' ' ? r + 1 : r;
            }
            ts = outerTs;
            precision = outerPrecision;
        }
        return q;
    }

    /** "[ 1558.625517]" (us) or "[Sun Nov 29 20:25:03 2026]" (dmesg -T, seconds); returns index after ']'. */
    private int parseBracketStamp(byte[] buf, int s, int e) {
        int r = parseMonotonicStamp(buf, s, e);
        return r >= 0 ? r : parseCtimeStamp(buf, s, e);
    }

    private int parseMonotonicStamp(byte[] buf, int s, int e) {
        if (s + 13 < e && buf[s + 13] == ']' && buf[s + 6] == '.') {
            long t = s + 15 <= e ? swarStamp(buf, s) : scalarStamp(buf, s);
            if (t >= 0) {
                ts = t;
                precision = TimePrecision.US;
                monotonic = true;
                return s + 14;
            }
        }
        int q = s + 1;
        while (q < e && buf[q] == ' ') {
            q++;
        }
        int d = q;
        long sec = 0;
        int v;
        while (q < e && (v = buf[q] - '0') >= 0 && v <= 9) {
            sec = sec * 10 + v;
            q++;
        }
        if (q == d || q - d > 12 || q >= e || buf[q] != '.') {
            return -1;
        }
        q++;
        if (q + 6 < e && buf[q + 6] == ']') { // the usual six digits
            int f0 = buf[q] - '0';
            int f1 = buf[q + 1] - '0';
            int f2 = buf[q + 2] - '0';
            int f3 = buf[q + 3] - '0';
            int f4 = buf[q + 4] - '0';
            int f5 = buf[q + 5] - '0';
            if ((f0 | f1 | f2 | f3 | f4 | f5) >= 0 && f0 <= 9 && f1 <= 9 && f2 <= 9 && f3 <= 9 && f4 <= 9
                    && f5 <= 9) {
                ts = sec * 1_000_000L + ((((f0 * 10 + f1) * 10 + f2) * 10 + f3) * 10 + f4) * 10 + f5;
                precision = TimePrecision.US;
                monotonic = true;
                return q + 7;
            }
            return -1;
        }
        int f = q;
        long frac = 0;
        while (q < e && isDigit(buf[q]) && q - f < 9) {
            frac = frac * 10 + (buf[q++] - '0');
        }
        int digits = q - f;
        if (digits == 0 || q >= e || buf[q] != ']') {
            return -1;
        }
        for (int k = digits; k < 6; k++) {
            frac *= 10;
        }
        for (int k = digits; k > 6; k--) {
            frac /= 10;
        }
        ts = sec * 1_000_000L + frac;
        precision = TimePrecision.US;
        monotonic = true;
        return q + 1;
    }

    /**
     * The kernel's usual "[%5lu.%06lu]" with seconds below 100000, read as two longs without branches (the space
     * padding varies from line to line and would defeat the branch predictor). Returns the microseconds, or -1 when
     * the 14 bytes at {@code s} are not exactly that; needs {@code s + 15 <= buf.length}. Same answers as
     * {@link #scalarStamp}.
     */
    static long swarStamp(byte[] buf, int s) {
        long a = (long) LONGS.get(buf, s); // '[' c1 c2 c3 c4 c5 '.' f0
        long b = (long) LONGS.get(buf, s + 7); // f0 f1 f2 f3 f4 f5 ']' x
        long f = b & 0x0000_FFFF_FFFF_FFFFL;
        long fracBad = ((f & 0xF0F0_F0F0_F0F0L) ^ 0x3030_3030_3030L)
                | ((((f & 0x7F7F_7F7F_7F7FL) + 0x0606_0606_0606L) & 0xF0F0_F0F0_F0F0L) ^ 0x3030_3030_3030L);
        long sec = (a >>> 8) & 0xFF_FFFF_FFFFL; // c1..c5
        long notDigit = nonZeroBytes(((sec & 0xF0_F0F0_F0F0L) ^ 0x30_3030_3030L)
                | ((((sec & 0x7F_7F7F_7F7FL) + 0x06_0606_0606L) & 0xF0_F0F0_F0F0L) ^ 0x30_3030_3030L));
        long notSpace = nonZeroBytes(sec ^ 0x20_2020_2020L);
        long spaces = (notDigit >>> 7) * 0xFF; // 0xFF per space byte (valid only when every byte is one or other)
        boolean ok = fracBad == 0 && (notDigit & notSpace) == 0 && (spaces & (spaces + 1)) == 0
                && spaces != 0xFF_FFFF_FFFFL && (a & 0xFF) == '[' && ((a >>> 48) & 0xFF) == '.'
                && ((b >>> 48) & 0xFF) == ']';
        if (!ok) {
            return -1;
        }
        long d = sec & 0x0F_0F0F_0F0FL; // spaces become 0
        long seconds = ((((d & 0xF) * 10 + ((d >>> 8) & 0xF)) * 10 + ((d >>> 16) & 0xF)) * 10
                + ((d >>> 24) & 0xF)) * 10 + ((d >>> 32) & 0xF);
        long g = f & 0x0F0F_0F0F_0F0FL;
        long micros = (((((g & 0xF) * 10 + ((g >>> 8) & 0xF)) * 10 + ((g >>> 16) & 0xF)) * 10
                + ((g >>> 24) & 0xF)) * 10 + ((g >>> 32) & 0xF)) * 10 + ((g >>> 40) & 0xF);
        return seconds * 1_000_000L + micros;
    }

    /** Bit 7 of each byte set when that byte is not zero (exact, no carries between bytes). */
    private static long nonZeroBytes(long x) {
        return (((x & 0x7F7F_7F7F_7F7F_7F7FL) + 0x7F7F_7F7F_7F7F_7F7FL) | x) & HIGHS;
    }

    /** {@link #swarStamp} one byte at a time, for a stamp at the very end of the input. */
    static long scalarStamp(byte[] buf, int s) {
        if (buf[s] != '[' || buf[s + 6] != '.' || buf[s + 13] != ']') {
            return -1;
        }
        long sec = 0;
        boolean seenDigit = false;
        for (int k = 1; k <= 5; k++) {
            int c = buf[s + k];
            if (c >= '0' && c <= '9') {
                seenDigit = true;
                sec = sec * 10 + (c - '0');
            } else if (c != ' ' || seenDigit) {
                return -1;
            }
        }
        long frac = 0;
        for (int k = 7; k <= 12; k++) {
            int v = buf[s + k] - '0';
            if (v < 0 || v > 9) {
                return -1;
            }
            frac = frac * 10 + v;
        }
        return seenDigit ? sec * 1_000_000L + frac : -1;
    }

    /** dmesg -T: "[Sun Nov 29 20:25:03 2026]" (day of month may be space padded). */
    private int parseCtimeStamp(byte[] buf, int s, int e) {
        int q = s + 1;
        if (q + 4 > e || !isLetter(buf[q]) || !isLetter(buf[q + 1]) || !isLetter(buf[q + 2]) || buf[q + 3] != ' ') {
            return -1;
        }
        q += 4;
        int month = month(buf, q, e);
        if (month < 0 || q + 3 >= e || buf[q + 3] != ' ') {
            return -1;
        }
        q += 4;
        while (q < e && buf[q] == ' ') {
            q++;
        }
        q = parseNumber(buf, q, e, 2);
        if (q < 0 || num < 1 || num > 31 || q >= e || buf[q] != ' ') {
            return -1;
        }
        int day = (int) num;
        q = parseClock(buf, q + 1, e);
        if (q < 0 || q >= e || buf[q] != ' ') {
            return -1;
        }
        long secOfDay = num;
        q = parseNumber(buf, q + 1, e, 4);
        if (q < 0 || q >= e || buf[q] != ']') {
            return -1;
        }
        ts = (epochDay((int) num, month + 1, day) * 86_400L + secOfDay) * 1_000_000L;
        precision = TimePrecision.SECOND;
        return q + 1;
    }

    /** "[  T231]" or "[    C0]" (CONFIG_PRINTK_CALLER); returns the index after ']' or -1. */
    private static int parseCaller(byte[] buf, int s, int e) {
        if (s >= e || buf[s] != '[') {
            return -1;
        }
        int q = s + 1;
        while (q < e && buf[q] == ' ') {
            q++;
        }
        if (q >= e || (buf[q] != 'T' && buf[q] != 'C')) {
            return -1;
        }
        q++;
        int d = q;
        while (q < e && isDigit(buf[q])) {
            q++;
        }
        if (q == d || q >= e || buf[q] != ']') {
            return -1;
        }
        return q + 1;
    }

    /** /dev/kmsg: "prio,seq,usec,flags[,more];message". */
    private int parseKmsg(byte[] buf, int s, int e) {
        int q = s;
        int d = q;
        while (q < e && isDigit(buf[q])) {
            q++;
        }
        if (q == d || q - d > 4 || q >= e || buf[q] != ',') {
            return -1;
        }
        q++;
        d = q;
        while (q < e && isDigit(buf[q])) {
            q++;
        }
        if (q == d || q - d > 19 || q >= e || buf[q] != ',') {
            return -1;
        }
        q = parseNumber(buf, q + 1, e, 18);
        if (q < 0 || q >= e || buf[q] != ',') {
            return -1;
        }
        long usec = num;
        q++;
        int limit = Math.min(e, q + 128);
        while (q < limit && buf[q] != ';' && buf[q] != ' ') {
            q++;
        }
        if (q >= limit || buf[q] != ';') {
            return -1;
        }
        ts = usec;
        precision = TimePrecision.US;
        monotonic = true;
        return q + 1;
    }

    /** "2026-11-29T20:25:03[.,frac][Z|+00:00|+0000] " (journal short-iso(-precise), dmesg --time-format iso). */
    private int parseIso(byte[] buf, int s, int e) {
        int q = parseNumber(buf, s, e, 4);
        if (q != s + 4 || q >= e || buf[q] != '-') {
            return -1;
        }
        int year = (int) num;
        q = parseNumber(buf, q + 1, e, 2);
        if (q < 0 || num < 1 || num > 12 || q >= e || buf[q] != '-') {
            return -1;
        }
        int month = (int) num;
        q = parseNumber(buf, q + 1, e, 2);
        if (q < 0 || num < 1 || num > 31 || q >= e || (buf[q] != 'T' && buf[q] != ' ')) {
            return -1;
        }
        int day = (int) num;
        q = parseClock(buf, q + 1, e);
        if (q < 0) {
            return -1;
        }
        long secOfDay = num;
        long fracUs = 0;
        TimePrecision p = TimePrecision.SECOND;
        if (q < e && (buf[q] == '.' || buf[q] == ',')) {
            int f = ++q;
            long frac = 0;
            while (q < e && isDigit(buf[q]) && q - f < 9) {
                frac = frac * 10 + (buf[q++] - '0');
            }
            int digits = q - f;
            if (digits == 0) {
                return -1;
            }
            for (int k = digits; k < 6; k++) {
                frac *= 10;
            }
            for (int k = digits; k > 6; k--) {
                frac /= 10;
            }
            fracUs = frac;
            p = TimePrecision.US;
        }
        long offsetSec = 0;
        if (q < e && buf[q] == 'Z') {
            q++;
        } else if (q < e && (buf[q] == '+' || buf[q] == '-')) {
            int sign = buf[q] == '-' ? -1 : 1;
            q++;
            int hh = q + 2 <= e ? twoDigits(buf, q) : -1;
            q += 2;
            if (q < e && buf[q] == ':') {
                q++;
            }
            int mm = q + 2 <= e ? twoDigits(buf, q) : -1;
            if (hh < 0 || mm < 0) {
                return -1;
            }
            offsetSec = sign * (hh * 3600L + mm * 60L);
            q += 2;
        }
        if (q >= e || buf[q] != ' ') {
            return -1;
        }
        ts = (epochDay(year, month, day) * 86_400L + secOfDay - offsetSec) * 1_000_000L + fracUs;
        precision = p;
        return q + 1;
    }

    /** journalctl short / syslog: "Nov 29 20:25:03 " (no year). */
    private int parseJournalShort(byte[] buf, int s, int e) {
        int month = month(buf, s, e);
        if (month < 0 || s + 3 >= e || buf[s + 3] != ' ') {
            return -1;
        }
        int q = s + 4;
        while (q < e && buf[q] == ' ') {
            q++;
        }
        q = parseNumber(buf, q, e, 2);
        if (q < 0 || num < 1 || num > 31 || q >= e || buf[q] != ' ') {
            return -1;
        }
        int day = (int) num;
        q = parseClock(buf, q + 1, e);
        if (q < 0 || q >= e || buf[q] != ' ') {
            return -1;
        }
        if (journalLastMonth >= 0 && month < journalLastMonth - 6) {
            journalYear++; // December -> January
        }
        journalLastMonth = month;
        ts = (epochDay(journalYear, month + 1, day) * 86_400L + num) * 1_000_000L;
        precision = TimePrecision.SECOND;
        return q + 1;
    }

    /**
     * "host kernel: " at q: returns the index after it, or q when absent. Runs on nearly every line, so the first
     * space is found eight bytes at a time and "kernel: " compared as one long.
     */
    private static int skipJournalHost(byte[] buf, int q, int e) {
        int limit = Math.min(e, q + 65); // a host name has at most 64 bytes
        int i = q;
        int sp = -1;
        while (i + 8 <= limit) {
            long y = (long) LONGS.get(buf, i) ^ SPACES;
            long m = (y - ONES) & ~y & HIGHS;
            if (m != 0) {
                sp = i + (Long.numberOfTrailingZeros(m) >>> 3);
                break;
            }
            i += 8;
        }
        if (sp < 0) {
            for (; i < limit; i++) {
                if (buf[i] == ' ') {
                    sp = i;
                    break;
                }
            }
        }
        if (sp <= q || sp + 1 + 8 > e || (long) LONGS.get(buf, sp + 1) != KERNEL_COLON_LONG) {
            return q;
        }
        for (int k = q; k < sp; k++) {
            if (HOST_STOP[buf[k] & 0xff] != 0) {
                return q;
            }
        }
        return sp + 1 + 8;
    }

    /**
     * The end of a kernel stamp whose start was lost (a console that dropped bytes): "09544][    C0] BUG: ...",
     * "544] usb 1-1: ...": up to 13 digits, dots and spaces with a digit among them, ']', an optional caller id,
     * one space. Returns the message start or -1.
     */
    private static int damagedPrefix(byte[] buf, int s, int e) {
        int q = s;
        boolean digit = false;
        while (q < e && q - s < 13 && (isDigit(buf[q]) || buf[q] == '.' || buf[q] == ' ')) {
            digit |= isDigit(buf[q]);
            q++;
        }
        if (!digit || q >= e || buf[q] != ']') {
            return -1;
        }
        q++;
        int c = parseCaller(buf, q, e);
        if (c > 0) {
            q = c;
        }
        return q + 1 < e && buf[q] == ' ' && buf[q + 1] != ' ' ? q + 1 : -1;
    }

    /** Serial consoles print kernel messages into prompt lines: find a "[ sss.uuuuuu]" after other text. */
    private int findEmbeddedStamp(byte[] buf, int s, int e) {
        for (int i = s + 1; i < e; i++) {
            if (buf[i] == '[') {
                int r = parseMonotonicStamp(buf, i, e);
                if (r > 0) {
                    return afterStamp(buf, r, e);
                }
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------- messages

    private void parseMessage(long line, byte[] buf, int m, int e, int lineStart) {
        if (m < e && MESSAGE_START[buf[m] & 0xff]) {
            switch (buf[m]) {
                case 'D' -> {
                    if (startsWith(buf, m, e, DELAY)) {
                        classicDelay(line, buf, m, e);
                        return;
                    }
                }
                case 'l' -> {
                    if (startsWith(buf, m, e, LATENCY_MON) && latencyMon(line, buf, m, e)) {
                        return;
                    }
                }
                case 'u' -> {
                    if (startsWith(buf, m, e, USB) && usb(line, buf, m, e)) {
                        return;
                    }
                }
                case 'w' -> {
                    if (startsWith(buf, m, e, WORKQUEUE) && workqueueHog(line, buf, m, e)) {
                        return;
                    }
                    if (startsWith(buf, m, e, WQLAB) && wqlabMark(line, buf, m, e)) {
                        return;
                    }
                }
                case 'B' -> {
                    if (startsWith(buf, m, e, BUG_LOCKUP)) {
                        lockup(line, buf, m, e);
                        return;
                    }
                }
                default -> {
                    // context
                }
            }
        }
        sink.raw(line, buf, lineStart, e);
    }

    /** "DELAY: <ms>" from the original module. */
    private void classicDelay(long line, byte[] buf, int m, int e) {
        int q = skipSpaces(buf, m + DELAY.length, e);
        boolean negative = q < e && buf[q] == '-';
        int r = parseNumber(buf, negative ? q + 1 : q, e, 19);
        if (r < 0 || skipSpaces(buf, r, e) != e) {
            anomaly(line, AnomalyKind.MALFORMED_REPORT, buf, m, e);
            return;
        }
        if (negative && num != 0) {
            anomaly(line, AnomalyKind.NEGATIVE_DELAY, buf, m, e);
            return;
        }
        if (num > Integer.MAX_VALUE / 1000) {
            anomaly(line, AnomalyKind.IMPLAUSIBLE_DELAY, buf, m, e);
            return;
        }
        sink.sample(line, ts, precision, (int) num * 1000, -1, -1, true);
    }

    /** Returns false when the line is another latency_mon message (context). */
    private boolean latencyMon(long line, byte[] buf, int m, int e) {
        int q = m + LATENCY_MON.length;
        if (startsWith(buf, q, e, CPU_EQ)) {
            structuredReport(line, buf, m, q, e);
            return true;
        }
        if (startsWith(buf, q, e, START)) {
            moduleStart(line, buf, m, q + START.length, e);
            return true;
        }
        if (startsWith(buf, q, e, STOP) && skipSpaces(buf, q + STOP.length, e) == e) {
            sink.event(new Event(line, ts, precision, EventKind.MODULE_STOP, "", Map.of(), text(buf, m, e)));
            return true;
        }
        return false;
    }

    /** "latency_mon: cpu=<n> seq=<n> delay_us=<signed n>". */
    private void structuredReport(long line, byte[] buf, int m, int q, int e) {
        q = parseNumber(buf, q + CPU_EQ.length, e, 10);
        long cpu = num;
        if (q < 0 || q >= e || buf[q] != ' ' || cpu > SampleStore.MAX_CPU) {
            anomaly(line, AnomalyKind.MALFORMED_REPORT, buf, m, e);
            return;
        }
        q = skipSpaces(buf, q, e);
        if (!startsWith(buf, q, e, SEQ_EQ)) {
            anomaly(line, AnomalyKind.MALFORMED_REPORT, buf, m, e);
            return;
        }
        q = parseNumber(buf, q + SEQ_EQ.length, e, 10);
        long seq = num;
        if (q < 0 || q >= e || buf[q] != ' ' || seq > Integer.MAX_VALUE) {
            anomaly(line, AnomalyKind.MALFORMED_REPORT, buf, m, e);
            return;
        }
        q = skipSpaces(buf, q, e);
        if (!startsWith(buf, q, e, DELAY_US_EQ)) {
            anomaly(line, AnomalyKind.MALFORMED_REPORT, buf, m, e);
            return;
        }
        q += DELAY_US_EQ.length;
        boolean negative = q < e && buf[q] == '-';
        q = parseNumber(buf, negative ? q + 1 : q, e, 19);
        if (q < 0 || skipSpaces(buf, q, e) != e) {
            anomaly(line, AnomalyKind.MALFORMED_REPORT, buf, m, e);
            return;
        }
        long delay = negative ? -num : num;
        if (delay > Integer.MAX_VALUE || delay < Integer.MIN_VALUE) {
            anomaly(line, AnomalyKind.IMPLAUSIBLE_DELAY, buf, m, e);
            return;
        }
        sink.sample(line, ts, precision, (int) delay, (int) cpu, (int) seq, false);
    }

    /** "latency_mon: start cpu=<n|all> period_ms=<n> threshold_ms=<n> report_all=<0|1>". */
    private void moduleStart(long line, byte[] buf, int m, int q, int e) {
        Map<String, String> fields = new LinkedHashMap<>();
        String rest = text(buf, q, e).trim();
        boolean ok = !rest.isEmpty();
        for (String token : rest.isEmpty() ? new String[0] : rest.split(" +")) {
            int eq = token.indexOf('=');
            if (eq <= 0 || eq == token.length() - 1 || fields.put(token.substring(0, eq),
                    token.substring(eq + 1)) != null) {
                ok = false;
            }
        }
        ok = ok && fields.keySet().containsAll(START_KEYS) && validStartValues(fields);
        if (!ok) {
            anomaly(line, AnomalyKind.MALFORMED_REPORT, buf, m, e);
            return;
        }
        sink.event(new Event(line, ts, precision, EventKind.MODULE_START, fields.get("cpu"), fields,
                text(buf, m, e)));
    }

    private static boolean validStartValues(Map<String, String> f) {
        String cpu = f.get("cpu");
        return (cpu.equals("all") || isSmallNumber(cpu, 5)) && isSmallNumber(f.get("period_ms"), 9)
                && isSmallNumber(f.get("threshold_ms"), 9)
                && (f.get("report_all").equals("0") || f.get("report_all").equals("1"));
    }

    private static boolean isSmallNumber(String s, int maxDigits) {
        if (s.isEmpty() || s.length() > maxDigits) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** "usb 2-1: USB disconnect, device number 3" and "usb 2-1: new high-speed USB device number 4 using ...". */
    private boolean usb(long line, byte[] buf, int m, int e) {
        int q = m + USB.length;
        int d = q;
        while (q < e && buf[q] != ':' && buf[q] != ' ') {
            q++;
        }
        if (q == d || q + 1 >= e || buf[q] != ':' || buf[q + 1] != ' ') {
            return false;
        }
        String device = text(buf, d, q);
        q += 2;
        if (startsWith(buf, q, e, USB_DISCONNECT)) {
            int r = parseNumber(buf, q + USB_DISCONNECT.length, e, 6);
            if (r < 0 || skipSpaces(buf, r, e) != e) {
                return false;
            }
            sink.event(new Event(line, ts, precision, isRootHub(device) ? EventKind.USB_ROOT_HUB_DISCONNECT
                    : EventKind.USB_DISCONNECT, device, Map.of("device_number", Long.toString(num)),
                    text(buf, m, e)));
            return true;
        }
        if (startsWith(buf, q, e, NEW)) {
            int at = indexOf(buf, q + NEW.length, e, USB_DEVICE_NUMBER);
            if (at < 0) {
                return false;
            }
            int r = parseNumber(buf, at + USB_DEVICE_NUMBER.length, e, 6);
            if (r < 0 || (r < e && buf[r] != ' ')) {
                return false;
            }
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put("device_number", Long.toString(num));
            String speed = text(buf, q + NEW.length, at).trim();
            if (!speed.isEmpty()) {
                fields.put("speed", speed);
            }
            sink.event(new Event(line, ts, precision, EventKind.USB_CONNECT, device, fields, text(buf, m, e)));
            return true;
        }
        return false;
    }

    /** "usb3": the kernel names a root hub usbN, a device behind one BUS-PORT[.PORT...]. */
    private static boolean isRootHub(String device) {
        if (!device.startsWith("usb") || device.length() == 3) {
            return false;
        }
        for (int i = 3; i < device.length(); i++) {
            if (device.charAt(i) < '0' || device.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** "workqueue: <func> hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND". */
    private boolean workqueueHog(long line, byte[] buf, int m, int e) {
        int f = m + WORKQUEUE.length;
        int at = indexOf(buf, f, e, HOGGED);
        if (at <= f) {
            return false;
        }
        int q = parseNumber(buf, at + HOGGED.length, e, 18);
        if (q < 0 || q + 3 > e || buf[q] != 'u' || buf[q + 1] != 's' || buf[q + 2] != ' ') {
            return false;
        }
        long thresholdUs = num;
        q = parseNumber(buf, q + 3, e, 18);
        if (q < 0 || !startsWith(buf, q, e, TIME)) {
            return false;
        }
        String function = text(buf, f, at);
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("threshold_us", Long.toString(thresholdUs));
        fields.put("times", Long.toString(num));
        // the kernel's count is a running total printed with back-off (4, 8, 16 ...): what happened since the last
        Long before = hogTimes.put(function, num);
        fields.put("times_since_previous", Long.toString(before == null || before > num ? num : num - before));
        sink.event(new Event(line, ts, precision, EventKind.WORKQUEUE_HOG, function, fields, text(buf, m, e)));
        return true;
    }

    /** "BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 42s!". */
    /**
     * "wqlab: mark LABEL" and "wqlab: step N TYPE LABEL", the lines a run writes for its mark steps and at every
     * step: a {@link EventKind#MARK} whose subject is the label, or "step N TYPE LABEL". Nothing else a run writes
     * (its start marker, the cached size) is an event.
     */
    private boolean wqlabMark(long line, byte[] buf, int m, int e) {
        int q = m + WQLAB.length;
        String subject;
        if (startsWith(buf, q, e, WQLAB_MARK)) {
            subject = text(buf, q + WQLAB_MARK.length, e);
        } else if (startsWith(buf, q, e, WQLAB_STEP)) {
            subject = text(buf, q, e);
        } else {
            return false;
        }
        sink.event(new Event(line, ts, precision, EventKind.MARK, subject.strip(), Map.of(), text(buf, m, e)));
        return true;
    }

    private void lockup(long line, byte[] buf, int m, int e) {
        String message = text(buf, m, e);
        String subject = "";
        int pool = message.indexOf("pool ");
        int stuck = message.indexOf(" stuck for ");
        if (pool >= 0) {
            subject = message.substring(pool + 5, stuck >= pool + 5 ? stuck : message.length()).trim();
        }
        Map<String, String> fields = new LinkedHashMap<>();
        int at = indexOf(buf, m, e, STUCK_FOR);
        if (at >= 0 && parseNumber(buf, at + STUCK_FOR.length, e, 9) > 0) {
            fields.put("stuck_s", Long.toString(num));
        }
        for (String pair : subject.split(" ")) { // cpus=0 node=0 flags=0x0 nice=0 (an unbound pool: no node)
            int eq = pair.indexOf('=');
            if (eq > 0 && eq < pair.length() - 1 && POOL_KEYS.contains(pair.substring(0, eq))) {
                fields.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        sink.event(new Event(line, ts, precision, EventKind.WORKQUEUE_LOCKUP, subject, fields, message));
    }

    private void anomaly(long line, AnomalyKind kind, byte[] buf, int m, int e) {
        sink.anomaly(new Anomaly(line, ts, precision, kind, text(buf, m, e)));
    }

    // ---------------------------------------------------------------- byte helpers

    /** Parses up to maxDigits decimal digits into {@link #num}; returns the index after them or -1 if none. */
    private int parseNumber(byte[] buf, int q, int e, int maxDigits) {
        long v = 0;
        int d = q;
        while (q < e && isDigit(buf[q])) {
            if (q - d >= maxDigits) {
                return -1;
            }
            v = v * 10 + (buf[q++] - '0');
        }
        if (q == d) {
            return -1;
        }
        num = v;
        return q;
    }

    /** "HH:MM:SS" into {@link #num} as seconds of the day. */
    private int parseClock(byte[] buf, int q, int e) {
        if (q + 8 > e || buf[q + 2] != ':' || buf[q + 5] != ':') {
            return -1;
        }
        int h = twoDigits(buf, q);
        int mi = twoDigits(buf, q + 3);
        int se = twoDigits(buf, q + 6);
        if (h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 60) {
            return -1;
        }
        num = h * 3600L + mi * 60L + se;
        return q + 8;
    }

    private static int twoDigits(byte[] buf, int q) {
        if (!isDigit(buf[q]) || !isDigit(buf[q + 1])) {
            return -1;
        }
        return (buf[q] - '0') * 10 + (buf[q + 1] - '0');
    }

    private static int month(byte[] buf, int q, int e) {
        if (q + 3 > e) {
            return -1;
        }
        for (int i = 0; i < 12; i++) {
            byte[] name = MONTHS[i];
            if (buf[q] == name[0] && buf[q + 1] == name[1] && buf[q + 2] == name[2]) {
                return i;
            }
        }
        return -1;
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
    static long epochDay(int year, int month, int day) {
        int y = month <= 2 ? year - 1 : year;
        int era = Math.floorDiv(y, 400);
        int yoe = y - era * 400;
        int mp = (month + 9) % 12;
        int doy = (153 * mp + 2) / 5 + day - 1;
        int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146_097L + doe - 719_468L;
    }

    private static int skipSpaces(byte[] buf, int q, int e) {
        while (q < e && (buf[q] == ' ' || buf[q] == '\t')) {
            q++;
        }
        return q;
    }

    private static boolean startsWith(byte[] buf, int q, int e, byte[] p) {
        if (q < 0 || e - q < p.length) {
            return false;
        }
        for (int i = 0; i < p.length; i++) {
            if (buf[q + i] != p[i]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] buf, int q, int e, byte[] p) {
        for (int i = q; i <= e - p.length; i++) {
            if (buf[i] == p[0] && startsWith(buf, i, e, p)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    private static boolean isLetter(byte b) {
        return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
    }

    private static String text(byte[] buf, int from, int to) {
        return new String(buf, from, to - from, StandardCharsets.UTF_8);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
