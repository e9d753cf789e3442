package org.wqlab.report;

/**
 * One experiment's delays against time, with t = 0 at its first USB disconnect (or at its first timed sample when
 * it has none). Samples without a timestamp are left out. Both arrays have the same length.
 */
public record AlignedSeries(String name, double[] secondsFromDisconnect, double[] delayMs) {

    public int size() {
        return delayMs.length;
    }
}
