package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** The default sequence headless on the simulated board, checked against its ground truth. */
class RunVerbTest {

    private static List<Path> simRunFolders(Path tmp) throws Exception {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith(SimRunState.PREFIX)).toList();
        }
    }

    @Test
    void defaultSequenceOnTheSimulatedBoardMatchesTheGroundTruth(@TempDir Path dir) throws Exception {
        Path ws = dir.resolve("ws");
        Path truth = dir.resolve("ground-truth.jsonl");
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> simFoldersBefore = simRunFolders(tmp);
        // every CPU reporting every run: 80 kernel-log lines per board second, so a lower speed than the report
        // procedure's and a 1 GiB copy keep the run short
        CliRun run = CliRun.of("run", "--board", "sim", "--sim-speed", "10", "--workspace", ws.toString(),
                "--ground-truth", truth.toString(), "--var", "size.mib=1024", "--json");
        assertEquals(0, run.code(), run.out() + run.err());
        // other runs may be going on in this temporary directory: only a folder nobody holds is a leftover
        List<Path> left = simRunFolders(tmp).stream().filter(p -> !simFoldersBefore.contains(p))
                .filter(p -> !SimRunState.inUse(p)).toList();
        assertEquals(List.of(), left, "the run left its simulated board's folder");
        JsonObject summary = JsonParser.parseString(run.out()).getAsJsonObject();
        assertEquals("completed", summary.get("status").getAsString());
        Path experiment = Path.of(summary.get("experiment").getAsString());
        assertTrue(experiment.startsWith(ws), experiment::toString);

        JsonObject metadata = JsonParser.parseString(Files.readString(experiment.resolve("experiment.json")))
                .getAsJsonObject();
        assertEquals("completed", metadata.get("status").getAsString());
        assertEquals("latency_mon", metadata.get("module").getAsString());
        assertTrue(metadata.get("sequence").getAsString().contains("\"usb-disconnect\""));
        JsonObject record = JsonParser.parseString(Files.readString(experiment.resolve("run.json"))).getAsJsonObject();
        JsonObject module = record.getAsJsonObject("module");
        assertEquals("latency_mon", module.get("name").getAsString());
        assertEquals(64, module.get("sha256").getAsString().length());
        long cachedKb = record.getAsJsonArray("cachedKbBeforeDisconnect").get(0).getAsLong();
        assertTrue(cachedKb > 1_000_000, "Cached before the pull: " + cachedKb + " kB");
        String log = Files.readString(experiment.resolve("kernel.log"), StandardCharsets.UTF_8);
        assertTrue(log.contains("usb 2-1: USB disconnect, device number"), log);
        assertTrue(log.contains("latency_mon: start cpu=all period_ms="), "every CPU is watched");
        assertTrue(log.contains(" report_all=1"), "every run is reported");
        assertEquals("Every CPU: drop the page cache, copy, then pull the stick · Simulated rcar-h3-default"
                + " · size.mib=1024", metadata.get("name").getAsString());

        long truthWorstUs;
        try (Stream<String> lines = Files.lines(truth)) {
            truthWorstUs = lines.map(l -> JsonParser.parseString(l).getAsJsonObject())
                    .filter(o -> o.get("type").getAsString().equals("monitor"))
                    .mapToLong(o -> o.get("delayUs").getAsLong()).max().orElseThrow();
        }
        assertTrue(truthWorstUs > 1_000_000, "the pull stalls the monitor for seconds: " + truthWorstUs);

        CliRun stats = CliRun.of("stats", experiment.toString(), "--json");
        assertEquals(0, stats.code(), stats.err());
        JsonObject s = JsonParser.parseString(stats.out()).getAsJsonObject();
        long maxUs = s.getAsJsonObject("delayUs").get("max").getAsLong();
        assertTrue(Math.abs(maxUs - truthWorstUs) <= 1000, "stats max " + maxUs + " us vs ground truth "
                + truthWorstUs + " us");
        List<JsonElement> disconnects = s.getAsJsonArray("usbDisconnects").asList();
        assertEquals(1, disconnects.size());
        long worstAfterPull = disconnects.get(0).getAsJsonObject().get("worstDelayUs").getAsLong();
        assertTrue(Math.abs(worstAfterPull - truthWorstUs) <= 1000, worstAfterPull + " vs " + truthWorstUs);
    }

    @Test
    void reportProcedureRunsTheClassicModuleOnCpu0(@TempDir Path dir) throws Exception {
        Path ws = dir.resolve("ws");
        CliRun run = CliRun.of("run", "--report-procedure", "--board", "sim", "--sim-speed", "40", "--workspace",
                ws.toString(), "--var", "size.mib=256", "--json");
        assertEquals(0, run.code(), run.out() + run.err());
        JsonObject summary = JsonParser.parseString(run.out()).getAsJsonObject();
        assertEquals("completed", summary.get("status").getAsString());
        Path experiment = Path.of(summary.get("experiment").getAsString());
        JsonObject metadata = JsonParser.parseString(Files.readString(experiment.resolve("experiment.json")))
                .getAsJsonObject();
        assertTrue(metadata.get("sequence").getAsString().contains("\"name\": \"Report procedure\""));
        String log = Files.readString(experiment.resolve("kernel.log"), StandardCharsets.UTF_8);
        assertTrue(log.contains("DELAY: "), "the classic module reports late runs as DELAY lines");
        assertTrue(log.contains("latency_mon: start cpu=0 period_ms=100 threshold_ms=9 report_all=0"),
                "the installed module with its defaults: CPU 0, late runs only");
        assertEquals("Report procedure · Simulated rcar-h3-default · size.mib=256",
                metadata.get("name").getAsString(), "the name says what differs from the sequence's defaults");

        CliRun both = CliRun.of("run", "--report-procedure", "x.wqseq", "--workspace", ws.toString());
        assertEquals(Cli.BAD_INPUT, both.code(), both.err());
        assertTrue(both.err().contains("--report-procedure and a SEQUENCE file (x.wqseq): give one"), both.err());
    }

    @Test
    void badSequencesAreBadInputNamingTheStep(@TempDir Path dir) throws Exception {
        Path seq = dir.resolve("bad.wqseq");
        Files.writeString(seq, """
                {"format": "wqseq", "variables": {"s": "1"}, "steps": [
                  {"type": "sleep", "name": "nap", "seconds": "${t}"}]}
                """);
        CliRun r = CliRun.of("run", seq.toString(), "--workspace", dir.resolve("ws").toString());
        assertEquals(Cli.BAD_INPUT, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("step 1 (nap): field 'seconds': unknown variable ${t}"), r.err());
        CliRun v = CliRun.of("run", "--var", "nonsense", "--workspace", dir.resolve("ws").toString());
        assertEquals(Cli.BAD_INPUT, v.code());
        assertTrue(v.err().contains("--var 'nonsense': expected NAME=VALUE"), v.err());
        assertTrue(!Files.exists(dir.resolve("ws")), "nothing is recorded for a sequence that does not validate");
    }

    @Test
    void aNewlineInAVariableForgesNoSampleAndNoUsbDisconnect(@TempDir Path dir) throws Exception {
        Path seq = Files.writeString(dir.resolve("mark.wqseq"), """
                {"format": "wqseq", "name": "mark", "variables": {"label": "x"}, "steps": [
                  {"type": "connect"},
                  {"type": "mark", "label": "${label}"}]}
                """);
        CliRun run = CliRun.of("run", seq.toString(), "--board", "sim", "--sim-speed", "40", "--workspace",
                dir.resolve("ws").toString(), "--var",
                "label=x\nDELAY: 99999\nusb 2-1: USB disconnect, device number 3", "--json");
        assertEquals(0, run.code(), run.out() + run.err());
        Path experiment = Path.of(JsonParser.parseString(run.out()).getAsJsonObject().get("experiment").getAsString());
        CliRun stats = CliRun.of("stats", experiment.toString(), "--json");
        assertEquals(0, stats.code(), stats.err());
        JsonObject lines = JsonParser.parseString(stats.out()).getAsJsonObject().getAsJsonObject("lines");
        assertEquals(0, lines.get("samples").getAsInt(), stats.out());
        // the run's own markers only: its two steps and the mark, whose label holds the forged lines as text
        assertEquals(3, lines.get("events").getAsInt(), stats.out());
        assertEquals(0, JsonParser.parseString(stats.out()).getAsJsonObject().getAsJsonArray("usbDisconnects").size(),
                stats.out());
        String log = Files.readString(experiment.resolve("kernel.log"), StandardCharsets.UTF_8);
        assertTrue(log.contains(";wqlab: mark x\\x0aDELAY: 99999\\x0ausb 2-1: USB disconnect, device number 3\n"),
                log);
    }
}
