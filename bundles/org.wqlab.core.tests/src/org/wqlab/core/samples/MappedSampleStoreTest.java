package org.wqlab.core.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.Sample;
import org.wqlab.core.model.TimePrecision;

/** A store read by the codec from a memory-mapped file is a view of it, and answers as the store written does. */
class MappedSampleStoreTest {

    @TempDir
    Path tmp;

    @Test
    void aMappedStoreAnswersEveryAccessorAsTheStoreItWasWrittenFrom() throws Exception {
        SampleStore heap = sampleStore(5_000);
        SampleStore mapped = mappedCopy(heap, tmp.resolve("a.bin"));
        assertTrue(mapped.isMapped());
        assertFalse(heap.isMapped());
        assertEquals(0, mapped.capacityBytes(), "no heap per sample");
        assertEquals(heap, mapped);
        assertEquals(mapped, heap);
        assertEquals(heap.hashCode(), mapped.hashCode());
        assertEquals(heap.size(), mapped.size());
        for (int i = 0; i < heap.size(); i++) {
            assertEquals(heap.get(i), mapped.get(i), "sample " + i);
            assertEquals(heap.timestampUs(i), mapped.timestampUs(i));
            assertEquals(heap.hasTimestamp(i), mapped.hasTimestamp(i));
            assertEquals(heap.delayUs(i), mapped.delayUs(i));
            assertEquals(heap.cpu(i), mapped.cpu(i));
            assertEquals(heap.seq(i), mapped.seq(i));
            assertEquals(heap.line(i), mapped.line(i));
            assertEquals(heap.precision(i), mapped.precision(i));
            assertEquals(heap.classic(i), mapped.classic(i));
        }
        assertArrayEquals(heap.delays(), mapped.delays());
        assertArrayEquals(new int[] { -1, 0, 1, 2 }, mapped.cpus());
        for (int cpu : heap.cpus()) {
            assertArrayEquals(heap.indicesOfCpu(cpu), mapped.indicesOfCpu(cpu));
            assertArrayEquals(heap.delaysOfCpu(cpu), mapped.delaysOfCpu(cpu));
        }
        for (long line : new long[] { 0, 1, 2, 3, 777, 9_999, 10_001, 99_999 }) {
            assertEquals(heap.firstIndexAfterLine(line), mapped.firstIndexAfterLine(line), "after line " + line);
        }
        assertThrows(IndexOutOfBoundsException.class, () -> mapped.delayUs(heap.size()));
        assertThrows(IndexOutOfBoundsException.class, () -> mapped.timestampUs(-1));
    }

    @Test
    void chunkCopiesOfEitherBackingGiveWhatTheAccessorsGive() throws Exception {
        SampleStore heap = sampleStore(3_000);
        SampleStore mapped = mappedCopy(heap, tmp.resolve("chunks.bin"));
        for (SampleStore s : List.of(heap, mapped)) {
            int from = 1_234;
            int n = 1_000;
            long[] ts = new long[n];
            int[] delays = new int[n];
            int[] seqs = new int[n];
            int[] lines = new int[n];
            int[] cpus = new int[n];
            boolean[] classic = new boolean[n];
            s.copyTimestamps(from, ts, n);
            s.copyDelays(from, delays, n);
            s.copySeqs(from, seqs, n);
            s.copyLines(from, lines, n);
            s.copyCpus(from, cpus, classic, n);
            for (int j = 0; j < n; j++) {
                Sample expected = heap.get(from + j);
                assertEquals(expected.timestampUs(), ts[j]);
                assertEquals(expected.delayUs(), delays[j]);
                assertEquals(expected.seq(), seqs[j]);
                assertEquals(expected.line(), lines[j]);
                assertEquals(expected.cpu(), cpus[j]);
                assertEquals(expected.classic(), classic[j]);
            }
            assertThrows(IndexOutOfBoundsException.class, () -> s.copyDelays(2_500, new int[600], 501));
            assertThrows(IndexOutOfBoundsException.class, () -> s.copyCpus(-1, new int[2], null, 2));
            s.copyDelays(2_500, new int[500], 500); // up to the last sample
        }
    }

    @Test
    void aMappedStoreWritesTheSameBytesAsTheStoreItWasWrittenFrom() throws Exception {
        SampleStore heap = sampleStore(300_000); // more columns than the writer's 1 MiB buffer holds
        Path first = tmp.resolve("first.bin");
        SampleStore mapped = mappedCopy(heap, first);
        Path second = tmp.resolve("second.bin");
        write(new LogContent(mapped, List.of(), List.of(), 3, heap.size() + 3), second);
        assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
    }

    @Test
    void addingToAMappedStoreCopiesItToTheHeapFirst() throws Exception {
        SampleStore heap = sampleStore(100);
        SampleStore mapped = mappedCopy(heap, tmp.resolve("b.bin"));
        mapped.add(1_000, 123_456, TimePrecision.US, 77, 3, 9, false);
        assertFalse(mapped.isMapped());
        assertEquals(101, mapped.size());
        assertEquals(new Sample(1_000, 123_456, TimePrecision.US, 77, 3, 9, false), mapped.get(100));
        for (int i = 0; i < heap.size(); i++) {
            assertEquals(heap.get(i), mapped.get(i), "sample " + i);
        }
        assertNotEquals(heap, mapped);
        heap.add(1_000, 123_456, TimePrecision.US, 77, 3, 9, false);
        assertEquals(heap, mapped);
    }

    @Test
    void anEmptyStoreMapsToo() throws Exception {
        SampleStore mapped = mappedCopy(new SampleStore(), tmp.resolve("c.bin"));
        assertEquals(0, mapped.size());
        assertEquals(new SampleStore(), mapped);
        assertArrayEquals(new int[0], mapped.cpus());
        assertArrayEquals(new int[0], mapped.delays());
    }

    @Test
    void aHeapBufferIsCopiedNotViewed() throws Exception {
        SampleStore heap = sampleStore(50);
        Path file = tmp.resolve("d.bin");
        write(new LogContent(heap, List.of(), List.of(), 0, heap.size()), file);
        SampleStore copied = LogContentCodec.read(ByteBuffer.wrap(Files.readAllBytes(file))).samples();
        assertFalse(copied.isMapped());
        assertEquals(heap, copied);
    }

    /** Samples of four CPUs (one unknown), every precision, classic and untimed ones among them. */
    private static SampleStore sampleStore(int n) {
        SampleStore s = new SampleStore();
        for (int i = 0; i < n; i++) {
            boolean untimed = i % 97 == 0;
            s.add(2L * i + 1, untimed ? LogEntry.NO_TIME : 1_000_000L * i + i % 13,
                    untimed ? TimePrecision.NONE : TimePrecision.values()[i % 3], (i * 7919) % 50_000 - 5, i % 4 - 1,
                    i % 11 == 0 ? Sample.UNKNOWN : i, i % 5 == 0);
        }
        s.trimToSize();
        return s;
    }

    private static SampleStore mappedCopy(SampleStore s, Path file) throws IOException {
        write(new LogContent(s, List.of(), List.of(), 3, s.size() + 3), file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            LogContent read = LogContentCodec.read(ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()));
            assertEquals(s.size() + 3, read.totalLines());
            return read.samples();
        }
    }

    private static void write(LogContent content, Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            BinaryOut out = new BinaryOut(ch);
            LogContentCodec.write(content, out);
            out.flush();
        }
    }
}
