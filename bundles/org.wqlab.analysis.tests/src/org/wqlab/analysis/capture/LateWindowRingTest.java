package org.wqlab.analysis.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** The late-window ring on a synthetic trace: one event every 10 ms of trace time, windows of one second. */
class LateWindowRingTest {

    private static final long MS = 1000;
    private static final long S = 1_000_000;

    @TempDir
    Path dir;

    @Test
    void keepsTheWindowsAroundEachLateReportAndDropsTheRest() throws IOException {
        Path trace = dir.resolve("trace.log");
        try (LateWindowRing ring = new LateWindowRing(trace, dir, 1)) {
            feed(ring, "# wqlab trace: instance wqlab\n");
            for (long us = 100 * S; us < 130 * S; us += 10 * MS) {
                if (us == 110 * S + 500 * MS) {
                    ring.keepAround(us, 400 * MS); // stall from 110.1 s: keeps 109 s .. 112 s
                }
                if (us == 125 * S + 200 * MS) {
                    ring.keepAround(us, 50 * MS); // keeps 124 s .. 127 s
                }
                ring.logReached(us);
                feed(ring, event(us));
            }
        }
        List<long[]> kept = List.of(new long[] { 109 * S, 112 * S }, new long[] { 124 * S, 127 * S });
        JsonObject windows = windows();
        assertEquals(2, windows.getAsJsonArray("kept").size(), windows::toString);
        for (int k = 0; k < kept.size(); k++) {
            JsonObject w = windows.getAsJsonArray("kept").get(k).getAsJsonObject();
            assertArrayEquals(kept.get(k), new long[] { w.get("fromUs").getAsLong(), w.get("toUs").getAsLong() });
        }
        List<String> lines = Files.readAllLines(trace);
        assertEquals("# wqlab trace: instance wqlab", lines.get(0), "a note before the first event stays first");
        long events = lines.stream().filter(l -> l.contains("workqueue_execute_start")).count();
        assertEquals(600, events, "two windows of 3 s, 100 events each second");
        assertEquals(1, lines.stream().filter(l -> l.startsWith(LateWindowRing.GAP_NOTE)).count());
        assertEquals(LateWindowRing.GAP_NOTE + ": dropped 112000000 to 124000000 us", lines.get(301));
        long eventBytes = event(0).getBytes(StandardCharsets.UTF_8).length;
        assertEquals(600 * eventBytes, windows.get("keptBytes").getAsLong());
        assertEquals((3000 - 600) * eventBytes, windows.get("droppedBytes").getAsLong());
        assertFalse(Files.exists(dir.resolve("trace-ring")));
    }

    @Test
    void aTraceThatStartsLateInTheBoardsLifeIsCutIntoWindowsFromItsFirstLine() throws IOException {
        // the first line once fell into a segment that was never evicted, and every line after it with it
        Path trace = dir.resolve("trace.log");
        try (LateWindowRing ring = new LateWindowRing(trace, dir, 1)) {
            for (long us = 5000 * S; us < 5020 * S; us += 10 * MS) {
                ring.logReached(us);
                feed(ring, event(us));
                assertTrue(segmentsOnDisk() <= LateWindowRing.RING_SEGMENTS + 1, "ring bounded at " + us);
            }
        }
        assertEquals(0, Files.readAllLines(trace).size(), "no late report: nothing kept");
        assertEquals(2000 * event(0).getBytes(StandardCharsets.UTF_8).length,
                windows().get("droppedBytes").getAsLong());
    }

    @Test
    void aLateReportReadAfterTheTraceAroundItStillKeepsIt() throws IOException {
        // the kernel log and the trace are two streams: here the log is read 12 windows behind the trace
        Path trace = dir.resolve("trace.log");
        try (LateWindowRing ring = new LateWindowRing(trace, dir, 1)) {
            for (long us = 0; us < 30 * S; us += 10 * MS) {
                feed(ring, event(us));
                long logUs = us - 12 * S;
                if (logUs >= 0) {
                    ring.logReached(logUs);
                }
                if (logUs == 5 * S) {
                    ring.keepAround(logUs, 200 * MS);
                }
            }
        }
        JsonObject w = windows().getAsJsonArray("kept").get(0).getAsJsonObject();
        assertEquals(3 * S, w.get("fromUs").getAsLong());
        assertEquals(7 * S, w.get("toUs").getAsLong());
        assertEquals(400, Files.readAllLines(trace).size());
    }

    @Test
    void withoutTheLogTheRingHoldsAtMostItsLimit() throws IOException {
        try (LateWindowRing ring = new LateWindowRing(dir.resolve("trace.log"), dir, 1)) {
            for (long us = 0; us < 100 * S; us += 100 * MS) {
                feed(ring, event(us));
                assertTrue(segmentsOnDisk() <= LateWindowRing.HOLD_LIMIT + 1, "held at " + us);
            }
        }
        assertEquals(1000 * event(0).getBytes(StandardCharsets.UTF_8).length,
                windows().get("droppedBytes").getAsLong());
    }

    @Test
    void linesSplitAcrossChunksAreWhole() throws IOException {
        Path trace = dir.resolve("trace.log");
        StringBuilder all = new StringBuilder();
        for (long us = 2 * S; us < 3 * S; us += 10 * MS) {
            all.append(event(us));
        }
        byte[] b = bytes(all.toString());
        try (LateWindowRing ring = new LateWindowRing(trace, dir, 1)) {
            ring.keepAround(2 * S + 500 * MS, 0);
            for (int off = 0; off < b.length; off += 37) {
                ring.append(b, off, Math.min(37, b.length - off));
            }
        }
        assertEquals(all.toString(), Files.readString(trace));
    }

    private JsonObject windows() throws IOException {
        return JsonParser.parseString(Files.readString(dir.resolve(LateWindowRing.WINDOWS_FILE))).getAsJsonObject();
    }

    private long segmentsOnDisk() throws IOException {
        try (var files = Files.list(dir.resolve("trace-ring"))) {
            return files.count();
        }
    }

    private static String event(long us) {
        return String.format(Locale.ROOT, "     kworker/0:1-40      [000] ..... %6d.%06d: workqueue_execute_start:"
                + " work struct ffff000012340040: function latency_mon_work%n", us / S, us % S);
    }

    private static void feed(LateWindowRing ring, String text) throws IOException {
        byte[] b = bytes(text);
        ring.append(b, 0, b.length);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
