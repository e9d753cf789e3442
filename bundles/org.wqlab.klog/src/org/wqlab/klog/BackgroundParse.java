package org.wqlab.klog;

import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Feeds a {@link KlogParser} on a thread of its own, so that whoever writes the bytes (an import copying a log with
 * its forced writes) and the parse overlap on two cores. The chunks are copied (the writer may reuse its buffer)
 * and parsed in the order written; when {@link #DEPTH} chunks wait, the writer waits for the parser.
 */
final class BackgroundParse implements AutoCloseable {

    /** Chunks in flight: enough to ride out a forced write, little memory. */
    private static final int DEPTH = 4;

    private record Chunk(byte[] bytes, int length) {
    }

    private static final Chunk END = new Chunk(new byte[0], 0);

    private final KlogParser parser;
    private final BlockingQueue<Chunk> queued = new ArrayBlockingQueue<>(DEPTH);
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(DEPTH + 2);
    private final Thread thread;
    private volatile Throwable failure;

    BackgroundParse(KlogParser parser) {
        this.parser = parser;
        thread = new Thread(this::run, "wqlab-parse");
        thread.setDaemon(true);
        thread.start();
    }

    /** Hands {@code bytes[off, off + len)} to the parser; throws what the parser threw on an earlier chunk. */
    void write(byte[] bytes, int off, int len) throws InterruptedIOException {
        rethrow();
        if (len == 0) {
            return;
        }
        byte[] buf = free.poll();
        if (buf == null || buf.length < len) {
            buf = new byte[len];
        }
        System.arraycopy(bytes, off, buf, 0, len);
        put(new Chunk(buf, len));
    }

    /** Waits until every chunk is parsed, then ends the input ({@link KlogParser#finish()}). */
    void finish() throws InterruptedIOException {
        rethrow();
        put(END);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the log was parsed");
        }
        rethrow();
        parser.finish();
    }

    /** Ends the parse thread when the input stops early (a failed copy): chunks still queued are dropped. */
    @Override
    public void close() {
        if (thread.isAlive()) {
            queued.clear();
            queued.offer(END); // only the writer puts: after the clear there is room
        }
    }

    private void put(Chunk c) throws InterruptedIOException {
        try {
            queued.put(c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while the log was parsed");
        }
    }

    /** Parses the chunks in order; after a failure only drains them, so the writer never waits for nothing. */
    private void run() {
        try {
            for (Chunk c = queued.take(); c != END; c = queued.take()) {
                if (failure == null) {
                    try {
                        parser.feed(c.bytes(), 0, c.length());
                    } catch (RuntimeException | Error e) {
                        failure = e;
                    }
                }
                free.offer(c.bytes());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void rethrow() {
        Throwable t = failure;
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
    }
}
