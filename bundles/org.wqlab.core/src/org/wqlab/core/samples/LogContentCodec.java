package org.wqlab.core.samples;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * lines, cpus with flags; little-endian, so reading them is a bulk copy), then the events and anomalies. Read back, it
 * is equal to what was written.
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
        out.putLongs(s.timestampColumn(), n);
        out.putInts(s.delayColumn(), n);
        out.putInts(s.seqColumn(), n);
        out.putInts(s.lineColumn(), n);
        out.putChars(s.cpuFlagColumn(), n);
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
     * whole (cut short, a count or an enum value out of range, bytes left over) is an {@link IOException}.
     */
    public static LogContent read(ByteBuffer in) throws IOException {
        in.order(ByteOrder.LITTLE_ENDIAN);
        try {
            long totalLines = in.getLong();
            long rawLines = in.getLong();
            int n = count(in, SampleStore.BYTES_PER_SAMPLE);
            long[] ts = new long[n];
            int[] delays = new int[n];
            int[] seq = new int[n];
            int[] line = new int[n];
            char[] cpuFlags = new char[n];
            in.asLongBuffer().get(ts);
            in.position(in.position() + n * 8);
            in.asIntBuffer().get(delays);
            in.position(in.position() + n * 4);
            in.asIntBuffer().get(seq);
            in.position(in.position() + n * 4);
            in.asIntBuffer().get(line);
            in.position(in.position() + n * 4);
            in.asCharBuffer().get(cpuFlags);
            in.position(in.position() + n * 2);
            for (char v : cpuFlags) {
                if (!SampleStore.validCpuFlags(v)) {
                    throw new IOException("a sample's cpu or time precision is out of range");
                }
            }
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
            if (in.hasRemaining()) {
                throw new IOException(in.remaining() + " bytes after the content");
            }
            return new LogContent(new SampleStore(ts, delays, seq, line, cpuFlags, n), events, anomalies,
                    rawLines, totalLines);
        } catch (RuntimeException e) { // underflow, a negative or out-of-range value
            throw new IOException("cannot be read back: " + e, e);
        }
    }

    /** A count of items of at least {@code minBytes} each, checked against what is left to read. */
    private static int count(ByteBuffer in, int minBytes) throws IOException {
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
