package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.Anomaly;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.InputException;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.model.TimePrecision;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.importer.KernelLogOutput;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;

/** The parse on its own thread (an import's copy and parse overlapped) gives what one parser fed in place gives. */
class BackgroundParseTest {

    @TempDir
    Path tmp;

    private static List<LogEntry> inBackground(byte[] log, Random r) throws IOException {
        EntryCollector c = new EntryCollector();
        KlogParser p = new KlogParser(c);
        byte[] reused = new byte[4096]; // the writer's buffer, overwritten after every write as an importer's is
        try (BackgroundParse parse = new BackgroundParse(p)) {
            for (int at = 0; at < log.length;) {
                int n = Math.min(log.length - at, 1 + r.nextInt(reused.length));
                System.arraycopy(log, at, reused, 0, n);
                parse.write(reused, 0, n);
                Arrays.fill(reused, (byte) 'x');
                at += n;
            }
            parse.finish();
        }
        return c.entries();
    }

    @Test
    void everyTestLogFedInRandomChunksParsesAsInPlace() throws Exception {
        Random r = new Random(3);
        for (String name : List.of("dmesg-plain.log", "dmesg-r-caller.log", "kmsg.log", "serial-capture.log",
                "journal-short.log", "journal-short-monotonic.log", "dmesg-T.log", "printk-time0.log",
                "mixed-noise.log", "serial-line-editing.log", "kern-three-boots.log", "journal-reboots.log",
                "workqueue-lockup.log")) {
            byte[] log = KlogParserTest.resource(name);
            List<LogEntry> expected = KlogParser.parseAll(new String(log, StandardCharsets.UTF_8));
            assertTrue(expected.size() > 3, name);
            for (int round = 0; round < 5; round++) {
                assertEquals(expected, inBackground(log, r), name);
            }
        }
    }

    @Test
    void whatTheParserThrowsReachesTheWriter() throws Exception {
        IllegalStateException broken = new IllegalStateException("sink broke");
        KlogParser p = new KlogParser(new KlogSink() {
            @Override
            public void sample(long line, long ts, TimePrecision precision, int delayUs, int cpu, int seq,
                    boolean classic) {
            }

            @Override
            public void event(Event event) {
            }

            @Override
            public void anomaly(Anomaly anomaly) {
            }

            @Override
            public void raw(long line, byte[] text, int from, int to) {
                if (line == 3) {
                    throw broken;
                }
            }
        });
        byte[] line = "[    1.000000] context\n".getBytes(StandardCharsets.US_ASCII);
        try (BackgroundParse parse = new BackgroundParse(p)) {
            IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> {
                for (int i = 0; i < 100; i++) { // the writer learns of it at a later write or at the end
                    parse.write(line, 0, line.length);
                }
                parse.finish();
            });
            assertSame(broken, thrown);
        }
    }

    @Test
    void anImportWhoseCopyFailsHalfwayLeavesNoParseThreadBehind() throws Exception {
        Path log = Files.writeString(tmp.resolve("cut.log"), "[    1.000000] DELAY: 5\n".repeat(1000));
        LogImporter failing = new LogImporter() {
            @Override
            public String id() {
                return "failing";
            }

            @Override
            public String name() {
                return "a copy that fails halfway";
            }

            @Override
            public boolean reads(Path file, LogHead head) {
                return true;
            }

            @Override
            public String importInto(Path file, KernelLogOutput out) throws IOException {
                byte[] bytes = Files.readAllBytes(file);
                for (int i = 0; i < 20; i++) { // more chunks than the queue holds: the writer has waited
                    out.write(bytes, 0, bytes.length / 2);
                }
                throw new IOException("device gone");
            }
        };
        Workspace ws = new Workspace(tmp.resolve("ws"));
        InputException e = assertThrows(InputException.class, () -> ExperimentLoader.importLog(ws, log, "cut",
                Instant.EPOCH, LogImporters.of(List.of(failing))));
        assertTrue(e.getMessage().endsWith("cannot read: device gone"), e.getMessage());
        assertEquals(List.of(), ws.experiments());
        try (var left = Files.list(tmp.resolve("ws"))) {
            assertEquals(List.of(), left.toList(), "neither the experiment nor its staging folder is left");
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (parseThreadAlive() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertFalse(parseThreadAlive(), "the parse thread ended with the failed copy");
    }

    private static boolean parseThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("wqlab-parse") && t.isAlive());
    }
}
