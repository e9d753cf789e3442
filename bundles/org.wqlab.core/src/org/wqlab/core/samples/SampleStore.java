package org.wqlab.core.samples;

import java.nio.CharBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;

import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.Sample;
import org.wqlab.core.model.TimePrecision;

/**
 * Latency samples in parallel primitive columns (22 bytes per sample: timestamp 8, delay 4, seq 4, line 4, and 2 for
 * the cpu with the precision and classic flags in its low three bits), in arrival (= log line) order. A store that is
 * filled sample by sample holds them in growable arrays; {@link #trimToSize} drops the growth slack once loaded, so
 * such a store retains exactly {@link #BYTES_PER_SAMPLE} bytes of heap per sample. A store read from a
 * {@code samples.cache} is backed by read-only views of the memory-mapped file instead ({@link #isMapped}), which
 * retain no heap per sample; adding to it copies its columns into arrays first. Not thread-safe: one writer;
 * readers after writing.
 */
public final class SampleStore {

    /** Bytes of array storage per sample. */
    public static final int BYTES_PER_SAMPLE = 8 + 4 + 4 + 4 + 2;

    /** The largest CPU number a sample may have (13 bits hold it plus one, so that -1 fits too). */
    public static final int MAX_CPU = (1 << 13) - 2;

    private static final int PRECISION_MASK = 0x3;
    private static final int CLASSIC_BIT = 0x4;
    private static final int CPU_SHIFT = 3;

    // heap columns, or null when the store is mapped
    private long[] timestampUs;
    private int[] delayUs;
    private int[] seq;
    private int[] line;
    /** (cpu + 1) << 3 | classic << 2 | precision, unsigned. */
    private char[] cpuFlags;
    private int size;
    /** The mapped columns (each exactly {@link #size} long), or null when the store is on the heap. */
    private MappedColumns mapped;

    /** Read-only views of a mapped file, little-endian, indexed from 0. */
    record MappedColumns(LongBuffer timestampUs, IntBuffer delayUs, IntBuffer seq, IntBuffer line,
            CharBuffer cpuFlags) {
    }

    public SampleStore() {
        this(1024);
    }

    public SampleStore(int initialCapacity) {
        int c = Math.max(16, initialCapacity);
        timestampUs = new long[c];
        delayUs = new int[c];
        seq = new int[c];
        line = new int[c];
        cpuFlags = new char[c];
    }

    /** A loaded store over these columns (all at least {@code size} long), as {@link LogContentCodec} reads it. */
    SampleStore(long[] timestampUs, int[] delayUs, int[] seq, int[] line, char[] cpuFlags, int size) {
        this.timestampUs = timestampUs;
        this.delayUs = delayUs;
        this.seq = seq;
        this.line = line;
        this.cpuFlags = cpuFlags;
        this.size = size;
    }

    /**
     * A loaded store backed by {@code columns} (views of a mapped {@code samples.cache}, each {@code size} long). The
     * mapping stays valid as long as the store is reachable, even after the cache file is replaced: the cache is
     * written to a temporary file and renamed over the old one, so the mapped file is unlinked, never changed.
     */
    SampleStore(MappedColumns columns, int size) {
        this.mapped = columns;
        this.size = size;
    }

    /** Whether the columns are views of a memory-mapped cache file (no heap per sample) rather than arrays. */
    public boolean isMapped() {
        return mapped != null;
    }

    /** Turns a mapped store into an array one, so that it can grow. */
    private void copyToHeap() {
        int c = Math.max(16, size);
        timestampUs = new long[c];
        delayUs = new int[c];
        seq = new int[c];
        line = new int[c];
        cpuFlags = new char[c];
        mapped.timestampUs().get(0, timestampUs, 0, size);
        mapped.delayUs().get(0, delayUs, 0, size);
        mapped.seq().get(0, seq, 0, size);
        mapped.line().get(0, line, 0, size);
        mapped.cpuFlags().get(0, cpuFlags, 0, size);
        mapped = null;
    }

    /** Shrinks the columns to the samples held (after a load, so the growth slack is not retained). */
    public void trimToSize() {
        if (mapped != null || timestampUs.length == size) {
            return;
        }
        timestampUs = Arrays.copyOf(timestampUs, size);
        delayUs = Arrays.copyOf(delayUs, size);
        seq = Arrays.copyOf(seq, size);
        line = Arrays.copyOf(line, size);
        cpuFlags = Arrays.copyOf(cpuFlags, size);
    }

    /** Bytes of heap the columns hold now (capacity, not size; array headers not counted; 0 when mapped). */
    public long capacityBytes() {
        return mapped != null ? 0 : (long) timestampUs.length * BYTES_PER_SAMPLE;
    }

    // the columns' first size values, as buffers whichever the backing (for the codec, equality and bulk copies)

    LongBuffer timestampColumn() {
        return mapped != null ? mapped.timestampUs().duplicate() : LongBuffer.wrap(timestampUs, 0, size);
    }

    IntBuffer delayColumn() {
        return mapped != null ? mapped.delayUs().duplicate() : IntBuffer.wrap(delayUs, 0, size);
    }

    IntBuffer seqColumn() {
        return mapped != null ? mapped.seq().duplicate() : IntBuffer.wrap(seq, 0, size);
    }

    IntBuffer lineColumn() {
        return mapped != null ? mapped.line().duplicate() : IntBuffer.wrap(line, 0, size);
    }

    CharBuffer cpuFlagColumn() {
        return mapped != null ? mapped.cpuFlags().duplicate() : CharBuffer.wrap(cpuFlags, 0, size);
    }

    /** Whether a packed cpu-and-flags value is one {@link #add} can make. */
    static boolean validCpuFlags(char v) {
        return (v & PRECISION_MASK) < TimePrecision.values().length && (v >>> CPU_SHIFT) <= MAX_CPU + 1;
    }

    /**
     * Appends one sample. {@code cpu} and {@code seqNo} may be {@link Sample#UNKNOWN}; {@code cpu} must fit in a
     * {@link #MAX_CPU} and {@code lineNo} in an int (the parser turns anything else into an anomaly).
     */
    public void add(long lineNo, long tsUs, TimePrecision precision, int delay, int cpuNo, int seqNo,
            boolean classic) {
        if (lineNo < 0 || lineNo > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("line number out of range: " + lineNo);
        }
        if (cpuNo < -1 || cpuNo > MAX_CPU) {
            throw new IllegalArgumentException("cpu out of range: " + cpuNo);
        }
        if (mapped != null) {
            copyToHeap();
        }
        if (size == timestampUs.length) {
            grow();
        }
        int i = size++;
        timestampUs[i] = tsUs;
        delayUs[i] = delay;
        seq[i] = seqNo;
        line[i] = (int) lineNo;
        cpuFlags[i] = (char) ((cpuNo + 1) << CPU_SHIFT | precision.ordinal() | (classic ? CLASSIC_BIT : 0));
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
        cpuFlags = Arrays.copyOf(cpuFlags, n);
    }

    public int size() {
        return size;
    }

    public long timestampUs(int i) {
        check(i);
        return ts(i);
    }

    public boolean hasTimestamp(int i) {
        return timestampUs(i) != LogEntry.NO_TIME;
    }

    public int delayUs(int i) {
        check(i);
        return delay(i);
    }

    public int cpu(int i) {
        check(i);
        return cpuOf(i);
    }

    private int cpuOf(int i) {
        return (flags(i) >>> CPU_SHIFT) - 1;
    }

    // unchecked reads of either backing; the branch is the same for every call of a store, so it predicts well

    private long ts(int i) {
        return mapped == null ? timestampUs[i] : mapped.timestampUs().get(i);
    }

    private int delay(int i) {
        return mapped == null ? delayUs[i] : mapped.delayUs().get(i);
    }

    private int seqOf(int i) {
        return mapped == null ? seq[i] : mapped.seq().get(i);
    }

    private int lineOf(int i) {
        return mapped == null ? line[i] : mapped.line().get(i);
    }

    private char flags(int i) {
        return mapped == null ? cpuFlags[i] : mapped.cpuFlags().get(i);
    }

    public int seq(int i) {
        check(i);
        return seqOf(i);
    }

    public long line(int i) {
        check(i);
        return lineOf(i);
    }

    public TimePrecision precision(int i) {
        check(i);
        return TimePrecision.ofOrdinal(flags(i) & PRECISION_MASK);
    }

    public boolean classic(int i) {
        check(i);
        return (flags(i) & CLASSIC_BIT) != 0;
    }

    /**
     * Samples per chunk for passes over every sample through the {@code copy...} methods: per-sample reads of a
     * mapped store cost several times what array reads do, bulk copies of a chunk about the same.
     */
    public static final int CHUNK = 8192;

    /** Copies the timestamps of samples {@code [from, from + n)} into {@code dst[0, n)}. */
    public void copyTimestamps(int from, long[] dst, int n) {
        checkRange(from, n);
        if (mapped == null) {
            System.arraycopy(timestampUs, from, dst, 0, n);
        } else {
            mapped.timestampUs().get(from, dst, 0, n);
        }
    }

    /** Copies the delays of samples {@code [from, from + n)} into {@code dst[0, n)}. */
    public void copyDelays(int from, int[] dst, int n) {
        checkRange(from, n);
        if (mapped == null) {
            System.arraycopy(delayUs, from, dst, 0, n);
        } else {
            mapped.delayUs().get(from, dst, 0, n);
        }
    }

    /** Copies the sequence numbers of samples {@code [from, from + n)} into {@code dst[0, n)}. */
    public void copySeqs(int from, int[] dst, int n) {
        checkRange(from, n);
        if (mapped == null) {
            System.arraycopy(seq, from, dst, 0, n);
        } else {
            mapped.seq().get(from, dst, 0, n);
        }
    }

    /** Copies the line numbers of samples {@code [from, from + n)} into {@code dst[0, n)} (they fit in an int). */
    public void copyLines(int from, int[] dst, int n) {
        checkRange(from, n);
        if (mapped == null) {
            System.arraycopy(line, from, dst, 0, n);
        } else {
            mapped.line().get(from, dst, 0, n);
        }
    }

    /**
     * Copies the CPUs of samples {@code [from, from + n)} into {@code cpus[0, n)} and, when {@code classic} is not
     * null, whether each is a classic report into {@code classic[0, n)}.
     */
    public void copyCpus(int from, int[] cpus, boolean[] classic, int n) {
        checkRange(from, n);
        char[] f;
        int at;
        if (mapped == null) {
            f = cpuFlags;
            at = from;
        } else {
            f = new char[n];
            at = 0;
            mapped.cpuFlags().get(from, f, 0, n);
        }
        for (int j = 0; j < n; j++) {
            cpus[j] = (f[at + j] >>> CPU_SHIFT) - 1;
        }
        if (classic != null) {
            for (int j = 0; j < n; j++) {
                classic[j] = (f[at + j] & CLASSIC_BIT) != 0;
            }
        }
    }

    private void checkRange(int from, int n) {
        if (from < 0 || n < 0 || from > size - n) {
            throw new IndexOutOfBoundsException("samples " + from + " to " + (from + n) + " of " + size);
        }
    }

    /** The sample at {@code i} as a record (allocates; for tests, export and small views). */
    public Sample get(int i) {
        return new Sample(line(i), ts(i), precision(i), delay(i), cpuOf(i), seqOf(i), classic(i));
    }

    /** A copy of all delays, in order. */
    public int[] delays() {
        int[] out = new int[size];
        delayColumn().get(out);
        return out;
    }

    /** The distinct CPUs that have samples, ascending; {@link Sample#UNKNOWN} (-1) first when present. */
    public int[] cpus() {
        boolean[] seen = new boolean[MAX_CPU + 2];
        int distinct = 0;
        for (int i = 0; i < size; i++) {
            int k = flags(i) >>> CPU_SHIFT;
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
        int key = cpuNo + 1;
        int n = 0;
        for (int i = 0; i < size; i++) {
            if ((flags(i) >>> CPU_SHIFT) == key) {
                n++;
            }
        }
        int[] out = new int[n];
        int j = 0;
        for (int i = 0; i < size && j < n; i++) {
            if ((flags(i) >>> CPU_SHIFT) == key) {
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
            out[j] = delay(idx[j]);
        }
        return out;
    }

    /** First index whose line number is greater than {@code lineNo} (lines ascend with the index). */
    public int firstIndexAfterLine(long lineNo) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (lineOf(mid) <= lineNo) {
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
        return timestampColumn().equals(other.timestampColumn()) && delayColumn().equals(other.delayColumn())
                && seqColumn().equals(other.seqColumn()) && lineColumn().equals(other.lineColumn())
                && cpuFlagColumn().equals(other.cpuFlagColumn());
    }

    @Override
    public int hashCode() {
        int h = size;
        for (int i = 0; i < size; i++) {
            h = 31 * h + Long.hashCode(ts(i)) * 17 + delay(i);
        }
        return h;
    }

    @Override
    public String toString() {
        return "SampleStore[" + size + " samples]";
    }
}
