package org.wqlab.target;

import java.io.ByteArrayOutputStream;

/** Receives a command's output as it arrives, in chunks of any size. Called from a transport thread. */
@FunctionalInterface
public interface OutputSink {

    OutputSink DISCARD = (buffer, offset, length) -> {
    };

    void write(byte[] buffer, int offset, int length);

    static OutputSink into(ByteArrayOutputStream bytes) {
        return bytes::write;
    }
}
