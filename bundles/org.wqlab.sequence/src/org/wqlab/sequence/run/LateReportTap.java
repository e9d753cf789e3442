package org.wqlab.sequence.run;

import java.util.function.BiConsumer;
import java.util.function.LongConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.core.store.StreamLines;
import org.wqlab.target.OutputSink;

/**
 * Watches the run's kernel log ({@code /dev/kmsg} records, as the recorder keeps them) for late reports and hands
 * each one's time and delay (microseconds, the board's clock) on: the classic {@code DELAY: ms} line (always late),
 * or the improved module's {@code delay_us=} above the threshold of its last start line (default 10 ms).
 */
final class LateReportTap implements OutputSink {

    private static final Pattern RECORD = Pattern.compile("\\d+,\\d+,(\\d+),[^;]*;(.*)");
    private static final Pattern CLASSIC = Pattern.compile("DELAY: (-?\\d+)\\s*$");
    private static final Pattern IMPROVED = Pattern.compile("latency_mon: .*\\bdelay_us=(\\d+)");
    private static final Pattern START = Pattern.compile("latency_mon: start\\b.*\\bthreshold_ms=(\\d+)");
    private static final long DEFAULT_THRESHOLD_US = 10_000;

    private final BiConsumer<Long, Long> late;
    private final LongConsumer reached;
    private final StreamLines lines = new StreamLines();
    private long thresholdUs = DEFAULT_THRESHOLD_US;

    /**
     * {@code late} receives (report time, delay) in microseconds; {@code reached} the time of every record, so that
     * a listener knows how far the log has been read.
     */
    LateReportTap(BiConsumer<Long, Long> late, LongConsumer reached) {
        this.late = late;
        this.reached = reached;
    }

    @Override
    public synchronized void write(byte[] buffer, int offset, int length) {
        lines.write(buffer, offset, length, this::line);
    }

    private void line(String line) {
        Matcher r = RECORD.matcher(line);
        if (!r.matches()) {
            return;
        }
        long at = Long.parseLong(r.group(1));
        String message = r.group(2);
        reached.accept(at);
        Matcher start = START.matcher(message);
        if (start.find()) {
            thresholdUs = Long.parseLong(start.group(1)) * 1000;
            return;
        }
        Matcher classic = CLASSIC.matcher(message);
        if (classic.find()) {
            late.accept(at, Math.max(0, Long.parseLong(classic.group(1))) * 1000);
            return;
        }
        Matcher improved = IMPROVED.matcher(message);
        if (improved.find()) {
            long delay = Long.parseLong(improved.group(1));
            if (delay > thresholdUs) {
                late.accept(at, delay);
            }
        }
    }

    /** Both sinks get every chunk. */
    static OutputSink tee(OutputSink first, OutputSink second) {
        return (b, off, len) -> {
            first.write(b, off, len);
            second.write(b, off, len);
        };
    }
}
