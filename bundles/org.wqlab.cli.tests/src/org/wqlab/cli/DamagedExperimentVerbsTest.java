package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonParser;

/** stats, report, export and explain refuse an experiment whose kernel log is not what its import left. */
class DamagedExperimentVerbsTest {

    @TempDir
    Path tmp;

    private Path ws;
    private Path experiment;
    private Path kernelLog;
    private long recorded;

    @BeforeEach
    void importAndExplain() throws IOException {
        Path log = tmp.resolve("dmesg-r-caller.log");
        try (InputStream in = getClass().getResourceAsStream("/testdata/dmesg-r-caller.log")) {
            assertNotNull(in);
            Files.write(log, in.readAllBytes());
        }
        ws = tmp.resolve("ws");
        CliRun imported = CliRun.of("import", log.toString(), "--workspace", ws.toString());
        assertEquals(0, imported.code(), imported.err());
        try (var s = Files.list(ws)) {
            experiment = s.findFirst().orElseThrow();
        }
        kernelLog = experiment.resolve("kernel.log");
        recorded = Files.size(kernelLog);
        var seal = JsonParser.parseString(Files.readString(experiment.resolve("experiment.json"))).getAsJsonObject()
                .getAsJsonObject("kernelLog");
        assertEquals(recorded, seal.get("bytes").getAsLong(), "the import records the log's length");
        // the stored analysis must not let explain answer for a damaged log
        CliRun explained = CliRun.of("explain", experiment.toString());
        assertEquals(0, explained.code(), explained.err());
        assertTrue(Files.exists(experiment.resolve("analysis.json")));
    }

    private List<CliRun> everyVerb() {
        return List.of(CliRun.of("stats", experiment.toString(), "--json"),
                CliRun.of("report", experiment.toString(), "--text"),
                CliRun.of("export", experiment.toString(), "--csv", tmp.resolve("out.csv").toString()),
                CliRun.of("explain", experiment.toString()));
    }

    private static void assertRefused(List<CliRun> runs, String sentence) {
        for (CliRun r : runs) {
            assertEquals(2, r.code(), r.out() + r.err());
            assertTrue(r.err().contains(sentence), "expected '" + sentence + "' in: " + r.err());
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        }
    }

    @Test
    void anEmptiedLogIsNamedWithBothLengths() throws IOException {
        Files.write(kernelLog, new byte[0]);
        assertRefused(everyVerb(), kernelLog + " is 0 bytes; the import recorded " + grouped(recorded)
                + " bytes: the experiment is damaged");
    }

    @Test
    void aTruncatedLogIsRefused() throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(kernelLog.toFile(), "rw")) {
            f.setLength(recorded / 2);
        }
        assertRefused(everyVerb(), kernelLog + " is " + grouped(recorded / 2) + " bytes; the import recorded "
                + grouped(recorded) + " bytes: the experiment is damaged");
    }

    @Test
    void aDeletedLogIsRefused() throws IOException {
        Files.delete(kernelLog);
        assertRefused(everyVerb(), kernelLog + " is missing; the import recorded " + grouped(recorded)
                + " bytes: the experiment is damaged");
    }

    @Test
    void aChangedTailIsRefused() throws IOException {
        byte[] bytes = Files.readAllBytes(kernelLog);
        bytes[bytes.length - 2] ^= 1;
        Files.write(kernelLog, bytes);
        assertRefused(everyVerb(), kernelLog + " has changed: its " + grouped(recorded) + " bytes before byte "
                + grouped(recorded) + " are not those the import recorded: the experiment is damaged");
    }

    @Test
    void anIntactExperimentStillWorksWithEveryVerb() {
        for (CliRun r : everyVerb()) {
            assertEquals(0, r.code(), r.err());
        }
    }

    private static String grouped(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n).replace(',', ' ');
    }
}
