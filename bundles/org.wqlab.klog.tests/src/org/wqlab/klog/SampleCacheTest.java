package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.samples.CpuColumns;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.PlotColumns;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.core.store.DamagedExperimentException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.SampleCache;
import org.wqlab.core.store.SampleCache.Verdict;
import org.wqlab.core.store.Workspace;

class SampleCacheTest {

    private static final Instant CREATED = Instant.parse("2026-11-29T20:25:03Z");

    @TempDir
    Path tmp;

    @Test
    void aCacheHitGivesWhatAFreshParseGives() throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        for (String name : List.of("dmesg-plain.log", "dmesg-r-caller.log", "kmsg.log", "serial-capture.log",
                "journal-short.log", "printk-time0.log", "mixed-noise.log", "latency-mon-lines.txt")) {
            Path log = tmp.resolve(name);
            Files.write(log, KlogParserTest.resource(name));
            LoadedExperiment imported = ExperimentLoader.importLog(ws, log, name, CREATED);
            SampleCache.Lookup hit = SampleCache.read(imported.folder(), ParserFingerprint.VALUE);
            assertEquals(Verdict.VALID, hit.verdict(), name + ": the import leaves a cache");
            int year = LogYear.fromFacts(imported.metadata().boardFacts()).map(LogYear::year).orElse(0);
            LogContent fresh = KlogFiles.read(log, year); // a log with year-less dates: the year the import read
            assertEquals(fresh, hit.content(), name);
            assertTrue(hit.content().samples().isMapped(), name + ": the cached samples are views of the file");
            assertEquals(fresh.samples().size(), hit.content().samples().size(), name);
            assertEquals(fresh.events(), hit.content().events(), name);
            assertEquals(fresh.anomalies(), hit.content().anomalies(), name);
            assertEquals(fresh, ExperimentLoader.load(imported.folder()).content(), name);
            assertEquals(StatisticsCalculator.compute(fresh), hit.derivations().statistics(),
                    name + ": the cached statistics are those of a fresh parse");
            assertSameColumns(PlotColumns.of(fresh.samples()), hit.derivations().plotColumns(), name);
        }
    }

    /** The plot columns equal value by value, the cached ones mapped. */
    static void assertSameColumns(PlotColumns expected, PlotColumns actual, String what) {
        assertEquals(expected.timed(), actual.timed(), what);
        assertEquals(expected.oldestUs(), actual.oldestUs(), what);
        assertEquals(expected.newestUs(), actual.newestUs(), what);
        assertEquals(expected.maxDelayUs(), actual.maxDelayUs(), what);
        assertEquals(expected.worstTimeUs(), actual.worstTimeUs(), what);
        assertEquals(expected.count(), actual.count(), what);
        assertEquals(expected.cpus().size(), actual.cpus().size(), what);
        for (int k = 0; k < expected.cpus().size(); k++) {
            CpuColumns e = expected.cpus().get(k);
            CpuColumns a = actual.cpus().get(k);
            assertEquals(e.cpu(), a.cpu(), what);
            assertArrayEquals(e.timeArray(), a.timeArray(), what + ", CPU " + e.cpu());
            assertArrayEquals(e.delayArray(), a.delayArray(), what + ", CPU " + e.cpu());
            assertEquals(e.blockCount(), a.blockCount(), what);
            for (int b = 0; b < e.blockCount(); b++) {
                assertEquals(e.blockMaxUs(b), a.blockMaxUs(b), what);
                assertEquals(e.blockMaxTimeUs(b), a.blockMaxTimeUs(b), what);
                assertEquals(e.blockMinUs(b), a.blockMinUs(b), what);
                assertEquals(e.blockMinTimeUs(b), a.blockMinTimeUs(b), what);
            }
        }
    }

    @Test
    void aLogAppendedToRebuildsTheCache() throws Exception {
        ExperimentFolder f = folder(bigLog());
        LogContent before = ExperimentLoader.load(f).content();
        Files.writeString(f.kernelLog(), "[ 9999.000000] latency_mon: cpu=3 seq=77 delay_us=4321\n",
                StandardOpenOption.APPEND);
        assertEquals(Verdict.LOG_LENGTH, SampleCache.read(f, ParserFingerprint.VALUE).verdict());
        LogContent after = ExperimentLoader.load(f).content();
        assertEquals(before.samples().size() + 1, after.samples().size());
        assertEquals(4321, after.samples().delayUs(after.samples().size() - 1));
        assertRebuiltFromTheLog(f);
    }

    @Test
    void aLogRewrittenToTheSameLengthAndTimeWithAnotherTailRebuildsTheCache() throws Exception {
        ExperimentFolder f = folder(bigLog());
        LogContent before = ExperimentLoader.load(f).content();
        FileTime mtime = Files.getLastModifiedTime(f.kernelLog());
        String text = Files.readString(f.kernelLog());
        String last = "delay_us=9876\n";
        assertTrue(text.endsWith(last));
        Files.writeString(f.kernelLog(), text.substring(0, text.length() - last.length()) + "delay_us=1234\n");
        Files.setLastModifiedTime(f.kernelLog(), mtime);
        assertEquals(Verdict.LOG_CONTENT, SampleCache.read(f, ParserFingerprint.VALUE).verdict());
        LogContent after = ExperimentLoader.load(f).content();
        int lastSample = after.samples().size() - 1;
        assertEquals(9876, before.samples().delayUs(lastSample));
        assertEquals(1234, after.samples().delayUs(lastSample), "the stale cache was not used");
        assertRebuiltFromTheLog(f);
    }

    @Test
    void aLogRewrittenToTheSameLengthAndTimeWithAnotherHeadRebuildsTheCache() throws Exception {
        ExperimentFolder f = folder(bigLog());
        LogContent before = ExperimentLoader.load(f).content();
        FileTime mtime = Files.getLastModifiedTime(f.kernelLog());
        String text = Files.readString(f.kernelLog());
        Files.writeString(f.kernelLog(), text.replaceFirst("delay_us=4100", "delay_us=4199"));
        Files.setLastModifiedTime(f.kernelLog(), mtime);
        assertEquals(Verdict.LOG_CONTENT, SampleCache.read(f, ParserFingerprint.VALUE).verdict());
        int first = 0;
        while (before.samples().delayUs(first) != 4100) {
            first++;
        }
        assertEquals(4199, ExperimentLoader.load(f).content().samples().delayUs(first));
        assertRebuiltFromTheLog(f);
    }

    @Test
    void aChangedModificationTimeRebuildsTheCache() throws Exception {
        ExperimentFolder f = folder(bigLog());
        ExperimentLoader.load(f);
        FileTime mtime = Files.getLastModifiedTime(f.kernelLog());
        Files.setLastModifiedTime(f.kernelLog(), FileTime.fromMillis(mtime.toMillis() + 2000));
        assertEquals(Verdict.LOG_MODIFIED, SampleCache.read(f, ParserFingerprint.VALUE).verdict());
        ExperimentLoader.load(f);
        assertRebuiltFromTheLog(f);
    }

    @Test
    void anotherFormatVersionRebuildsTheCache() throws Exception {
        ExperimentFolder f = folder(bigLog());
        ExperimentLoader.load(f);
        try (FileChannel ch = FileChannel.open(SampleCache.file(f), StandardOpenOption.WRITE)) {
            ByteBuffer version = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(SampleCache.VERSION + 1).flip();
            ch.write(version, 8);
        }
        assertEquals(Verdict.VERSION, SampleCache.read(f, ParserFingerprint.VALUE).verdict());
        ExperimentLoader.load(f);
        assertRebuiltFromTheLog(f);
    }

    @Test
    void aCacheMadeByAnotherParserRebuilds() throws Exception {
        assertEquals(64, ParserFingerprint.VALUE.length(), "the parser's class files were hashed");
        ExperimentFolder f = folder(bigLog());
        LogContent fresh = KlogFiles.read(f.kernelLog());
        SampleCache.write(f, SampleCache.LogKey.of(f.kernelLog()), "an older parser", fresh);
        assertEquals(Verdict.PARSER, SampleCache.read(f, ParserFingerprint.VALUE).verdict());
        assertEquals(Verdict.VALID, SampleCache.read(f, "an older parser").verdict());
        assertEquals(fresh, ExperimentLoader.load(f).content());
        assertRebuiltFromTheLog(f);
    }

    @Test
    void aTruncatedDamagedOrMissingCacheIsRebuiltWithoutAnError() throws Exception {
        ExperimentFolder f = folder(bigLog());
        LogContent fresh = KlogFiles.read(f.kernelLog());
        ExperimentLoader.load(f);
        Path cache = SampleCache.file(f);
        long size = Files.size(cache);

        try (FileChannel ch = FileChannel.open(cache, StandardOpenOption.WRITE)) {
            ch.truncate(size / 2);
        }
        assertDamagedThenRebuilt(f, fresh);

        try (FileChannel ch = FileChannel.open(cache, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] { 0x55 }), size / 3); // inside the sample columns
        }
        assertEquals(size, Files.size(cache));
        assertDamagedThenRebuilt(f, fresh);

        Files.write(cache, new byte[0]);
        assertDamagedThenRebuilt(f, fresh);

        Files.write(cache, "not a cache at all, just text".getBytes(StandardCharsets.US_ASCII));
        assertDamagedThenRebuilt(f, fresh);

        Files.delete(cache);
        assertEquals(Verdict.MISSING, SampleCache.read(f, ParserFingerprint.VALUE).verdict());
        assertNull(SampleCache.read(f, ParserFingerprint.VALUE).content());
        assertEquals(fresh, ExperimentLoader.load(f).content());
        assertRebuiltFromTheLog(f);
    }

    @Test
    void theSealStillRefusesALogChangedAfterItsImportThoughACacheIsThere() throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        Path log = tmp.resolve("kmsg.log");
        Files.write(log, KlogParserTest.resource("kmsg.log"));
        LoadedExperiment imported = ExperimentLoader.importLog(ws, log, "kmsg", CREATED);
        assertEquals(Verdict.VALID, SampleCache.read(imported.folder(), ParserFingerprint.VALUE).verdict());
        byte[] bytes = Files.readAllBytes(imported.folder().kernelLog());
        bytes[bytes.length - 2] ^= 1;
        Files.write(imported.folder().kernelLog(), bytes);
        assertThrows(DamagedExperimentException.class, () -> ExperimentLoader.load(imported.folder()));
    }

    @Test
    void samplesMappedFromACacheStayReadableWhenTheCacheIsReplaced() throws Exception {
        ExperimentFolder f = folder(bigLog());
        ExperimentLoader.load(f);
        LogContent cached = ExperimentLoader.load(f).content();
        assertTrue(cached.samples().isMapped());
        LogContent parsed = KlogFiles.read(f.kernelLog());
        Files.writeString(f.kernelLog(), "[ 9999.000000] latency_mon: cpu=3 seq=77 delay_us=4321\n",
                StandardOpenOption.APPEND);
        LogContent rebuilt = ExperimentLoader.load(f).content(); // renames a new cache over the mapped one
        assertEquals(parsed.samples().size() + 1, rebuilt.samples().size());
        assertEquals(parsed, cached);
        for (int i = 0; i < parsed.samples().size(); i++) {
            assertEquals(parsed.samples().get(i), cached.samples().get(i), "sample " + i);
        }
    }

    private static void assertDamagedThenRebuilt(ExperimentFolder f, LogContent fresh) throws Exception {
        assertEquals(Verdict.DAMAGED, SampleCache.read(f, ParserFingerprint.VALUE).verdict());
        assertEquals(fresh, ExperimentLoader.load(f).content());
        assertRebuiltFromTheLog(f);
    }

    /** The cache is valid again and holds exactly a fresh parse of the log as it is now. */
    private static void assertRebuiltFromTheLog(ExperimentFolder f) throws Exception {
        SampleCache.Lookup lookup = SampleCache.read(f, ParserFingerprint.VALUE);
        assertEquals(Verdict.VALID, lookup.verdict());
        assertEquals(KlogFiles.read(f.kernelLog()), lookup.content());
    }

    /** An experiment without a seal (as before wqlab sealed logs), so the log may change under the cache. */
    private ExperimentFolder folder(String log) throws IOException {
        ExperimentFolder f = new Workspace(tmp.resolve("ws")).create("cached", CREATED);
        f.writeMetadata(ExperimentMetadata.of(f.id(), "cached", CREATED, ExperimentStatus.COMPLETED));
        Files.writeString(f.kernelLog(), log);
        assertEquals(Verdict.MISSING, SampleCache.read(f, ParserFingerprint.VALUE).verdict());
        return f;
    }

    /** mixed-noise.log (events, anomalies, raw lines), then enough reports that head and tail hash apart. */
    private static String bigLog() throws IOException {
        StringBuilder sb = new StringBuilder(new String(KlogParserTest.resource("mixed-noise.log"),
                StandardCharsets.UTF_8));
        for (int i = 0; i < 6000; i++) {
            sb.append(String.format("[%5d.%06d] latency_mon: cpu=%d seq=%d delay_us=%d%n", 2000 + i / 1000,
                    i % 1000 * 1000, i % 4, 100 + i / 4, 20 + i % 400));
        }
        sb.append("[ 2999.999999] latency_mon: cpu=2 seq=99999 delay_us=9876\n");
        String s = sb.toString();
        assertTrue(s.length() > 3 * SampleCache.HASHED_BYTES, "long enough: " + s.length());
        assertNotEquals(-1, s.indexOf("delay_us=4100"));
        return s;
    }
}
