package org.wqlab.analysis.why;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A union of time intervals, merged and sorted, that answers "how much of [a, b) does it cover" by binary search. */
final class Intervals {

    private final long[] from;
    private final long[] to;
    private final long[] coveredBefore;

    /** @param spans pairs {from, to}, in any order, overlapping or not */
    Intervals(List<long[]> spans) {
        List<long[]> sorted = new ArrayList<>(spans);
        sorted.sort((x, y) -> Long.compare(x[0], y[0]));
        List<long[]> merged = new ArrayList<>();
        for (long[] s : sorted) {
            if (s[1] <= s[0]) {
                continue;
            }
            long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
            if (last != null && s[0] <= last[1]) {
                last[1] = Math.max(last[1], s[1]);
            } else {
                merged.add(new long[] {s[0], s[1]});
            }
        }
        from = new long[merged.size()];
        to = new long[merged.size()];
        coveredBefore = new long[merged.size() + 1];
        for (int i = 0; i < merged.size(); i++) {
            from[i] = merged.get(i)[0];
            to[i] = merged.get(i)[1];
            coveredBefore[i + 1] = coveredBefore[i] + to[i] - from[i];
        }
    }

    /** How much of [a, b) the union covers. */
    long covered(long a, long b) {
        return b <= a ? 0 : upTo(b) - upTo(a);
    }

    /** Covered time before {@code t}. */
    private long upTo(long t) {
        int i = Arrays.binarySearch(from, t);
        int idx = i >= 0 ? i : -i - 2; // the last interval starting at or before t
        if (idx < 0) {
            return 0;
        }
        return coveredBefore[idx] + Math.min(t, to[idx]) - from[idx];
    }
}
