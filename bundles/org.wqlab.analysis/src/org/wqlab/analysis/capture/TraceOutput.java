package org.wqlab.analysis.capture;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.nio.file.Path;

import org.wqlab.core.store.RawLogAppender;

/** Where {@link TraceCapture} writes the trace stream: the whole trace into a file, or {@link LateWindowRing}. */
public interface TraceOutput extends Closeable, Flushable {

    void append(byte[] bytes, int off, int len) throws IOException;

    /** Every byte into {@code file} (forced to disk at least every second). */
    static TraceOutput whole(Path file) throws IOException {
        RawLogAppender appender = new RawLogAppender(file);
        return new TraceOutput() {
            @Override
            public void append(byte[] bytes, int off, int len) throws IOException {
                appender.append(bytes, off, len);
            }

            @Override
            public void flush() throws IOException {
                appender.flush();
            }

            @Override
            public void close() throws IOException {
                appender.close();
            }
        };
    }
}
