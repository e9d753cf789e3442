package org.wqlab.core.decimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.wqlab.core.decimation.MinMaxDecimator.Points;

class MinMaxDecimatorTest {
    private static final int N = 200_000;
    private final long[] x = new long[N];
    private final int[] y = new int[N];

    MinMaxDecimatorTest() {
        // a monitor every ~100 ms with jitter, noise of a few ms, and rare multi-second stalls
        Random random = new Random(42);
        long t = 0;
        for (int i = 0; i < N; i++) {
            t += 95_000 + random.nextInt(10_000);
            x[i] = t;
            y[i] = 3_000 + random.nextInt(2_000);
            if (random.nextInt(20_000) == 0) {
                y[i] = 1_000_000 + random.nextInt(6_000_000);
            }
            if (random.nextInt(50_000) == 0) {
                y[i] = -500;
            }
        }
    }

    @Test
    void everyBucketKeepsItsMinimumAndMaximumInTimeOrder() {
        long from = x[1_000];
        long to = x[150_000];
        int buckets = 800;

        Points points = MinMaxDecimator.decimate(x, y, N, from, to, buckets);

        assertTrue(points.size() <= 2 * buckets + 2, "too many points: " + points.size());
        for (int i = 1; i < points.size(); i++) {
            assertTrue(points.x()[i - 1] < points.x()[i], "not in time order at " + i);
        }
        long[] bucketMin = new long[buckets];
        long[] bucketMax = new long[buckets];
        java.util.Arrays.fill(bucketMin, Long.MAX_VALUE);
        java.util.Arrays.fill(bucketMax, Long.MIN_VALUE);
        for (int i = 0; i < N; i++) {
            if (x[i] >= from && x[i] < to) {
                int b = (int) Math.min(buckets - 1, (x[i] - from) * (double) buckets / (to - from));
                bucketMin[b] = Math.min(bucketMin[b], y[i]);
                bucketMax[b] = Math.max(bucketMax[b], y[i]);
            }
        }
        for (int b = 0; b < buckets; b++) {
            if (bucketMax[b] == Long.MIN_VALUE) {
                continue;
            }
            assertTrue(contains(points, from, to, buckets, b, bucketMin[b]), "bucket " + b + " lost its minimum");
            assertTrue(contains(points, from, to, buckets, b, bucketMax[b]), "bucket " + b + " lost its maximum");
        }
    }

    @Test
    void theLargestValueInViewIsDrawnAtEveryZoomLevel() {
        for (long width = 10_000_000L; width < x[N - 1]; width *= 3) {
            for (long from = 0; from + width <= x[N - 1]; from += width) {
                long to = from + width;
                int largest = Integer.MIN_VALUE;
                for (int i = MinMaxDecimator.firstAtOrAfter(x, N, from); i < N && x[i] < to; i++) {
                    largest = Math.max(largest, y[i]);
                }
                Points points = MinMaxDecimator.decimate(x, y, N, from, to, 640);
                int drawn = Integer.MIN_VALUE;
                for (int i = 0; i < points.size(); i++) {
                    if (points.x()[i] >= from && points.x()[i] < to) {
                        drawn = Math.max(drawn, points.y()[i]);
                    }
                }
                assertEquals(largest, drawn, "window [" + from + ", " + to + ")");
            }
        }
    }

    @Test
    void keepsTheNeighboursOutsideTheWindowSoLinesEnterAndLeave() {
        Points points = MinMaxDecimator.decimate(x, y, N, x[500] + 1, x[600], 10);

        assertEquals(x[500], points.x()[0]);
        assertEquals(x[600], points.x()[points.size() - 1]);
    }

    @Test
    void fewSamplesAreKeptAsTheyAre() {
        long[] fewX = { 10, 20, 30 };
        int[] fewY = { 5, 9, 7 };

        Points points = MinMaxDecimator.decimate(fewX, fewY, 3, 0, 100, 1000);

        assertEquals(3, points.size());
        assertEquals(9, points.y()[1]);
    }

    private static boolean contains(Points points, long from, long to, int buckets, int bucket, long value) {
        for (int i = 0; i < points.size(); i++) {
            long px = points.x()[i];
            if (px >= from && px < to && points.y()[i] == value
                    && (int) Math.min(buckets - 1, (px - from) * (double) buckets / (to - from)) == bucket) {
                return true;
            }
        }
        return false;
    }
}
