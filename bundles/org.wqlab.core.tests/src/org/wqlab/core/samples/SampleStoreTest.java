package org.wqlab.core.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.Sample;
import org.wqlab.core.model.TimePrecision;

class SampleStoreTest {

    @Test
    void growsAndKeepsEveryField() {
        SampleStore s = new SampleStore(1);
        for (int i = 0; i < 10_000; i++) {
            s.add(i + 1, i * 100L, TimePrecision.values()[i % 3], i - 50, i % 4 - 1, i / 4, i % 5 == 0);
        }
        assertEquals(10_000, s.size());
        assertEquals(new Sample(7778, 777_700L, TimePrecision.values()[7777 % 3], 7727, 7777 % 4 - 1, 7777 / 4,
                false), s.get(7777));
        assertTrue(s.classic(5));
        assertFalse(s.classic(6));
        assertEquals(-50, s.delayUs(0));
    }

    @Test
    void perCpuQueries() {
        SampleStore s = new SampleStore();
        s.add(1, 10, TimePrecision.US, 100, 1, 1, false);
        s.add(2, 20, TimePrecision.US, 200, 0, 1, false);
        s.add(3, 30, TimePrecision.US, 300, 1, 2, false);
        s.add(4, LogEntry.NO_TIME, TimePrecision.NONE, 400, Sample.UNKNOWN, Sample.UNKNOWN, true);
        assertArrayEquals(new int[] { -1, 0, 1 }, s.cpus());
        assertArrayEquals(new int[] { 0, 2 }, s.indicesOfCpu(1));
        assertArrayEquals(new int[] { 100, 300 }, s.delaysOfCpu(1));
        assertArrayEquals(new int[] { 400 }, s.delaysOfCpu(Sample.UNKNOWN));
        assertFalse(s.hasTimestamp(3));
        assertEquals(2, s.firstIndexAfterLine(2));
        assertEquals(0, s.firstIndexAfterLine(0));
        assertEquals(4, s.firstIndexAfterLine(99));
    }

    @Test
    void budgetIsAtMost24BytesPerSample() {
        assertTrue(SampleStore.BYTES_PER_SAMPLE <= 24, "bytes per sample: " + SampleStore.BYTES_PER_SAMPLE);
    }

    @Test
    void cpuAndFlagsShareTwoBytesWithoutLosingAnyValue() {
        SampleStore s = new SampleStore(2);
        s.add(1, 5, TimePrecision.SECOND, -3, SampleStore.MAX_CPU, 9, true);
        s.add(2, LogEntry.NO_TIME, TimePrecision.NONE, 8, Sample.UNKNOWN, Sample.UNKNOWN, false);
        s.add(3, 7, TimePrecision.US, 9, 0, 3, true);
        s.trimToSize();
        assertEquals(3L * SampleStore.BYTES_PER_SAMPLE, s.capacityBytes());
        assertEquals(new Sample(1, 5, TimePrecision.SECOND, -3, SampleStore.MAX_CPU, 9, true), s.get(0));
        assertEquals(new Sample(2, LogEntry.NO_TIME, TimePrecision.NONE, 8, -1, -1, false), s.get(1));
        assertEquals(new Sample(3, 7, TimePrecision.US, 9, 0, 3, true), s.get(2));
        assertArrayEquals(new int[] { -1, 0, SampleStore.MAX_CPU }, s.cpus());
        assertArrayEquals(new int[] { 0 }, s.indicesOfCpu(SampleStore.MAX_CPU));
        assertArrayEquals(new int[] { 1 }, s.indicesOfCpu(Sample.UNKNOWN));
        assertArrayEquals(new int[0], s.indicesOfCpu(SampleStore.MAX_CPU + 1));
        s.add(4, 8, TimePrecision.US, 10, 1, 4, false);
        assertEquals(4, s.size());
        assertEquals(1, s.cpu(3));
        assertThrows(IllegalArgumentException.class,
                () -> s.add(5, 0, TimePrecision.US, 0, SampleStore.MAX_CPU + 1, 1, false));
    }

    @Test
    void equalityIsByContent() {
        SampleStore a = new SampleStore(2);
        SampleStore b = new SampleStore(100);
        for (SampleStore s : new SampleStore[] { a, b }) {
            s.add(1, 5, TimePrecision.US, 7, 0, 1, false);
            s.add(2, 6, TimePrecision.US, 8, 0, 2, false);
        }
        assertEquals(a, b);
        b.add(3, 7, TimePrecision.US, 9, 0, 3, false);
        assertNotEquals(a, b);
    }

    @Test
    void rejectsOutOfRangeValues() {
        SampleStore s = new SampleStore();
        assertThrows(IllegalArgumentException.class, () -> s.add(1, 0, TimePrecision.US, 0, 40_000, 1, false));
        assertThrows(IllegalArgumentException.class,
                () -> s.add(1L << 40, 0, TimePrecision.US, 0, 0, 1, false));
        assertThrows(IndexOutOfBoundsException.class, () -> s.delayUs(0));
    }
}
