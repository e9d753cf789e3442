package org.wqlab.core.stats;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.samples.BinaryOut;

/** {@link Statistics} as little-endian primitives; read back, equal to what was written. */
public final class StatisticsCodec {

    private static final int MAX_STRING = 1 << 16;

    private StatisticsCodec() {
    }

    public static void write(Statistics s, BinaryOut out) throws IOException {
        out.putLong(s.count());
        out.putLong(s.minUs());
        out.putLong(s.maxUs());
        out.putLong(Double.doubleToRawLongBits(s.meanUs()));
        out.putLong(s.p50Us());
        out.putLong(s.p90Us());
        out.putLong(s.p99Us());
        out.putLong(s.p999Us());
        out.putByte((s.lateRunsOnly() ? 1 : 0) | (s.thresholdFromLog() ? 2 : 0));
        out.putLong(s.thresholdUs());
        out.putInt(s.histogram().size());
        for (HistogramBin b : s.histogram()) {
            out.putLong(b.fromUs());
            out.putLong(b.toUs());
            out.putLong(b.count());
        }
        out.putLong(s.lostReports());
        out.putInt(s.disconnects().size());
        for (DisconnectImpact d : s.disconnects()) {
            out.putLong(d.line());
            out.putLong(d.timestampUs());
            out.putString(d.device());
            out.putLong(d.windowEndUs());
            out.putByte(d.worstDelayUs() == null ? 0 : 1);
            out.putInt(d.worstDelayUs() == null ? 0 : d.worstDelayUs());
            out.putLong(d.worstLine());
            out.putByte(d.recoveryUs() == null ? 0 : 1);
            out.putLong(d.recoveryUs() == null ? 0 : d.recoveryUs());
            out.putString(d.recoveryBasis());
        }
    }

    /** Reads what {@link #write} wrote from {@code in}'s position, leaving it after; a bad value is an IOException. */
    public static Statistics readFrom(ByteBuffer in) throws IOException {
        in.order(ByteOrder.LITTLE_ENDIAN);
        try {
            long count = in.getLong();
            long min = in.getLong();
            long max = in.getLong();
            double mean = Double.longBitsToDouble(in.getLong());
            long p50 = in.getLong();
            long p90 = in.getLong();
            long p99 = in.getLong();
            long p999 = in.getLong();
            int flags = in.get();
            if ((flags & ~3) != 0) {
                throw new IOException("statistics flags " + flags);
            }
            long threshold = in.getLong();
            int bins = count(in, 24);
            List<HistogramBin> histogram = new ArrayList<>(bins);
            for (int i = 0; i < bins; i++) {
                histogram.add(new HistogramBin(in.getLong(), in.getLong(), in.getLong()));
            }
            long lost = in.getLong();
            int disconnects = count(in, 54);
            List<DisconnectImpact> impacts = new ArrayList<>(disconnects);
            for (int i = 0; i < disconnects; i++) {
                long line = in.getLong();
                long t = in.getLong();
                String device = string(in);
                long windowEnd = in.getLong();
                Integer worst = nullableInt(in);
                long worstLine = in.getLong();
                Long recovery = nullableLong(in);
                impacts.add(new DisconnectImpact(line, t, device, windowEnd, worst, worstLine, recovery, string(in)));
            }
            return new Statistics(count, min, max, mean, p50, p90, p99, p999, (flags & 1) != 0, threshold,
                    (flags & 2) != 0, histogram, lost, impacts);
        } catch (RuntimeException e) { // underflow
            throw new IOException("statistics cannot be read back: " + e, e);
        }
    }

    private static boolean flag(ByteBuffer in) throws IOException {
        int b = in.get();
        if (b != 0 && b != 1) {
            throw new IOException("a flag of " + b);
        }
        return b == 1;
    }

    /** A flag, then the value (written as 0 when absent). */
    private static Integer nullableInt(ByteBuffer in) throws IOException {
        boolean present = flag(in);
        int v = in.getInt();
        return present ? Integer.valueOf(v) : null;
    }

    private static Long nullableLong(ByteBuffer in) throws IOException {
        boolean present = flag(in);
        long v = in.getLong();
        return present ? Long.valueOf(v) : null;
    }

    private static int count(ByteBuffer in, int minBytes) throws IOException {
        int n = in.getInt();
        if (n < 0 || (long) n * minBytes > in.remaining()) {
            throw new IOException("a count of " + n + " does not fit in the " + in.remaining() + " bytes left");
        }
        return n;
    }

    private static String string(ByteBuffer in) throws IOException {
        int n = in.getInt();
        if (n < 0 || n > MAX_STRING || n > in.remaining()) {
            throw new IOException("a string of " + n + " bytes");
        }
        byte[] b = new byte[n];
        in.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
