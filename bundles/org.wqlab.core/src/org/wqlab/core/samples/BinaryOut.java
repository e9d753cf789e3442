package org.wqlab.core.samples;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * Little-endian primitives and whole columns written through a buffer to a channel, with a running CRC-32C of
 * everything written, so a damaged or torn file is found when it is read back.
 */
public final class BinaryOut {

    private final WritableByteChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C crc = new CRC32C();
    private long written;

    public BinaryOut(WritableByteChannel channel) {
        this.channel = channel;
    }

    public void putLong(long v) throws IOException {
        room(8);
        buf.putLong(v);
    }

    public void putInt(int v) throws IOException {
        room(4);
        buf.putInt(v);
    }

    public void putByte(int v) throws IOException {
        room(1);
        buf.put((byte) v);
    }

    /** A string as its UTF-8 length (int) and bytes. */
    public void putString(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        putInt(b.length);
        putBytes(b, b.length);
    }

    /** The column's remaining values (a heap or a mapped buffer; its position is moved to its limit). */
    void putLongs(LongBuffer a) throws IOException {
        while (a.hasRemaining()) {
            room(8);
            int k = Math.min(a.remaining(), buf.remaining() / 8);
            buf.asLongBuffer().put(a.slice(a.position(), k));
            buf.position(buf.position() + k * 8);
            a.position(a.position() + k);
        }
    }

    void putInts(IntBuffer a) throws IOException {
        while (a.hasRemaining()) {
            room(4);
            int k = Math.min(a.remaining(), buf.remaining() / 4);
            buf.asIntBuffer().put(a.slice(a.position(), k));
            buf.position(buf.position() + k * 4);
            a.position(a.position() + k);
        }
    }

    void putChars(CharBuffer a) throws IOException {
        while (a.hasRemaining()) {
            room(2);
            int k = Math.min(a.remaining(), buf.remaining() / 2);
            buf.asCharBuffer().put(a.slice(a.position(), k));
            buf.position(buf.position() + k * 2);
            a.position(a.position() + k);
        }
    }

    void putBytes(byte[] a, int n) throws IOException {
        for (int i = 0; i < n;) {
            room(1);
            int k = Math.min(n - i, buf.remaining());
            buf.put(a, i, k);
            i += k;
        }
    }

    private void room(int bytes) throws IOException {
        if (buf.remaining() < bytes) {
            flush();
        }
    }

    /** Writes out what is buffered. */
    public void flush() throws IOException {
        buf.flip();
        crc.update(buf.duplicate());
        while (buf.hasRemaining()) {
            written += channel.write(buf);
        }
        buf.clear();
    }

    /** The CRC-32C of every byte flushed so far. */
    public int crc() {
        return (int) crc.getValue();
    }

    /** The bytes flushed so far. */
    public long written() {
        return written;
    }
}
