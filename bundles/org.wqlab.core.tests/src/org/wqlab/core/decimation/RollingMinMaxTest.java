package org.wqlab.core.decimation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.wqlab.core.decimation.MinMaxDecimator.Points;

class RollingMinMaxTest {
    private static final int N = 100_000;
    private final long[] x = new long[N];
    private final int[] y = new int[N];

    RollingMinMaxTest() {
        // 1 kHz with jitter, noise, rare stalls and a few early runs
        Random random = new Random(7);
        long t = 5_000_000;
        for (int i = 0; i < N; i++) {
            t += 900 + random.nextInt(200);
            x[i] = t;
            y[i] = 20 + random.nextInt(400);
            if (random.nextInt(5_000) == 0) {
                y[i] = 100_000 + random.nextInt(900_000);
            }
            if (random.nextInt(7_000) == 0) {
                y[i] = -50;
            }
        }
    }

    /** A live plot following the newest data: samples arrive in chunks, the 10 s window slides after them. */
    @Test
    void followingWindowKeepsEveryBucketsMinAndMaxAndVisitsEachSampleAbout0nce() {
        RollingMinMax rolling = new RollingMinMax();
        long window = 10_000_000;
        int columns = 700;
        long width = window / columns;
        int published = 0;
        int steps = 0;
        while (published < N) {
            published = Math.min(N, published + 337);
            long to = x[published - 1] + 1;
            long from = Math.max(x[0] - 500_000, to - window);
            Points p = rolling.update(x, y, published, from, to, width);
            assertKeepsMinAndMaxOfEveryBucket(p, published, from, to, width);
            steps++;
        }
        // incremental: each sample once, plus at most one bucket's samples per step for the partly visible first one
        long perBucket = width / 900 + 2;
        assertTrue(rolling.visitedSamples() <= N + steps * perBucket,
                "visited " + rolling.visitedSamples() + " for " + N + " samples in " + steps + " steps");
    }

    @Test
    void zoomingInStepsDrawsTheLargestValueInViewAtEveryLevel() {
        RollingMinMax rolling = new RollingMinMax();
        int largestAt = MinMaxDecimatorTestSupport.indexOfMax(y, N);
        long from = x[0];
        long to = x[N - 1] + 1;
        for (int level = 0; level < 12; level++) {
            long width = Math.max(1, (to - from) / 640);
            Points p = rolling.update(x, y, N, from, to, width);
            assertKeepsMinAndMaxOfEveryBucket(p, N, from, to, width);
            // zoom around the spike, off-centre, so the window edges cut buckets at arbitrary places
            long span = (to - from) * 2 / 3;
            from = x[largestAt] - span / 3 - 17;
            to = from + span;
        }
    }

    @Test
    void windowMovingBackwardsOrChangingWidthStartsOver() {
        RollingMinMax rolling = new RollingMinMax();
        Points late = rolling.update(x, y, N, x[50_000], x[60_000], 10_000);
        assertKeepsMinAndMaxOfEveryBucket(late, N, x[50_000], x[60_000], 10_000);
        Points early = rolling.update(x, y, N, x[1_000], x[9_000], 10_000);
        assertKeepsMinAndMaxOfEveryBucket(early, N, x[1_000], x[9_000], 10_000);
        Points finer = rolling.update(x, y, N, x[1_000], x[9_000], 3_000);
        assertKeepsMinAndMaxOfEveryBucket(finer, N, x[1_000], x[9_000], 3_000);
        assertEquals(x[999], finer.x()[0], "the sample before the window is kept");
        assertEquals(x[9_000], finer.x()[finer.size() - 1], "the sample after the window is kept");
    }

    /**
     * Every bucket (aligned to multiples of {@code width}, the first one cut at {@code from}) has its min and max
     * among the points in view; the points are in time order, at most two per bucket; the largest in view is drawn.
     */
    private void assertKeepsMinAndMaxOfEveryBucket(Points p, int size, long from, long to, long width) {
        for (int i = 1; i < p.size(); i++) {
            assertTrue(p.x()[i - 1] <= p.x()[i], "time order at " + i);
        }
        long firstBucket = Math.floorDiv(from, width);
        int buckets = (int) (Math.floorDiv(to - 1, width) - firstBucket + 1);
        int inView = 0;
        for (int i = 0; i < p.size(); i++) {
            if (p.x()[i] >= from && p.x()[i] < to) {
                inView++;
            }
        }
        assertTrue(inView <= 2 * buckets, inView + " points in view for " + buckets + " buckets");
        int largest = Integer.MIN_VALUE;
        int[] min = new int[buckets];
        int[] max = new int[buckets];
        boolean[] any = new boolean[buckets];
        for (int i = MinMaxDecimator.firstAtOrAfter(x, size, from); i < size && x[i] < to; i++) {
            int b = (int) (Math.floorDiv(x[i], width) - firstBucket);
            min[b] = any[b] ? Math.min(min[b], y[i]) : y[i];
            max[b] = any[b] ? Math.max(max[b], y[i]) : y[i];
            any[b] = true;
            largest = Math.max(largest, y[i]);
        }
        int drawnLargest = Integer.MIN_VALUE;
        for (int b = 0; b < buckets; b++) {
            if (any[b]) {
                assertTrue(drawn(p, from, to, width, firstBucket + b, min[b]), "bucket " + b + " lost its min");
                assertTrue(drawn(p, from, to, width, firstBucket + b, max[b]), "bucket " + b + " lost its max");
            }
        }
        for (int i = 0; i < p.size(); i++) {
            if (p.x()[i] >= from && p.x()[i] < to) {
                drawnLargest = Math.max(drawnLargest, p.y()[i]);
            }
        }
        assertEquals(largest, drawnLargest, "largest value in [" + from + ", " + to + ")");
    }

    private static boolean drawn(Points p, long from, long to, long width, long bucket, int value) {
        for (int i = 0; i < p.size(); i++) {
            long px = p.x()[i];
            if (px >= from && px < to && Math.floorDiv(px, width) == bucket && p.y()[i] == value) {
                return true;
            }
        }
        return false;
    }

    private static final class MinMaxDecimatorTestSupport {
        static int indexOfMax(int[] values, int size) {
            int best = 0;
            for (int i = 1; i < size; i++) {
                if (values[i] > values[best]) {
                    best = i;
                }
            }
            return best;
        }
    }
}
