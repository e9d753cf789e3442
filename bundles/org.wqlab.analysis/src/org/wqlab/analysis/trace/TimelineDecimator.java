package org.wqlab.analysis.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Reduces a row to what a canvas {@code widthPx} wide can show of {@code [fromUs, toUs]}: for each pixel column the
 * execution that covers most of it (the monitor's own work item wins any column it is in, so it stays visible), and
 * adjacent columns of one execution merged into a span. An execution narrower than a pixel still owns at least the
 * column it starts in unless a larger one holds that column, and then the column is marked crowded: a column where
 * anything ran is never drawn empty. Costs one pass over the executions in range plus the columns they cover.
 */
public final class TimelineDecimator {

    private TimelineDecimator() {
    }

    public static List<PixelSpan> decimate(TimelineRows rows, TimelineRows.Row row, long fromUs, long toUs,
            int widthPx) {
        if (widthPx <= 0 || toUs <= fromUs || row.startUs().length == 0) {
            return List.of();
        }
        double pxPerUs = widthPx / (double) (toUs - fromUs);
        int[] owner = new int[widthPx];
        double[] ownerCover = new double[widthPx];
        boolean[] ownerMonitor = new boolean[widthPx];
        int[] count = new int[widthPx];
        java.util.Arrays.fill(owner, -1);
        long[] start = row.startUs();
        long[] ends = row.endUs();
        int[] functions = row.functionIndex();
        for (int i = row.firstEndingFrom(fromUs); i < start.length && start[i] <= toUs; i++) {
            long end = ends[i];
            if (end < fromUs) {
                continue;
            }
            double s = (Math.max(start[i], fromUs) - fromUs) * pxPerUs;
            double e = (Math.min(end, toUs) - fromUs) * pxPerUs;
            int c0 = Math.min(widthPx - 1, (int) s);
            int c1 = Math.max(c0, Math.min(widthPx - 1, (int) Math.ceil(e) - 1));
            boolean monitor = rows.monitor(functions[i]);
            for (int c = c0; c <= c1; c++) {
                double cover = Math.min(e, c + 1) - Math.max(s, c);
                count[c]++;
                boolean wins = owner[c] < 0 || (monitor && !ownerMonitor[c])
                        || (monitor == ownerMonitor[c] && cover > ownerCover[c]);
                if (wins) {
                    owner[c] = i;
                    ownerCover[c] = cover;
                    ownerMonitor[c] = monitor;
                }
            }
        }
        List<PixelSpan> spans = new ArrayList<>();
        int c = 0;
        while (c < widthPx) {
            if (owner[c] < 0) {
                c++;
                continue;
            }
            int x0 = c;
            boolean crowded = false;
            while (c < widthPx && owner[c] == owner[x0]) {
                crowded |= count[c] > 1;
                c++;
            }
            spans.add(new PixelSpan(x0, c, owner[x0], row.functionIndex()[owner[x0]], crowded));
        }
        return spans;
    }

    /** The execution drawn at column {@code x}, or -1 (what a click there selects). */
    public static int executionAt(List<PixelSpan> spans, int x) {
        int lo = 0;
        int hi = spans.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            PixelSpan s = spans.get(mid);
            if (x < s.x0()) {
                hi = mid - 1;
            } else if (x >= s.x1()) {
                lo = mid + 1;
            } else {
                return s.execution();
            }
        }
        return -1;
    }
}
