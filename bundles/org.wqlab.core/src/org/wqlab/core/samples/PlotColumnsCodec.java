package org.wqlab.core.samples;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link PlotColumns} as bytes: the scalars, then per CPU its number, its sample count and its six columns one after
 * the other (little-endian). Read from a direct buffer (a mapped file) the columns are views of it, so its bytes must
 * not change while they are used; from a heap buffer they are copied.
 */
public final class PlotColumnsCodec {

    /** Each sample has a time and a delay. */
    private static final int SAMPLE_BYTES = 8 + 4;

    private PlotColumnsCodec() {
    }

    public static void write(PlotColumns p, BinaryOut out) throws IOException {
        out.putByte(p.timed() ? 1 : 0);
        out.putLong(p.oldestUs());
        out.putLong(p.newestUs());
        out.putInt(p.maxDelayUs());
        out.putLong(p.worstTimeUs());
        out.putLong(p.count());
        out.putInt(p.cpus().size());
        for (CpuColumns c : p.cpus()) {
            out.putInt(c.cpu());
            out.putInt(c.size());
            out.putLongs(c.times());
            out.putInts(c.delays());
            out.putLongs(c.blockMinTimes());
            out.putInts(c.blockMins());
            out.putLongs(c.blockMaxTimes());
            out.putInts(c.blockMaxes());
        }
    }

    /**
     * Reads what {@link #write} wrote from {@code in}'s position, leaving it after; anything that does not read back
     * whole (cut short, a count out of range, CPUs whose samples do not add up) is an {@link IOException}.
     */
    public static PlotColumns readFrom(ByteBuffer in) throws IOException {
        in.order(ByteOrder.LITTLE_ENDIAN);
        try {
            int timedByte = in.get();
            if (timedByte != 0 && timedByte != 1) {
                throw new IOException("a flag of " + timedByte);
            }
            long oldest = in.getLong();
            long newest = in.getLong();
            int max = in.getInt();
            long worstAt = in.getLong();
            long count = in.getLong();
            int cpuCount = LogContentCodec.count(in, 8);
            List<CpuColumns> cpus = new ArrayList<>(cpuCount);
            long total = 0;
            int previousCpu = Integer.MIN_VALUE;
            for (int k = 0; k < cpuCount; k++) {
                int cpu = in.getInt();
                if (cpu < -1 || cpu > SampleStore.MAX_CPU || cpu <= previousCpu) {
                    throw new IOException("CPU " + cpu + " out of range or order");
                }
                previousCpu = cpu;
                int n = LogContentCodec.count(in, SAMPLE_BYTES);
                int blocks = CpuColumns.blocks(n);
                total += n;
                cpus.add(new CpuColumns(cpu, longs(in, n), ints(in, n), longs(in, blocks), ints(in, blocks),
                        longs(in, blocks), ints(in, blocks)));
            }
            if (total != count) {
                throw new IOException(total + " samples in the CPUs' columns, " + count + " in all");
            }
            return new PlotColumns(cpus, timedByte == 1, oldest, newest, max, worstAt, count);
        } catch (RuntimeException e) { // underflow, a negative count
            throw new IOException("plot columns cannot be read back: " + e, e);
        }
    }

    private static LongBuffer longs(ByteBuffer in, int n) {
        LongBuffer view = LogContentCodec.column(in, n, 8).asLongBuffer();
        if (in.isDirect()) {
            return view;
        }
        long[] a = new long[n];
        view.get(a);
        return LongBuffer.wrap(a);
    }

    private static IntBuffer ints(ByteBuffer in, int n) {
        IntBuffer view = LogContentCodec.column(in, n, 4).asIntBuffer();
        if (in.isDirect()) {
            return view;
        }
        int[] a = new int[n];
        view.get(a);
        return IntBuffer.wrap(a);
    }
}
