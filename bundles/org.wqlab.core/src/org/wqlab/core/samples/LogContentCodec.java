package org.wqlab.core.samples;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.AnomalyKind;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.TimePrecision;

/**
 * {@link LogContent} as bytes: the line counts, the sample columns one after the other (timestamps, delays, seq,
 * lines, cpus with flags; little-endian, so reading them is a bulk copy, or no copy at all from a direct buffer),
 * then the events and anomalies. Read back, it is equal to what was written.
 */
public final class LogContentCodec {

    private static final TimePrecision[] PRECISIONS = TimePrecision.values();
    private static final EventKind[] EVENT_KINDS = EventKind.values();
    private static final AnomalyKind[] ANOMALY_KINDS = AnomalyKind.values();

    private LogContentCodec() {
    }

    public static void write(LogContent content, BinaryOut out) throws IOException {
        out.putLong(content.totalLines());
        out.putLong(content.rawLines());
        SampleStore s = content.samples();
        int n = s.size();
        out.putInt(n);
        out.putLongs(s.timestampColumn());
        out.putInts(s.delayColumn());
        out.putInts(s.seqColumn());
        out.putInts(s.lineColumn());
        out.putChars(s.cpuFlagColumn());
        out.putInt(content.events().size());
        for (Event e : content.events()) {
            out.putLong(e.line());
            out.putLong(e.timestampUs());
            out.putByte(e.precision().ordinal());
            out.putByte(e.kind().ordinal());
            out.putString(e.subject());
            out.putInt(e.fields().size());
            for (Map.Entry<String, String> f : e.fields().entrySet()) {
                out.putString(f.getKey());
                out.putString(f.getValue());
            }
            out.putString(e.message());
        }
        out.putInt(content.anomalies().size());
        for (Anomaly a : content.anomalies()) {
            out.putLong(a.line());
            out.putLong(a.timestampUs());
            out.putByte(a.precision().ordinal());
            out.putByte(a.kind().ordinal());
            out.putString(a.message());
        }
    }

    /**
     * Reads what {@link #write} wrote from {@code in}'s position to its limit; anything that does not read back
     * whole (cut short, a count or an enum value out of range, bytes left over) is an {@link IOException}. From a
     * direct buffer (a mapped file) the samples are views of it, so its bytes must not change while they are used;
     * from a heap buffer they are copied.
     */
    public static LogContent read(ByteBuffer in) throws IOException {
        LogContent content = readFrom(in);
        if (in.hasRemaining()) {
            throw new IOException(in.remaining() + " bytes after the content");
        }
        return content;
    }

    /** As {@link #read}, leaving {@code in} just after the content (what follows is the caller's). */
    public static LogContent readFrom(ByteBuffer in) throws IOException {
        in.order(ByteOrder.LITTLE_ENDIAN);
        try {
            long totalLines = in.getLong();
            long rawLines = in.getLong();
            int n = count(in, SampleStore.BYTES_PER_SAMPLE);
            SampleStore samples = in.isDirect() ? mapped(in, n) : copied(in, n);
            int eventCount = count(in, 18);
            List<Event> events = new ArrayList<>(eventCount);
            for (int i = 0; i < eventCount; i++) {
                long l = in.getLong();
                long t = in.getLong();
                TimePrecision p = PRECISIONS[in.get()];
                EventKind kind = EVENT_KINDS[in.get()];
                String subject = string(in);
                int fieldCount = count(in, 8);
                Map<String, String> fields = new LinkedHashMap<>();
                for (int j = 0; j < fieldCount; j++) {
                    fields.put(string(in), string(in));
                }
                events.add(new Event(l, t, p, kind, subject, fields, string(in)));
            }
            int anomalyCount = count(in, 18);
            List<Anomaly> anomalies = new ArrayList<>(anomalyCount);
            for (int i = 0; i < anomalyCount; i++) {
                long l = in.getLong();
                long t = in.getLong();
                TimePrecision p = PRECISIONS[in.get()];
                AnomalyKind kind = ANOMALY_KINDS[in.get()];
                anomalies.add(new Anomaly(l, t, p, kind, string(in)));
            }
            return new LogContent(samples, events, anomalies,
                    rawLines, totalLines);
        } catch (RuntimeException e) { // underflow, a negative or out-of-range value
            throw new IOException("cannot be read back: " + e, e);
        }
    }

    /**
     * The columns as views of {@code in} (a memory-mapped cache: nothing is copied, the pages are read when used),
     * after checking every cpu-and-flags value.
     */
    private static SampleStore mapped(ByteBuffer in, int n) throws IOException {
        var columns = new SampleStore.MappedColumns(
                column(in, n, 8).asLongBuffer(), column(in, n, 4).asIntBuffer(), column(in, n, 4).asIntBuffer(),
                column(in, n, 4).asIntBuffer(), column(in, n, 2).asCharBuffer());
        CharBuffer flags = columns.cpuFlags();
        for (int i = 0; i < n; i++) {
            if (!SampleStore.validCpuFlags(flags.get(i))) {
                throw new IOException("a sample's cpu or time precision is out of range");
            }
        }
        return new SampleStore(columns, n);
    }

    /** The next {@code n} values of {@code width} bytes as a little-endian slice; {@code in} moves past them. */
    static ByteBuffer column(ByteBuffer in, int n, int width) {
        ByteBuffer c = in.slice(in.position(), n * width).order(ByteOrder.LITTLE_ENDIAN);
        in.position(in.position() + n * width);
        return c;
    }

    /** The columns copied into arrays. */
    private static SampleStore copied(ByteBuffer in, int n) throws IOException {
        long[] ts = new long[n];
        int[] delays = new int[n];
        int[] seq = new int[n];
        int[] line = new int[n];
        char[] cpuFlags = new char[n];
        column(in, n, 8).asLongBuffer().get(ts);
        column(in, n, 4).asIntBuffer().get(delays);
        column(in, n, 4).asIntBuffer().get(seq);
        column(in, n, 4).asIntBuffer().get(line);
        column(in, n, 2).asCharBuffer().get(cpuFlags);
        for (char v : cpuFlags) {
            if (!SampleStore.validCpuFlags(v)) {
                throw new IOException("a sample's cpu or time precision is out of range");
            }
        }
        return new SampleStore(ts, delays, seq, line, cpuFlags, n);
    }

    /** A count of items of at least {@code minBytes} each, checked against what is left to read. */
    static int count(ByteBuffer in, int minBytes) throws IOException {
        int n = in.getInt();
        if (n < 0 || (long) n * minBytes > in.remaining()) {
            throw new IOException("a count of " + n + " does not fit in the " + in.remaining() + " bytes left");
        }
        return n;
    }

    private static String string(ByteBuffer in) throws IOException {
        int n = count(in, 1);
        byte[] b = new byte[n];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
