package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.wqlab.report.export.CsvExport;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

class CliTest {

    @TempDir
    Path tmp;

    private Path log(String name) throws IOException {
        return testData(tmp, name);
    }

    /** The test log {@code name} written into {@code dir}. */
    static Path testData(Path dir, String name) throws IOException {
        try (InputStream in = CliTest.class.getResourceAsStream("/testdata/" + name)) {
            assertNotNull(in, name);
            Path p = dir.resolve(name);
            Files.write(p, in.readAllBytes());
            return p;
        }
    }

    private static void assertNoStackTrace(CliRun r) {
        assertFalse(r.err().contains("\tat "), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void importStatsJsonAndExport() throws IOException {
        Path ws = tmp.resolve("ws");
        CliRun imp = CliRun.of("import", log("dmesg-r-caller.log").toString(), "--workspace", ws.toString(), "--name",
                "caller run");
        assertEquals(0, imp.code(), imp.err());
        assertTrue(imp.out().contains("14 lines: 6 samples, 4 events, 0 anomalies, 4 context"), imp.out());
        assertTrue(imp.out().contains("lost reports: 3, USB disconnects: 1"), imp.out());
        List<Path> dirs;
        try (var s = Files.list(ws)) {
            dirs = s.toList();
        }
        assertEquals(1, dirs.size());
        String id = dirs.get(0).getFileName().toString();
        assertTrue(id.endsWith("-caller-run"), id);

        CliRun stats = CliRun.of("stats", id, "--workspace", ws.toString(), "--json");
        assertEquals(0, stats.code(), stats.err());
        JsonObject j = JsonParser.parseString(stats.out()).getAsJsonObject();
        assertEquals(2, j.get("formatVersion").getAsInt());
        assertEquals("experiment", j.getAsJsonObject("source").get("kind").getAsString());
        assertEquals("caller run", j.getAsJsonObject("source").get("name").getAsString());
        JsonObject d = j.getAsJsonObject("delayUs");
        assertEquals(6, d.get("count").getAsLong());
        assertEquals(-120, d.get("min").getAsLong());
        assertEquals(6_781_904, d.get("max").getAsLong());
        assertEquals(4020, d.get("p50").getAsLong());
        assertEquals(9000, j.get("thresholdUs").getAsLong());
        assertTrue(j.get("thresholdFromLog").getAsBoolean());
        assertFalse(j.get("lateRunsOnly").getAsBoolean());
        assertEquals(3, j.get("lostReports").getAsLong());
        JsonArray pulls = j.getAsJsonArray("usbDisconnects");
        assertEquals(1, pulls.size());
        JsonObject pull = pulls.get(0).getAsJsonObject();
        assertEquals("2-1", pull.get("device").getAsString());
        assertEquals(6_781_904, pull.get("worstDelayUs").getAsLong());
        // first report under 9 ms after the worst one: cpu 1 at 2009.000550, disconnect at 2003.500000
        assertEquals(5_500_550, pull.get("recoveryUs").getAsLong());
        JsonObject cycles = j.getAsJsonObject("cycles");
        assertEquals(1, cycles.get("count").getAsInt(), cycles::toString);
        assertEquals(6_781_904, cycles.get("p90Us").getAsLong());
        assertEquals(6_781_904, cycles.getAsJsonArray("worstUs").get(0).getAsLong());
        long binned = 0;
        for (var b : j.getAsJsonArray("histogram")) {
            binned += b.getAsJsonObject().get("count").getAsLong();
        }
        assertEquals(6, binned);

        CliRun fromLog = CliRun.of("stats", log("dmesg-r-caller.log").toString(), "--json");
        assertEquals(0, fromLog.code(), fromLog.err());
        JsonObject lj = JsonParser.parseString(fromLog.out()).getAsJsonObject();
        assertEquals(j.get("delayUs"), lj.get("delayUs"));
        assertEquals(j.get("usbDisconnects"), lj.get("usbDisconnects"));

        CliRun text = CliRun.of("stats", dirs.get(0).toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("p99.9 6781904"), text.out());

        Path csv = tmp.resolve("out/run.csv");
        CliRun exp = CliRun.of("export", dirs.get(0).toString(), "--csv", csv.toString());
        assertEquals(0, exp.code(), exp.err());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(CsvExport.HEADER, rows.get(0));
        assertEquals(1 + 6 + 4, rows.size());
        assertEquals("sample,6,2001104230,us,0,1,4118,structured,,,", rows.get(3));
        assertEquals("event,9,2003500000,us,,,,,usb_disconnect,2-1,device_number=2", rows.get(6));
    }

    @Test
    void lateRunsOnlyLabelForClassicLogs() throws IOException {
        CliRun r = CliRun.of("stats", log("dmesg-plain.log").toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonObject j = JsonParser.parseString(r.out()).getAsJsonObject();
        assertTrue(j.get("lateRunsOnly").getAsBoolean());
        assertEquals(1, j.getAsJsonObject("anomaliesByKind").get("NEGATIVE_DELAY").getAsLong());
        assertEquals(1, j.getAsJsonObject("anomaliesByKind").get("IMPLAUSIBLE_DELAY").getAsLong());
        assertTrue(CliRun.of("stats", log("dmesg-plain.log").toString()).out().contains("late runs only"));
    }

    @Test
    void badInputGivesExitTwoAndNamesTheFile() throws IOException {
        Path junk = tmp.resolve("junk.log");
        byte[] garbage = new byte[8192];
        new Random(3).nextBytes(garbage);
        Files.write(junk, garbage);
        Path ws = tmp.resolve("ws");
        CliRun r = CliRun.of("import", junk.toString(), log("dmesg-plain.log").toString(), "--workspace", ws.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains(junk + ":"), r.err());
        assertTrue(r.err().contains("binary data"), r.err());
        assertTrue(r.out().contains("imported " + tmp.resolve("dmesg-plain.log")), "the good log still imports");
        assertNoStackTrace(r);

        CliRun missing = CliRun.of("stats", tmp.resolve("nope.log").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("nope.log"), missing.err());

        Path exp;
        try (var s = Files.list(ws)) {
            exp = s.findFirst().orElseThrow();
        }
        Files.writeString(exp.resolve("experiment.json"), "{\n\"formatVersion\": 1,\n\"id\": }\n");
        CliRun corrupt = CliRun.of("stats", exp.toString());
        assertEquals(2, corrupt.code());
        assertTrue(corrupt.err().contains("experiment.json:3: malformed JSON"), corrupt.err());
        assertNoStackTrace(corrupt);
    }

    @Test
    void usageErrorsAndHelp() {
        CliRun none = CliRun.of();
        assertEquals(2, none.code());
        assertTrue(none.err().contains("usage: wqlab"));
        CliRun unknown = CliRun.of("frobnicate");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("unknown verb 'frobnicate'"), unknown.err());
        CliRun help = CliRun.of("--help");
        assertEquals(0, help.code());
        assertTrue(help.out().contains("import LOG..."));
        assertEquals(0, CliRun.of("stats", "--help").code());
        CliRun badOption = CliRun.of("stats", "x.log", "--jsn");
        assertEquals(2, badOption.code());
        assertTrue(badOption.err().contains("unknown option '--jsn'"), badOption.err());
        CliRun noCsv = CliRun.of("export", "x");
        assertEquals(2, noCsv.code());
        assertTrue(noCsv.err().contains("--csv FILE is required"), noCsv.err());
        CliRun noValue = CliRun.of("import", "a.log", "--workspace");
        assertEquals(2, noValue.code());
        assertTrue(noValue.err().contains("--workspace needs a value"), noValue.err());
        CliRun badThreshold = CliRun.of("stats", "a.log", "--threshold-ms", "ten");
        assertEquals(2, badThreshold.code());
        assertTrue(badThreshold.err().contains("--threshold-ms"), badThreshold.err());
        assertNoStackTrace(badThreshold);
    }

    @Test
    void numbersOutOfRangeAreRefusedNamingFlagAndRange() throws Exception {
        CliRun threshold = CliRun.of("stats", "a.log", "--threshold-ms", "18446744073709552");
        assertEquals(2, threshold.code());
        assertTrue(threshold.err().contains("--threshold-ms: '18446744073709552' must be a whole number of"
                + " milliseconds from 0 to 3600000"), threshold.err());
        CliRun speed = CliRun.of("run", "--board", "sim", "--sim-speed", "1e-300");
        assertEquals(2, speed.code());
        assertTrue(speed.err().contains("--sim-speed: '1e-300' must be a number from 0.001 to 1000"), speed.err());
        assertNoStackTrace(speed);
        CliRun simSpeed = simVerb("--speed", "1e308");
        assertEquals(2, simSpeed.code());
        assertTrue(simSpeed.err().contains("--speed: '1e308' must be a number from 0.001 to 1000"), simSpeed.err());
        CliRun simPort = simVerb("--port", "abc");
        assertEquals(2, simPort.code());
        assertTrue(simPort.err().contains("--port: 'abc' must be a whole number from 0 to 65535"), simPort.err());
        assertNoStackTrace(simPort);
    }

    /** {@code wqlab sim} reports on the process's standard error, so that is what is read. */
    private static CliRun simVerb(String... args) {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            List<String> all = new java.util.ArrayList<>(List.of("sim"));
            all.addAll(List.of(args));
            CliRun r = CliRun.of(all.toArray(String[]::new));
            return new CliRun(r.code(), r.out(), r.err() + err.toString(java.nio.charset.StandardCharsets.UTF_8));
        } finally {
            System.setErr(saved);
        }
    }

    @Test
    void failuresNameTheFileOrFlagAndWhatIsWrong() throws IOException {
        Path ws = tmp.resolve("ws-vague");
        CliRun imported = CliRun.of("import", log("dmesg-plain.log").toString(), "--workspace", ws.toString());
        assertEquals(0, imported.code(), imported.err());
        Path exp;
        try (var s = Files.list(ws)) {
            exp = s.findFirst().orElseThrow();
        }
        byte[] notUtf8 = { '{', (byte) 0xff, (byte) 0xfe, '}' };

        CliRun notASequence = CliRun.of("run", "/bin/ls", "--workspace", ws.toString());
        assertEquals(2, notASequence.code());
        assertTrue(notASequence.err().contains("/bin/ls: not UTF-8 text"), notASequence.err());

        Path regularFile = log("dmesg-plain.log");
        CliRun fileAsWorkspace = CliRun.of("stats", "some-id", "--workspace", regularFile.toString());
        assertEquals(2, fileAsWorkspace.code());
        assertTrue(fileAsWorkspace.err().contains(regularFile + ": --workspace must be a folder"),
                fileAsWorkspace.err());
        CliRun runFileAsWorkspace = CliRun.of("run", "--workspace", regularFile.toString());
        assertEquals(2, runFileAsWorkspace.code());
        assertTrue(runFileAsWorkspace.err().contains("--workspace must be a folder"), runFileAsWorkspace.err());

        CliRun csvToFolder = CliRun.of("export", exp.toString(), "--csv", tmp.toString());
        assertEquals(2, csvToFolder.code());
        assertTrue(csvToFolder.err().contains("--csv: " + tmp + " is a folder"), csvToFolder.err());

        byte[] metadata = Files.readAllBytes(exp.resolve("experiment.json"));
        Files.write(exp.resolve("experiment.json"), notUtf8);
        CliRun corruptMetadata = CliRun.of("stats", exp.toString());
        assertEquals(2, corruptMetadata.code());
        assertTrue(corruptMetadata.err().contains("experiment.json") && corruptMetadata.err().contains("not UTF-8"),
                corruptMetadata.err());
        Files.write(exp.resolve("experiment.json"), metadata);

        Files.write(exp.resolve("analysis.json"), notUtf8);
        CliRun corruptAnalysis = CliRun.of("explain", exp.toString());
        assertEquals(2, corruptAnalysis.code());
        assertTrue(corruptAnalysis.err().contains("analysis.json") && corruptAnalysis.err().contains("not UTF-8"),
                corruptAnalysis.err());
        for (CliRun r : List.of(notASequence, fileAsWorkspace, csvToFolder, corruptMetadata, corruptAnalysis)) {
            assertNoStackTrace(r);
        }
    }

    @Test
    void anExceptionWithoutAMessageIsDescribedByItsTypeAndWhereWqlabMetIt() {
        assertEquals("Disk full", Cli.describe(new IOException("Disk full")));
        String closed = Cli.describe(new IOException(new java.nio.channels.ClosedChannelException()));
        assertEquals("java.nio.channels.ClosedChannelException", closed, "IOException(cause) carries the cause's name");
        String bare = Cli.describe(new java.nio.channels.ClosedChannelException());
        assertTrue(bare.startsWith("java.nio.channels.ClosedChannelException at org.wqlab.cli.CliTest."), bare);
        String wrapped = Cli.describe(new java.io.UncheckedIOException("", new java.io.EOFException()));
        assertTrue(wrapped.startsWith("java.io.UncheckedIOException at org.wqlab.cli.CliTest."), wrapped);
        assertTrue(wrapped.contains("(caused by java.io.EOFException at org.wqlab.cli.CliTest."), wrapped);
    }
}
