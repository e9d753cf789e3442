package org.wqlab.klog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.SampleStore;

/**
 * A large log parsed on two cores: split at a line boundary near its middle, the first part parsed on another
 * thread while this one parses the second as the continuation of a boot's kernel lines. The seam is then fixed up:
 * the second part's lines are renumbered after the first's, its boots numbered on, and the first hog line of each
 * function given its count since the first part's last. When what the second part assumed is not what the first
 * left (no kernel line before the seam, the seam right after a boot's banner, the clock going back across it, dates
 * without a year whose year runs on from the first part), the second part is parsed again after the first, as one
 * parser would: the result is always a sequential parse's.
 */
final class ParallelParse {

    /** Below this size a second thread costs more than it saves. */
    static final long MIN_SIZE = 16L << 20;

    private ParallelParse() {
    }

    /** The parse of {@code file}, on two cores when it is large and two are there. */
    static Parsed read(Path file, int year) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < MIN_SIZE || Runtime.getRuntime().availableProcessors() < 2) {
                return sequential(ch, year, size);
            }
            return split(ch, year, seamNear(ch, size / 2));
        }
    }

    /** What a parse gave: its content and whether it ran on two cores (for tests). */
    record Parsed(LogContent content, boolean parallel) {
    }

    static Parsed sequential(FileChannel ch, int year, long size) throws IOException {
        LogContentSink sink = new LogContentSink();
        KlogParser p = new KlogParser(sink);
        p.yearHint(year);
        feed(ch, 0, size, p);
        p.finish();
        return new Parsed(sink.content(p.lines()), false);
    }

    /**
     * The start of a line near {@code at} that does not begin with a space (a {@code /dev/kmsg} record's
     * dictionary line belongs to the line before), or the file's size when there is none.
     */
    static long seamNear(FileChannel ch, long at) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(64 * 1024);
        long pos = at;
        long size = ch.size();
        boolean afterNewline = at == 0;
        while (pos < size) {
            b.clear();
            int n = ch.read(b, pos);
            if (n <= 0) {
                break;
            }
            for (int i = 0; i < n; i++) {
                byte c = b.get(i);
                if (afterNewline && c != ' ') {
                    return pos + i;
                }
                afterNewline = c == '\n';
            }
            pos += n;
        }
        return size;
    }

    /** Parses {@code [0, seam)} and {@code [seam, size)} at once and joins them. */
    static Parsed split(FileChannel ch, int year, long seam) throws IOException {
        long size = ch.size();
        if (seam <= 0 || seam >= size) {
            return sequential(ch, year, size);
        }
        LogContentSink firstSink = new LogContentSink();
        KlogParser first = new KlogParser(firstSink);
        first.yearHint(year);
        CompletableFuture<Void> firstDone = CompletableFuture.runAsync(() -> {
            try {
                feed(ch, 0, seam, first);
            } catch (IOException e) {
                throw new CompletionException(e);
            }
            first.finish();
        });
        LogContentSink secondSink = new LogContentSink();
        KlogParser second = new KlogParser(secondSink);
        second.continueAfterKernelLines();
        try {
            feed(ch, seam, size, second);
            second.finish();
        } finally {
            join(firstDone);
        }
        KlogParser.SeamState left = first.seamState();
        KlogParser.SeamState assumed = second.seamState();
        boolean clockWentBack = left.lastMonotonic() != Long.MIN_VALUE && assumed.firstMonotonic() != Long.MIN_VALUE
                && assumed.firstMonotonic() < left.lastMonotonic() - KlogParser.BOOT_BACK_US;
        if (!left.sawPrefix() || !left.bootHasContent() || clockWentBack || assumed.yearless()
                || firstSink.awaitingPoolDump()) {
            feed(ch, seam, size, first); // as one parser would: the first part's state runs on
            first.finish();
            return new Parsed(firstSink.content(first.lines()), false);
        }
        return new Parsed(join(firstSink, first.lines(), left, secondSink, second.lines()), true);
    }

    private static void join(CompletableFuture<Void> done) throws IOException {
        try {
            done.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw e;
        }
    }

    private static LogContent join(LogContentSink a, long aLines, KlogParser.SeamState left, LogContentSink b,
            long bLines) {
        b.endPoolDump();
        SampleStore samples = a.samples();
        SampleStore more = b.samples();
        for (int i = 0; i < more.size(); i++) {
            samples.add(more.line(i) + aLines, more.timestampUs(i), more.precision(i), more.delayUs(i), more.cpu(i),
                    more.seq(i), more.classic(i));
        }
        List<Event> events = new ArrayList<>(a.events());
        Map<String, Long> hogTimes = new LinkedHashMap<>(left.hogTimes());
        boolean sameBoot = true;
        for (Event e : b.events()) {
            Map<String, String> fields = e.fields();
            if (e.kind() == EventKind.BOOT) {
                sameBoot = false;
                fields = new LinkedHashMap<>(fields);
                fields.put("boot", Integer.toString(Integer.parseInt(e.field("boot")) + left.boot() - 1));
            } else if (e.kind() == EventKind.WORKQUEUE_HOG && sameBoot) {
                Long before = hogTimes.remove(e.subject());
                long times = Long.parseLong(e.field("times"));
                if (before != null && before <= times) {
                    fields = new LinkedHashMap<>(fields);
                    fields.put("times_since_previous", Long.toString(times - before));
                }
            }
            if (e.kind() == EventKind.WORKQUEUE_LOCKUP && e.field("dump_first_line") != null) {
                fields = new LinkedHashMap<>(fields);
                for (String key : List.of("dump_first_line", "dump_last_line")) {
                    fields.put(key, Long.toString(Long.parseLong(e.field(key)) + aLines));
                }
            }
            events.add(new Event(e.line() + aLines, e.timestampUs(), e.precision(), e.kind(), e.subject(), fields,
                    e.message()));
        }
        List<Anomaly> anomalies = new ArrayList<>(a.anomalies());
        for (Anomaly x : b.anomalies()) {
            anomalies.add(new Anomaly(x.line() + aLines, x.timestampUs(), x.precision(), x.kind(), x.message()));
        }
        samples.trimToSize();
        return new LogContent(samples, events, anomalies, a.rawLines() + b.rawLines(), aLines + bLines);
    }

    private static void feed(FileChannel ch, long from, long to, KlogParser p) throws IOException {
        byte[] buf = new byte[KlogFiles.CHUNK];
        ByteBuffer bb = ByteBuffer.wrap(buf);
        long pos = from;
        while (pos < to) {
            bb.clear();
            bb.limit((int) Math.min(buf.length, to - pos));
            int n = ch.read(bb, pos);
            if (n <= 0) {
                break;
            }
            p.feed(buf, 0, n);
            pos += n;
        }
    }
}
