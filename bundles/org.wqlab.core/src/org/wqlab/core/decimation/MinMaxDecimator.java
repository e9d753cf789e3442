package org.wqlab.core.decimation;

/**
 * Reduces a time series to what a plot of a given pixel width can show: the visible window is cut into one bucket
 * per pixel and each bucket keeps only its smallest and its largest value, in time order. No spike can vanish, and
 * a frame costs O(samples in view) with no allocation per sample. The samples just outside the window are kept
 * too, so that lines enter and leave the plot.
 */
public final class MinMaxDecimator {

    private MinMaxDecimator() {
    }

    /** The points to draw, in time order; only the first {@code size} entries of the arrays are used. */
    public record Points(long[] x, int[] y, int size) {
    }

    /**
     * @param x         sample times, ascending
     * @param y         sample values
     * @param count     number of valid samples in {@code x} and {@code y}
     * @param fromX     start of the visible window (inclusive)
     * @param toX       end of the visible window (exclusive), greater than {@code fromX}
     * @param buckets   number of buckets, usually the plot's width in pixels
     */
    public static Points decimate(long[] x, int[] y, int count, long fromX, long toX, int buckets) {
        if (toX <= fromX || buckets <= 0) {
            throw new IllegalArgumentException("empty window [" + fromX + ", " + toX + ") or no buckets: " + buckets);
        }
        int start = firstAtOrAfter(x, count, fromX);
        int end = firstAtOrAfter(x, count, toX);
        int capacity = Math.min(count, 2 * buckets + 2);
        long[] outX = new long[capacity];
        int[] outY = new int[capacity];
        int n = 0;
        if (start > 0) {
            outX[n] = x[start - 1];
            outY[n++] = y[start - 1];
        }
        double bucketsPerUnit = buckets / (double) (toX - fromX);
        int i = start;
        while (i < end) {
            long bucket = bucketOf(x[i], fromX, bucketsPerUnit, buckets);
            int min = i;
            int max = i;
            int j = i + 1;
            while (j < end && bucketOf(x[j], fromX, bucketsPerUnit, buckets) == bucket) {
                if (y[j] < y[min]) {
                    min = j;
                }
                if (y[j] > y[max]) {
                    max = j;
                }
                j++;
            }
            int first = Math.min(min, max);
            int second = Math.max(min, max);
            outX[n] = x[first];
            outY[n++] = y[first];
            if (second != first) {
                outX[n] = x[second];
                outY[n++] = y[second];
            }
            i = j;
        }
        if (end < count) {
            outX[n] = x[end];
            outY[n++] = y[end];
        }
        return new Points(outX, outY, n);
    }

    private static long bucketOf(long xValue, long fromX, double bucketsPerUnit, int buckets) {
        return Math.min(buckets - 1, (long) ((xValue - fromX) * bucketsPerUnit));
    }

    /** Index of the first sample with time >= {@code value}, or {@code count} if none. */
    public static int firstAtOrAfter(long[] x, int count, long value) {
        int low = 0;
        int high = count;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (x[mid] < value) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
