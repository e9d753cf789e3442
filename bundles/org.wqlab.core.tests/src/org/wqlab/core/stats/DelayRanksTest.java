package org.wqlab.core.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.core.samples.SampleStore;

class DelayRanksTest {

    @Test
    void everyRankIsTheValueASortPutsThere() {
        SplittableRandom random = new SplittableRandom(7);
        for (int bound : new int[] { 3, 1_000, 70_000, Integer.MAX_VALUE }) {
            int[] delays = new int[20_000];
            for (int i = 0; i < delays.length; i++) {
                delays[i] = bound == Integer.MAX_VALUE ? random.nextInt() : random.nextInt(bound) - bound / 3;
            }
            delays[5] = Integer.MIN_VALUE;
            delays[6] = Integer.MAX_VALUE;
            assertRanksAsSorted(delays);
        }
    }

    @Test
    void oneValueAndAllEqualValues() {
        assertRanksAsSorted(new int[] { 42 });
        int[] same = new int[777];
        Arrays.fill(same, -9);
        assertRanksAsSorted(same);
    }

    @Test
    void aRankOutsideTheDelaysIsRefused() {
        SampleStore s = store(new int[] { 1, 2 });
        assertThrows(IllegalArgumentException.class, () -> DelayRanks.at(s, new long[] { 2 }));
        assertThrows(IllegalArgumentException.class, () -> DelayRanks.at(s, new long[] { -1 }));
    }

    private static void assertRanksAsSorted(int[] delays) {
        int[] sorted = delays.clone();
        Arrays.sort(sorted);
        long[] ranks = { 0, sorted.length / 2, sorted.length * 9L / 10, sorted.length - 1, sorted.length / 3,
                sorted.length / 2 };
        int[] expected = new int[ranks.length];
        for (int k = 0; k < ranks.length; k++) {
            expected[k] = sorted[(int) ranks[k]];
        }
        assertArrayEquals(expected, DelayRanks.at(store(delays), ranks));
    }

    private static SampleStore store(int[] delays) {
        SampleStore s = new SampleStore(delays.length);
        for (int i = 0; i < delays.length; i++) {
            s.add(i + 1, i, TimePrecision.US, delays[i], i % 4, i, false);
        }
        return s;
    }
}
