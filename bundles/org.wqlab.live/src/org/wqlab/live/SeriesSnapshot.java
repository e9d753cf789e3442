package org.wqlab.live;

/**
 * One CPU's samples as published at snapshot time: only the first {@code size} entries are valid and they never
 * change afterwards (the arrays may be longer and may be filled further by the writer, beyond {@code size}).
 * Times are ascending board times in microseconds.
 *
 * @param cpu the CPU number, or {@link org.wqlab.core.model.Sample#UNKNOWN} for the original module's reports
 */
public record SeriesSnapshot(int cpu, long[] timeUs, int[] delayUs, int size) {

    /** Index of the largest delay, or -1 when empty. O(size): for tests and reports, not for every frame. */
    public int indexOfMax() {
        int best = -1;
        for (int i = 0; i < size; i++) {
            if (best < 0 || delayUs[i] > delayUs[best]) {
                best = i;
            }
        }
        return best;
    }
}
