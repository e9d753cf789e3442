package org.wqlab.core.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

import org.wqlab.core.samples.BinaryOut;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.LogContentCodec;
import org.wqlab.core.samples.PlotColumns;
import org.wqlab.core.samples.PlotColumnsCodec;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCodec;

/**
 * {@code samples.cache} in an experiment folder: what {@code kernel.log} was parsed into, in columns of primitive
 * values, and what is derived from all samples (the {@link Statistics}, and the {@link PlotColumns}: per CPU the
 * plot's time and delay columns with the min/max of every block of 64 samples), so that opening an experiment again
 * maps columns instead of parsing the log and passing over every sample. The log stays the truth:
 * the cache names the log it was built from (length, modification time, SHA-256 of its first and last 64 KiB), its
 * format version and the parser that made it (a fingerprint the caller gives), and is used only when all of them
 * match and its own CRC-32C does; checking costs two 64 KiB
 * reads of the log, never a full one. Anything else is a {@link Verdict} saying why it must be rebuilt.
 */
public final class SampleCache {

    public static final String FILE = "samples.cache";
    /** Bump on any change of the layout or of what the parser makes of a log. */
    public static final int VERSION = 2;
    /** How much of the log's start and end the key hashes. */
    public static final int HASHED_BYTES = 64 * 1024;

    private static final long MAGIC = 0x3143_5342_414C_5157L; // "WQLABSC1" read little-endian
    private static final long END = 0x444E_4545_4843_4143L; // "CACHEEND"
    private static final int TRAILER = 4 + 8;

    private SampleCache() {
    }

    /** Why a cache can or cannot be used. */
    public enum Verdict {
        VALID, MISSING, VERSION, PARSER, LOG_LENGTH, LOG_MODIFIED, LOG_CONTENT, DAMAGED
    }

    /** What the cache says about its log, compared with the log as it is now. */
    public record LogKey(long bytes, long modifiedNanos, String headSha256, String tailSha256) {

        /** The key of the log as it is now (reads at most 128 KiB of it). */
        public static LogKey of(Path log) throws IOException {
            long size = Files.size(log);
            long modified = Files.getLastModifiedTime(log).to(TimeUnit.NANOSECONDS);
            long hashed = Math.min(size, HASHED_BYTES);
            return new LogKey(size, modified, KernelLogCheck.sha256(log, 0, hashed),
                    KernelLogCheck.sha256(log, size - hashed, hashed));
        }
    }

    /** The verdict, and the cached content and derivations when it is {@link Verdict#VALID} (null otherwise). */
    public record Lookup(Verdict verdict, LogContent content, LogDerivations derivations) {

        public Lookup(Verdict verdict, LogContent content) {
            this(verdict, content, content == null ? null : LogDerivations.of(content));
        }
    }

    public static Path file(ExperimentFolder folder) {
        return folder.dir().resolve(FILE);
    }

    /**
     * The cached content of the folder's kernel log, if the cache is there, was made by {@code parser} and is of the
     * log as it is now.
     */
    public static Lookup read(ExperimentFolder folder, String parser) {
        Path cache = file(folder);
        try (FileChannel ch = FileChannel.open(cache, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > Integer.MAX_VALUE || size < 8 + 4 + TRAILER) {
                return new Lookup(Verdict.DAMAGED, null);
            }
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
            map.order(ByteOrder.LITTLE_ENDIAN);
            if (map.getLong() != MAGIC) {
                return new Lookup(Verdict.DAMAGED, null);
            }
            if (map.getInt() != VERSION) {
                return new Lookup(Verdict.VERSION, null);
            }
            if (parser.isEmpty() || !string(map).equals(parser)) {
                return new Lookup(Verdict.PARSER, null);
            }
            Verdict key = compareKey(map, folder.kernelLog());
            if (key != Verdict.VALID) {
                return new Lookup(key, null);
            }
            int bodyEnd = (int) size - TRAILER;
            if (map.position() > bodyEnd || map.getLong(bodyEnd + 4) != END) {
                return new Lookup(Verdict.DAMAGED, null);
            }
            CRC32C crc = new CRC32C();
            crc.update(map.duplicate().position(0).limit(bodyEnd));
            if ((int) crc.getValue() != map.getInt(bodyEnd)) {
                return new Lookup(Verdict.DAMAGED, null);
            }
            // the samples stay views of the mapping: a cache is only ever replaced by renaming a new file over it,
            // so the mapped file is never written to and the views stay valid for as long as they are used
            ByteBuffer body = map.slice(map.position(), bodyEnd - map.position());
            LogContent content = LogContentCodec.readFrom(body);
            Statistics statistics = StatisticsCodec.readFrom(body);
            PlotColumns columns = PlotColumnsCodec.readFrom(body);
            if (body.hasRemaining() || columns.count() != content.samples().size()) {
                return new Lookup(Verdict.DAMAGED, null);
            }
            return new Lookup(Verdict.VALID, content, LogDerivations.known(content, statistics, columns));
        } catch (NoSuchFileException e) {
            return new Lookup(Verdict.MISSING, null);
        } catch (IOException | RuntimeException e) {
            return new Lookup(Verdict.DAMAGED, null);
        }
    }

    private static Verdict compareKey(ByteBuffer map, Path log) throws IOException {
        long bytes = map.getLong();
        long modified = map.getLong();
        String head = string(map);
        String tail = string(map);
        if (Files.size(log) != bytes) {
            return Verdict.LOG_LENGTH;
        }
        if (Files.getLastModifiedTime(log).to(TimeUnit.NANOSECONDS) != modified) {
            return Verdict.LOG_MODIFIED;
        }
        LogKey now = LogKey.of(log);
        if (now.bytes() != bytes || !now.headSha256().equals(head) || !now.tailSha256().equals(tail)) {
            return Verdict.LOG_CONTENT;
        }
        return Verdict.VALID;
    }

    private static String string(ByteBuffer map) throws IOException {
        int n = map.getInt();
        if (n < 0 || n > 256) {
            throw new IOException("a fingerprint of " + n + " bytes");
        }
        byte[] b = new byte[n];
        map.get(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /**
     * Writes the cache of {@code content}, parsed from the log that had {@code key} (taken before the parse, so a log
     * that grew meanwhile leaves a cache that no longer matches). Written to a temporary file and moved into place;
     * not forced to disk, since a torn cache fails its CRC and is rebuilt.
     */
    public static void write(ExperimentFolder folder, LogKey key, String parser, LogContent content)
            throws IOException {
        write(folder, key, parser, LogDerivations.of(content));
    }

    /** As {@link #write(ExperimentFolder, LogKey, String, LogContent)}, with the derivations computed already. */
    public static void write(ExperimentFolder folder, LogKey key, String parser, LogDerivations derived)
            throws IOException {
        LogContent content = derived.content();
        if (parser.isEmpty()) {
            throw new IOException(file(folder) + ": not written, the parser has no fingerprint");
        }
        AtomicFiles.write(file(folder), ch -> {
            BinaryOut out = new BinaryOut(ch);
            out.putLong(MAGIC);
            out.putInt(VERSION);
            out.putString(parser);
            out.putLong(key.bytes());
            out.putLong(key.modifiedNanos());
            out.putString(key.headSha256());
            out.putString(key.tailSha256());
            LogContentCodec.write(content, out);
            StatisticsCodec.write(derived.statistics(), out);
            PlotColumnsCodec.write(derived.plotColumns(), out);
            out.flush();
            if (out.written() > Integer.MAX_VALUE - TRAILER) {
                throw new IOException(file(folder) + ": " + out.written() + " bytes, more than a cache may hold");
            }
            ByteBuffer trailer = ByteBuffer.allocate(TRAILER).order(ByteOrder.LITTLE_ENDIAN);
            trailer.putInt(out.crc()).putLong(END).flip();
            while (trailer.hasRemaining()) {
                ch.write(trailer);
            }
        }, false);
    }
}
