package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.sim.Profiles;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code wqlab check} on simulated boards over real SSH: a profile without tracefs instances lists "no attribution"
 * and a run on it still records; the default board is ready; a file the board does not have stops the check (exit
 * 1) and a run before anything is loaded, naming the file.
 */
class CheckVerbTest {

    /** The default profile with one field changed, as a profile file. */
    private static Path profileWith(Path dir, String field, boolean value) throws Exception {
        try (InputStream in = Profiles.class.getResourceAsStream("/profiles/" + Profiles.DEFAULT + ".json")) {
            JsonObject o = JsonParser.parseString(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                    .getAsJsonObject();
            o.addProperty(field, value);
            o.addProperty("name", "rcar-h3-" + field);
            Path file = dir.resolve(field + ".json");
            Files.writeString(file, o.toString());
            return file;
        }
    }

    @Test
    void boardWithoutTracefsInstancesListsNoAttributionAndTheRunStillRecords(@TempDir Path dir) throws Exception {
        Path profile = profileWith(dir, "noTracefsInstances", true);
        CliRun check = CliRun.of("check", "--board", "sim:" + profile);
        assertEquals(0, check.code(), check.out() + check.err());
        List<String> lines = check.out().lines().toList();
        assertTrue(lines.contains("missing: tracefs instances allowed (no /sys/kernel/tracing/instances): no "
                + "attribution: the workqueue trace is not recorded, so no work item is named as the one that held the"
                + " CPU (the run records the kernel log)"), check.out());
        assertTrue(lines.contains("ok: USB device 2-1 enumerated (/sys/bus/usb/devices/2-1)"), check.out());
        assertTrue(lines.contains("ok: file /run/media/sda1/sample.txt"), check.out());
        assertTrue(lines.contains("ok: /dev/kmsg readable"), check.out());
        assertTrue(lines.contains("ready, lacking 1 item(s): the run records without them"), check.out());

        Path ws = dir.resolve("ws");
        CliRun run = CliRun.of("run", "--board", "sim:" + profile, "--sim-speed", "20", "--workspace", ws.toString(),
                "--var", "size.mib=512", "--json");
        assertEquals(0, run.code(), run.out() + run.err());
        JsonObject summary = JsonParser.parseString(run.out()).getAsJsonObject();
        assertEquals("completed", summary.get("status").getAsString());
        Path experiment = Path.of(summary.get("experiment").getAsString());
        String notes = JsonParser.parseString(Files.readString(experiment.resolve("experiment.json")))
                .getAsJsonObject().get("notes").getAsString();
        assertTrue(notes.contains("preflight: missing: tracefs instances allowed"), notes);
        assertTrue(Files.readString(experiment.resolve("kernel.log")).contains("usb 2-1: USB disconnect"));

        CliRun explain = CliRun.of("explain", experiment.toString());
        assertEquals(0, explain.code(), explain.err());
        assertTrue(explain.out().contains("preflight: missing: tracefs instances allowed"), explain.out());
    }

    @Test
    void defaultBoardIsReady(@TempDir Path dir) throws Exception {
        CliRun check = CliRun.of("check", "--board", "sim");
        assertEquals(0, check.code(), check.out() + check.err());
        assertTrue(check.out().lines().anyMatch("ready: nothing missing"::equals), check.out());
        assertTrue(check.out().contains("ok: tracepoint workqueue/workqueue_execute_start"), check.out());
        assertFalse(check.out().lines().anyMatch(l -> l.toLowerCase(java.util.Locale.ROOT).startsWith("missing")),
                check.out());
    }

    @Test
    void fileTheBoardDoesNotHaveStopsTheCheckAndTheRunBeforeLoading(@TempDir Path dir) throws Exception {
        String missing = "/run/media/sda1/not-there.bin";
        CliRun check = CliRun.of("check", "--board", "sim", "--var", "file=" + missing);
        assertEquals(1, check.code(), check.out() + check.err());
        assertTrue(check.out().contains("MISSING, the run stops: file " + missing + " (" + missing
                + " does not exist on the board)"), check.out());

        Path ws = dir.resolve("ws");
        CliRun run = CliRun.of("run", "--board", "sim", "--sim-speed", "20", "--workspace", ws.toString(), "--var",
                "file=" + missing, "--json");
        assertEquals(1, run.code(), run.out() + run.err());
        JsonObject summary = JsonParser.parseString(run.out()).getAsJsonObject();
        assertEquals("failed", summary.get("status").getAsString());
        assertTrue(summary.get("summary").getAsString().startsWith("preflight: file " + missing), run.out());
        Path experiment = Path.of(summary.get("experiment").getAsString());
        String log = Files.readString(experiment.resolve("kernel.log"));
        assertFalse(log.contains("latency_mon"), "nothing was loaded: " + log);
        assertFalse(log.contains("step 2 load-module"), log);
    }

    @Test
    void badSequenceFileIsBadInput(@TempDir Path dir) throws Exception {
        CliRun check = CliRun.of("check", dir.resolve("none.wqseq").toString(), "--board", "sim");
        assertEquals(2, check.code(), check.out() + check.err());
        assertTrue(check.err().contains("none.wqseq: no such sequence file"), check.err());
    }
}
