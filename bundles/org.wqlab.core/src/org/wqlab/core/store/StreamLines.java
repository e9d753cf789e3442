package org.wqlab.core.store;

import java.nio.charset.StandardCharsets;

/**
 * Cuts a stream that arrives in chunks of any size into lines: each complete line (without its newline) goes to the
 * consumer, a partial last line waits for the next chunk. Each chunk is decoded as UTF-8 on its own. Not
 * thread-safe: the caller holds its own lock.
 */
public final class StreamLines {

    /** Receives one line. */
    @FunctionalInterface
    public interface Line<E extends Exception> {
        void accept(String line) throws E;
    }

    private final StringBuilder partial = new StringBuilder();

    public <E extends Exception> void write(byte[] bytes, int off, int len, Line<E> each) throws E {
        partial.append(new String(bytes, off, len, StandardCharsets.UTF_8));
        int start = 0;
        int nl;
        try {
            while ((nl = partial.indexOf("\n", start)) >= 0) {
                String line = partial.substring(start, nl);
                start = nl + 1;
                each.accept(line);
            }
        } finally {
            partial.delete(0, start); // once per chunk: deleting each line from the front costs a chunk per line
        }
    }
}
