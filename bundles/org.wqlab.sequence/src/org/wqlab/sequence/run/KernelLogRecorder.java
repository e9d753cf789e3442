package org.wqlab.sequence.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.wqlab.core.store.RawLogAppender;
import org.wqlab.core.store.StreamLines;
import org.wqlab.target.OutputSink;

/**
 * Receives the board's {@code /dev/kmsg} stream in chunks of any size, drops the records older than the run (by
 * sequence number, with their continuation lines), appends the rest to the experiment's raw log, and lets the
 * runner wait for a pattern. Thread-safe: the transport thread writes, the runner and the flusher read.
 */
public final class KernelLogRecorder implements OutputSink {

    private static final Pattern KMSG = Pattern.compile("(\\d+),(\\d+),(\\d+),[^;]*;(.*)");

    private final RawLogAppender appender;
    private final StreamLines lines = new StreamLines();
    private final List<String> messages = new ArrayList<>();
    private static final long UNDECIDED = Long.MIN_VALUE;

    private record Pending(long seq, long us, String line, String message) {
    }

    private final List<Pending> pending = new ArrayList<>();
    private long firstSeq = UNDECIDED;
    private long currentSeq = -1;
    private long currentUs = -1;
    private long maxSeqSeen = -1;
    private long lastUs = -1;
    private boolean kmsgFormat = true;
    private IOException writeError;
    private long lastArrivalNanos = System.nanoTime();

    private final OutputSink tap;

    public KernelLogRecorder(RawLogAppender appender) {
        this(appender, OutputSink.DISCARD);
    }

    /** {@code tap} also receives every kept line (with its newline), e.g. a live plot's parser. */
    public KernelLogRecorder(RawLogAppender appender, OutputSink tap) {
        this.appender = appender;
        this.tap = tap;
    }

    /**
     * Records with a sequence number below {@code seq} are not kept. Until this is called, records wait in memory;
     * then those at or after {@code seq} are written.
     */
    public synchronized void startAt(long seq) {
        this.firstSeq = seq;
        for (Pending p : pending) {
            keep(p.seq(), p.us(), p.line(), p.message());
        }
        pending.clear();
        notifyAll();
    }

    /** For {@code dmesg -w}: lines have no sequence number, every line is kept. */
    public synchronized void plainLines() {
        this.kmsgFormat = false;
    }

    public synchronized long maxSeqSeen() {
        return maxSeqSeen;
    }

    public synchronized long lastKernelUs() {
        return lastUs;
    }

    public synchronized int messageCount() {
        return messages.size();
    }

    @Override
    public synchronized void write(byte[] buffer, int offset, int length) {
        lastArrivalNanos = System.nanoTime();
        lines.write(buffer, offset, length, this::line);
        notifyAll();
    }

    private void line(String line) {
        long seq = currentSeq;
        String message = line;
        if (kmsgFormat) {
            if (line.startsWith(" ")) {
                message = null; // continuation (key=value dictionary) of the record before
            } else {
                var m = KMSG.matcher(line);
                if (m.matches()) {
                    seq = Long.parseLong(m.group(2));
                    currentSeq = seq;
                    maxSeqSeen = Math.max(maxSeqSeen, seq);
                    currentUs = Long.parseLong(m.group(3));
                    message = m.group(4);
                }
            }
        }
        if (firstSeq == UNDECIDED) {
            pending.add(new Pending(seq, currentUs, line, message));
            return;
        }
        keep(seq, currentUs, line, message);
    }

    private void keep(long seq, long us, String line, String message) {
        if (kmsgFormat && seq < firstSeq) {
            return;
        }
        if (us >= 0) {
            lastUs = us;
        }
        if (message != null) {
            messages.add(message);
        }
        byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            appender.append(b, 0, b.length);
        } catch (IOException e) {
            writeError = e;
        }
        tap.write(b, 0, b.length);
    }

    /** Whether a record whose text contains {@code text} has arrived; @return its sequence number, or -1 */
    public synchronized long seqOf(String text) {
        for (Pending p : pending) {
            if (p.message() != null && p.message().contains(text)) {
                return p.seq();
            }
        }
        return -1;
    }

    /**
     * Blocks until nothing has arrived for {@code quietMs}, or {@code maxMs} after the call: a stream that has just
     * opened has then delivered the backlog it started with (a busy log never falls quiet, hence the bound).
     */
    public synchronized void awaitQuiet(long quietMs, long maxMs) throws InterruptedException {
        long end = System.nanoTime() + maxMs * 1_000_000L;
        while (true) {
            long until = Math.min(end, lastArrivalNanos + quietMs * 1_000_000L);
            long leftMs = (until - System.nanoTime()) / 1_000_000L;
            if (leftMs <= 0) {
                return;
            }
            wait(leftMs);
        }
    }

    /** Blocks until a record containing {@code text} has arrived, or the time is up; @return its sequence number, or -1 */
    public synchronized long awaitSeqOf(String text, long timeoutMs) throws InterruptedException {
        long end = System.nanoTime() + timeoutMs * 1_000_000L;
        long seq = seqOf(text);
        while (seq < 0) {
            long left = (end - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                return -1;
            }
            wait(Math.min(left, 100));
            seq = seqOf(text);
        }
        return seq;
    }

    /** {@link #await}: the time ran out or the stop flag was set while a line was still being matched. */
    public static final int GAVE_UP_MATCHING = -2;

    /**
     * Blocks until the stream shows a kept record whose text matches, from message index {@code from} on; returns
     * its index, -1 when the time is up or {@code stop} says so, or {@link #GAVE_UP_MATCHING}. Lines are matched on a
     * copy, outside this recorder's lock, so a slow pattern never holds up the transport thread or the flusher; the
     * match itself gives up at the deadline or on {@code stop}.
     */
    public int await(Pattern pattern, int from, long timeoutMs, java.util.function.BooleanSupplier stop)
            throws InterruptedException {
        return await(pattern, from, BoardDeadline.wall(timeoutMs), stop);
    }

    /** {@link #await(Pattern, int, long, java.util.function.BooleanSupplier)} until a board-time deadline. */
    int await(Pattern pattern, int from, BoardDeadline deadline, java.util.function.BooleanSupplier stop)
            throws InterruptedException {
        java.util.function.BooleanSupplier over = () -> stop.getAsBoolean() || deadline.passed();
        int i = from;
        while (true) {
            List<String> batch = null;
            synchronized (this) {
                if (i < messages.size()) {
                    batch = List.copyOf(messages.subList(i, messages.size()));
                } else if (!stop.getAsBoolean() && deadline.leftMs() > 0) {
                    wait(Math.min(deadline.leftMs(), 100));
                    continue;
                }
            }
            if (batch == null) {
                // outside the lock: asking the board its time must not hold up the transport thread
                if (stop.getAsBoolean() || deadline.passed()) {
                    return -1;
                }
                continue;
            }
            for (String message : batch) {
                try {
                    if (pattern.matcher(new BoundedCharSequence(message, over)).find()) {
                        return i;
                    }
                } catch (BoundedCharSequence.Stopped e) {
                    return GAVE_UP_MATCHING;
                }
                i++;
            }
            if (over.getAsBoolean()) {
                return -1;
            }
        }
    }

    /**
     * The index of the first kept message in {@code [from, to)} that matches, -1 when none does, or
     * {@link #GAVE_UP_MATCHING} when {@code stop} says so while a line is being matched. Looks only at what has
     * arrived; matched on a copy, outside this recorder's lock.
     */
    int find(Pattern pattern, int from, int to, java.util.function.BooleanSupplier stop) {
        List<String> batch;
        synchronized (this) {
            int end = Math.min(to, messages.size());
            batch = from >= end ? List.of() : List.copyOf(messages.subList(from, end));
        }
        for (int k = 0; k < batch.size(); k++) {
            try {
                if (pattern.matcher(new BoundedCharSequence(batch.get(k), stop)).find()) {
                    return from + k;
                }
            } catch (BoundedCharSequence.Stopped e) {
                return GAVE_UP_MATCHING;
            }
        }
        return -1;
    }

    /** Blocks until a record with a sequence number has been seen, or the time is up. */
    public synchronized boolean awaitAnyRecord(long timeoutMs) throws InterruptedException {
        long end = System.nanoTime() + timeoutMs * 1_000_000L;
        while (maxSeqSeen < 0) {
            long left = (end - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                return false;
            }
            wait(Math.min(left, 100));
        }
        return true;
    }

    public synchronized void flush() throws IOException {
        if (writeError != null) {
            throw writeError;
        }
        appender.flush();
    }
}
