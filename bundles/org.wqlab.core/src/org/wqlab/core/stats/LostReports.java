package org.wqlab.core.stats;

import java.util.Arrays;
import java.util.List;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.samples.SampleStore;

/**
 * Lost reports from gaps in each CPU's sequence numbers. A sequence number that does not increase, or a module
 * start, begins a new run (the module counts from 1 again) and is not a loss.
 */
public final class LostReports {

    private static final long NONE = Long.MIN_VALUE;

    private LostReports() {
    }

    public static long count(SampleStore samples, List<Event> events) {
        long[] startLines = events.stream().filter(e -> e.kind() == EventKind.MODULE_START)
                .mapToLong(Event::line).toArray();
        int nextStart = 0;
        long[] lastSeq = new long[SampleStore.MAX_CPU + 1]; // per CPU, NONE before its first report
        Arrays.fill(lastSeq, NONE);
        long lost = 0;
        int n = samples.size();
        int chunk = SampleStore.CHUNK;
        int[] lines = new int[chunk];
        int[] seqs = new int[chunk];
        int[] cpus = new int[chunk];
        for (int from = 0; from < n; from += chunk) {
            int len = Math.min(chunk, n - from);
            samples.copyLines(from, lines, len);
            samples.copySeqs(from, seqs, len);
            samples.copyCpus(from, cpus, null, len);
            for (int j = 0; j < len; j++) {
                long line = lines[j];
                while (nextStart < startLines.length && startLines[nextStart] < line) {
                    Arrays.fill(lastSeq, NONE);
                    nextStart++;
                }
                int seq = seqs[j];
                int cpu = cpus[j];
                if (seq < 0 || cpu < 0) {
                    continue;
                }
                long last = lastSeq[cpu];
                lastSeq[cpu] = seq;
                if (last != NONE && seq > last + 1L) {
                    lost += seq - (last + 1L);
                }
            }
        }
        return lost;
    }
}
