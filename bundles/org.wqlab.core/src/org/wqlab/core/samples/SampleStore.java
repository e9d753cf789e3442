package org.wqlab.core.samples;

import java.util.Arrays;

import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.Sample;
import org.wqlab.core.model.TimePrecision;

/**
 * Latency samples in parallel primitive arrays (23 bytes per sample: timestamp 8, delay 4, seq 4, line 4, cpu 2,
 * flags 1), growable, in arrival (= log line) order. {@link #trimToSize} drops the growth slack once loaded, so a
 * loaded store retains exactly {@link #BYTES_PER_SAMPLE} bytes of heap per sample. Not thread-safe: one writer;
 * readers after writing.
 */
public final class SampleStore {

    /** Bytes of array storage per sample. */
    public static final int BYTES_PER_SAMPLE = 8 + 4 + 4 + 4 + 2 + 1;

    private static final int PRECISION_MASK = 0x3;
    private static final int CLASSIC_BIT = 0x4;

    private long[] timestampUs;
    private int[] delayUs;
    private int[] seq;
    private int[] line;
    private short[] cpu;
    private byte[] flags;
    private int size;

    public SampleStore() {
        this(1024);
    }

    public SampleStore(int initialCapacity) {
        int c = Math.max(16, initialCapacity);
        timestampUs = new long[c];
        delayUs = new int[c];
        seq = new int[c];
        line = new int[c];
        cpu = new short[c];
        flags = new byte[c];
    }

    /** A loaded store over these columns (all at least {@code size} long), as {@link LogContentCodec} reads it. */
    SampleStore(long[] timestampUs, int[] delayUs, int[] seq, int[] line, short[] cpu, byte[] flags, int size) {
        this.timestampUs = timestampUs;
        this.delayUs = delayUs;
        this.seq = seq;
        this.line = line;
        this.cpu = cpu;
        this.flags = flags;
        this.size = size;
    }

    /** Shrinks the columns to the samples held (after a load, so the growth slack is not retained). */
    public void trimToSize() {
        if (timestampUs.length == size) {
            return;
        }
        timestampUs = Arrays.copyOf(timestampUs, size);
        delayUs = Arrays.copyOf(delayUs, size);
        seq = Arrays.copyOf(seq, size);
        line = Arrays.copyOf(line, size);
        cpu = Arrays.copyOf(cpu, size);
        flags = Arrays.copyOf(flags, size);
    }

    /** Bytes of heap the columns hold now (capacity, not size; array headers not counted). */
    public long capacityBytes() {
        return (long) timestampUs.length * BYTES_PER_SAMPLE;
    }

    long[] timestampColumn() {
        return timestampUs;
    }

    int[] delayColumn() {
        return delayUs;
    }

    int[] seqColumn() {
        return seq;
    }

    int[] lineColumn() {
        return line;
    }

    short[] cpuColumn() {
        return cpu;
    }

    byte[] flagColumn() {
        return flags;
    }

    /**
     * Appends one sample. {@code cpu} and {@code seqNo} may be {@link Sample#UNKNOWN}; {@code cpu} must fit in a
     * short and {@code lineNo} in an int (the parser turns anything else into an anomaly).
     */
    public void add(long lineNo, long tsUs, TimePrecision precision, int delay, int cpuNo, int seqNo,
            boolean classic) {
        if (lineNo < 0 || lineNo > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("line number out of range: " + lineNo);
        }
        if (cpuNo < -1 || cpuNo > Short.MAX_VALUE) {
            throw new IllegalArgumentException("cpu out of range: " + cpuNo);
        }
        if (size == timestampUs.length) {
            grow();
        }
        int i = size++;
        timestampUs[i] = tsUs;
        delayUs[i] = delay;
        seq[i] = seqNo;
        line[i] = (int) lineNo;
        cpu[i] = (short) cpuNo;
        flags[i] = (byte) (precision.ordinal() | (classic ? CLASSIC_BIT : 0));
    }

    public void add(Sample s) {
        add(s.line(), s.timestampUs(), s.precision(), s.delayUs(), s.cpu(), s.seq(), s.classic());
    }

    private void grow() {
        int c = timestampUs.length;
        int n = c + (c >> 1) + 16;
        timestampUs = Arrays.copyOf(timestampUs, n);
        delayUs = Arrays.copyOf(delayUs, n);
        seq = Arrays.copyOf(seq, n);
        line = Arrays.copyOf(line, n);
        cpu = Arrays.copyOf(cpu, n);
        flags = Arrays.copyOf(flags, n);
    }

    public int size() {
        return size;
    }

    public long timestampUs(int i) {
        check(i);
        return timestampUs[i];
    }

    public boolean hasTimestamp(int i) {
        return timestampUs(i) != LogEntry.NO_TIME;
    }

    public int delayUs(int i) {
        check(i);
        return delayUs[i];
    }

    public int cpu(int i) {
        check(i);
        return cpu[i];
    }

    public int seq(int i) {
        check(i);
        return seq[i];
    }

    public long line(int i) {
        check(i);
        return line[i];
    }

    public TimePrecision precision(int i) {
        check(i);
        return TimePrecision.ofOrdinal(flags[i] & PRECISION_MASK);
    }

    public boolean classic(int i) {
        check(i);
        return (flags[i] & CLASSIC_BIT) != 0;
    }

    /** The sample at {@code i} as a record (allocates; for tests, export and small views). */
    public Sample get(int i) {
        return new Sample(line(i), timestampUs[i], precision(i), delayUs[i], cpu[i], seq[i], classic(i));
    }

    /** A copy of all delays, in order. */
    public int[] delays() {
        return Arrays.copyOf(delayUs, size);
    }

    /** The distinct CPUs that have samples, ascending; {@link Sample#UNKNOWN} (-1) first when present. */
    public int[] cpus() {
        boolean[] seen = new boolean[Short.MAX_VALUE + 2];
        int distinct = 0;
        for (int i = 0; i < size; i++) {
            int k = cpu[i] + 1;
            if (!seen[k]) {
                seen[k] = true;
                distinct++;
            }
        }
        int[] out = new int[distinct];
        int j = 0;
        for (int k = 0; k < seen.length && j < distinct; k++) {
            if (seen[k]) {
                out[j++] = k - 1;
            }
        }
        return out;
    }

    /** Indices of the samples of one CPU (use {@link Sample#UNKNOWN} for samples without a CPU), in order. */
    public int[] indicesOfCpu(int cpuNo) {
        int n = 0;
        for (int i = 0; i < size; i++) {
            if (cpu[i] == cpuNo) {
                n++;
            }
        }
        int[] out = new int[n];
        int j = 0;
        for (int i = 0; i < size && j < n; i++) {
            if (cpu[i] == cpuNo) {
                out[j++] = i;
            }
        }
        return out;
    }

    /** Delays of one CPU, in order. */
    public int[] delaysOfCpu(int cpuNo) {
        int[] idx = indicesOfCpu(cpuNo);
        int[] out = new int[idx.length];
        for (int j = 0; j < idx.length; j++) {
            out[j] = delayUs[idx[j]];
        }
        return out;
    }

    /** First index whose line number is greater than {@code lineNo} (lines ascend with the index). */
    public int firstIndexAfterLine(long lineNo) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (line[mid] <= lineNo) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void check(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof SampleStore other) || other.size != size) {
            return false;
        }
        return Arrays.equals(timestampUs, 0, size, other.timestampUs, 0, size)
                && Arrays.equals(delayUs, 0, size, other.delayUs, 0, size)
                && Arrays.equals(seq, 0, size, other.seq, 0, size)
                && Arrays.equals(line, 0, size, other.line, 0, size)
                && Arrays.equals(cpu, 0, size, other.cpu, 0, size)
                && Arrays.equals(flags, 0, size, other.flags, 0, size);
    }

    @Override
    public int hashCode() {
        int h = size;
        for (int i = 0; i < size; i++) {
            h = 31 * h + Long.hashCode(timestampUs[i]) * 17 + delayUs[i];
        }
        return h;
    }

    @Override
    public String toString() {
        return "SampleStore[" + size + " samples]";
    }
}
