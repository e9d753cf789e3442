package org.wqlab.core.decimation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.wqlab.core.decimation.MinMaxDecimator.Points;
import org.wqlab.core.samples.CpuColumns;

class BlockMinMaxTest {
    private static final int N = 200_000;
    private final long[] x = new long[N];
    private final int[] y = new int[N];
    private final CpuColumns columns;

    BlockMinMaxTest() {
        // 1 kHz with jitter and equal times now and then, noise, rare stalls and a few early runs
        Random random = new Random(11);
        long t = 3_000_000;
        for (int i = 0; i < N; i++) {
            t += random.nextInt(50) == 0 ? 0 : 900 + random.nextInt(200);
            x[i] = t;
            y[i] = 20 + random.nextInt(400);
            if (random.nextInt(5_000) == 0) {
                y[i] = 100_000 + random.nextInt(900_000);
            }
            if (random.nextInt(7_000) == 0) {
                y[i] = -50;
            }
        }
        columns = CpuColumns.of(2, x, y, N);
    }

    @Test
    void blocksHoldTheirFirstSmallestAndLargestValue() {
        assertEquals((N + 63) / 64, columns.blockCount());
        for (int b = 0; b < columns.blockCount(); b++) {
            int from = b * CpuColumns.BLOCK;
            int to = Math.min(N, from + CpuColumns.BLOCK);
            int lo = from;
            int hi = from;
            for (int i = from; i < to; i++) {
                lo = y[i] < y[lo] ? i : lo;
                hi = y[i] > y[hi] ? i : hi;
            }
            assertEquals(y[lo], columns.blockMinUs(b));
            assertEquals(x[lo], columns.blockMinTimeUs(b));
            assertEquals(y[hi], columns.blockMaxUs(b));
            assertEquals(x[hi], columns.blockMaxTimeUs(b));
        }
    }

    /** Zoomed in (a bucket spans few blocks), the points are exactly those of the rolling reduction. */
    @Test
    void zoomedInEverySampleIsReadAndThePointsAreTheRollingOnes() {
        Random random = new Random(3);
        for (int step = 0; step < 200; step++) {
            long from = x[0] - 1_000 + random.nextInt((int) (x[N - 1] - x[0]));
            long span = 1_000 + random.nextInt(2_000_000);
            long width = Math.max(1, span / (200 + random.nextInt(1_200)));
            BlockMinMax blocks = new BlockMinMax();
            Points p = blocks.reduce(columns, from, from + span, width);
            Points q = new RollingMinMax().update(x, y, N, from, from + span, width);
            String where = "window [" + from + ", " + (from + span) + ") width " + width;
            assertArrayEquals(Arrays.copyOf(q.x(), q.size()), Arrays.copyOf(p.x(), p.size()), where);
            assertArrayEquals(Arrays.copyOf(q.y(), q.size()), Arrays.copyOf(p.y(), p.size()), where);
        }
    }

    /** The full range reads blocks: far fewer reads than samples, and the largest value is drawn. */
    @Test
    void theFullRangeReadsBlocksAndDrawsTheLargestValue() {
        BlockMinMax blocks = new BlockMinMax();
        long from = x[0];
        long to = x[N - 1] + 1;
        int pixels = 300;
        long width = (to - from + pixels - 1) / pixels;
        Points p = blocks.reduce(columns, from, to, width);
        assertTrue(blocks.visited() < N / 20, "read " + blocks.visited() + " samples and blocks for " + N);
        int max = Arrays.stream(y).max().getAsInt();
        int min = Arrays.stream(y).min().getAsInt();
        int drawnMax = Integer.MIN_VALUE;
        int drawnMin = Integer.MAX_VALUE;
        for (int i = 0; i < p.size(); i++) {
            drawnMax = Math.max(drawnMax, p.y()[i]);
            drawnMin = Math.min(drawnMin, p.y()[i]);
            assertTrue(p.x()[i] >= from && p.x()[i] < to, "a point outside the window at " + p.x()[i]);
            if (i > 0) {
                assertTrue(p.x()[i] >= p.x()[i - 1], "points in time order at " + i);
            }
        }
        assertEquals(max, drawnMax);
        assertEquals(min, drawnMin);
        assertTrue(p.size() <= 2 * (pixels + 1), p.size() + " points for " + pixels + " pixels");
    }

    /** Zooming from the whole range to 1 ms: the largest value in view is always drawn, at every step. */
    @Test
    void everyZoomLevelDrawsTheLargestValueInView() {
        BlockMinMax blocks = new BlockMinMax();
        int largestAt = 0;
        for (int i = 0; i < N; i++) {
            largestAt = y[i] > y[largestAt] ? i : largestAt;
        }
        long centre = x[largestAt];
        for (long span = x[N - 1] - x[0] + 1; span > 1_000; span = span * 2 / 3) {
            long from = centre - span / 3;
            long width = Math.max(1, span / 1_000);
            Points p = blocks.reduce(columns, from, from + span, width);
            int drawn = Integer.MIN_VALUE;
            for (int i = 0; i < p.size(); i++) {
                drawn = Math.max(drawn, p.y()[i]);
            }
            assertEquals(y[largestAt], drawn, "span " + span);
        }
    }
}
