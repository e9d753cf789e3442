package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.StreamSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code wqlab stats} and {@code import} of several logs in one call, and a log of several boots. */
class MultiLogStatsTest {

    @TempDir
    Path tmp;

    private Path log(String name) throws IOException {
        return CliTest.testData(tmp, name);
    }

    private static List<Long> longs(JsonArray boots, String... path) {
        return StreamSupport.stream(boots.spliterator(), false).map(b -> {
            JsonElement e = b;
            for (String p : path) {
                e = e.isJsonArray() ? e.getAsJsonArray().get(Integer.parseInt(p)) : e.getAsJsonObject().get(p);
            }
            return e.getAsLong();
        }).toList();
    }

    @Test
    void severalLogsGiveOneResultEachAndTheWorstExitCode() throws IOException {
        Path boots = log("kern-three-boots.log");
        Path plain = log("dmesg-plain.log");
        CliRun ok = CliRun.of("stats", boots.toString(), plain.toString(), "--json");
        assertEquals(0, ok.code(), ok.err());
        JsonArray all = JsonParser.parseString(ok.out()).getAsJsonArray();
        assertEquals(2, all.size());
        JsonObject first = all.get(0).getAsJsonObject();
        assertEquals(StatsJson.FORMAT_VERSION, first.get("formatVersion").getAsInt());
        assertEquals(boots.toString(), first.getAsJsonObject("source").get("path").getAsString());
        JsonArray b = first.getAsJsonArray("boots");
        assertEquals(List.of(1L, 2L, 3L), longs(b, "boot"));
        assertEquals(List.of(1L, 7L, 12L), longs(b, "firstLine"));
        assertEquals(List.of(6L, 11L, 15L), longs(b, "lastLine"));
        assertEquals("clock went back", b.get(2).getAsJsonObject().get("startedBy").getAsString());
        assertEquals(List.of(35_000L, 40_000L, 45_000L), longs(b, "usbDisconnects", "0", "worstDelayUs"));
        assertEquals(List.of(35_000L, 40_000L, 45_000L), longs(b, "delayUs", "max"));
        // the top-level figures are the last boot's
        assertEquals(9_000L, first.getAsJsonObject("delayUs").get("min").getAsLong());
        assertEquals(1, first.getAsJsonArray("usbDisconnects").size());
        assertEquals(14, first.getAsJsonArray("usbDisconnects").get(0).getAsJsonObject().get("line").getAsLong());
        assertEquals(plain.toString(), all.get(1).getAsJsonObject().getAsJsonObject("source").get("path")
                .getAsString());
        assertEquals(1, all.get(1).getAsJsonObject().getAsJsonArray("boots").size());

        Path missing = tmp.resolve("gone.log");
        CliRun bad = CliRun.of("stats", boots.toString(), missing.toString());
        assertEquals(ExitCodes.BAD_INPUT, bad.code());
        assertTrue(bad.err().contains(missing.toString()), bad.err());
        assertTrue(bad.out().contains("boot 3 (lines 12-15, found by clock went back):"), bad.out());
    }

    @Test
    void importTakesSeveralLogsInOneCall() throws IOException {
        Path ws = tmp.resolve("ws");
        CliRun imp = CliRun.of("import", log("kern-three-boots.log").toString(), log("dmesg-plain.log").toString(),
                "--workspace", ws.toString());
        assertEquals(0, imp.code(), imp.err());
        assertTrue(imp.out().contains("3 boots"), imp.out());
        try (var s = Files.list(ws)) {
            assertEquals(2, s.count());
        }
    }

    @Test
    void statsJsonListsTheKernelsWorkqueueWarnings() throws IOException {
        Path log = Files.writeString(tmp.resolve("wq.log"), """
                [   10.000000] workqueue: hub_event hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND
                [   20.000000] workqueue: hub_event hogged CPU for >10000us 8 times, consider switching to WQ_UNBOUND
                [   72.000000] BUG: workqueue lockup - pool cpus=0 node=0 flags=0x0 nice=0 stuck for 31s!
                """);
        CliRun r = CliRun.of("stats", log.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonObject j = JsonParser.parseString(r.out()).getAsJsonObject();
        JsonArray hogs = j.getAsJsonArray("workqueueHogs");
        assertEquals(List.of(4L, 8L), longs(hogs, "times"));
        assertEquals(List.of(4L, 4L), longs(hogs, "timesSincePrevious"));
        assertEquals(List.of(10_000L, 10_000L), longs(hogs, "thresholdUs"));
        assertEquals("hub_event", hogs.get(1).getAsJsonObject().get("function").getAsString());
        JsonObject lockup = j.getAsJsonArray("workqueueLockups").get(0).getAsJsonObject();
        assertEquals(3, lockup.get("line").getAsLong());
        assertEquals("0", lockup.get("cpus").getAsString());
        assertEquals(31, lockup.get("stuckS").getAsLong());
        assertEquals(72_000_000L, lockup.get("timestampUs").getAsLong());
        assertTrue(lockup.get("dumpFirstLine").isJsonNull());
        assertEquals(0, lockup.getAsJsonArray("inFlight").size());
    }

    @Test
    void aLockupsBusyPoolDumpIsInStatsJsonAndTheExportWhileItsLinesStayContext() throws IOException {
        Path log = log("workqueue-lockup.log");
        CliRun r = CliRun.of("stats", log.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonObject j = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(13, j.getAsJsonObject("lines").get("context").getAsLong());
        JsonArray lockups = j.getAsJsonArray("workqueueLockups");
        assertEquals(List.of(3L, 4L, 19L), longs(lockups, "line"));
        JsonObject cpu0 = lockups.get(0).getAsJsonObject();
        assertEquals(5, cpu0.get("dumpFirstLine").getAsLong());
        assertEquals(17, cpu0.get("dumpLastLine").getAsLong());
        assertEquals(0, cpu0.get("poolId").getAsLong());
        assertEquals(31, cpu0.get("hungS").getAsLong());
        assertEquals("[\"hub_event\"]", cpu0.getAsJsonArray("inFlight").toString());
        assertEquals("[\"vmstat_shepherd\",\"lru_add_drain_per_cpu\",\"vmstat_update\"]",
                cpu0.getAsJsonArray("pending").toString());
        JsonObject unbound = lockups.get(1).getAsJsonObject();
        assertEquals(8, unbound.get("poolId").getAsLong());
        assertEquals("[\"flush_to_ldisc\"]", unbound.getAsJsonArray("inFlight").toString());
        assertTrue(lockups.get(2).getAsJsonObject().get("dumpFirstLine").isJsonNull());

        Path ws = tmp.resolve("ws");
        CliRun imp = CliRun.of("import", log.toString(), "--workspace", ws.toString());
        assertEquals(0, imp.code(), imp.err());
        Path experiment;
        try (var dirs = Files.list(ws)) {
            experiment = dirs.findFirst().orElseThrow();
        }
        Path csv = tmp.resolve("out.csv");
        CliRun exp = CliRun.of("export", experiment.toString(), "--csv", csv.toString());
        assertEquals(0, exp.code(), exp.err());
        List<String> lockupRows = Files.readAllLines(csv).stream().filter(l -> l.startsWith("event,3,")).toList();
        assertEquals(1, lockupRows.size());
        assertEquals("event,3,72000000,us,,,,,workqueue_lockup,cpus=0 node=0 flags=0x0 nice=0,\"cpus=0"
                + " dump_first_line=5 dump_last_line=17 flags=0x0 hung_s=31 in_flight=hub_event nice=0 node=0"
                + " pending=vmstat_shepherd,lru_add_drain_per_cpu,vmstat_update pool_id=0 stuck_s=31\"",
                lockupRows.get(0));
    }

    private static final String NEW_YEAR_PULL = """
            Dec 31 23:59:58 board kernel: usb 1-1: USB disconnect, device number 2
            Jan  1 00:00:02 board kernel: DELAY: 41
            """;

    @Test
    void aLogGivenDirectlyTakesTheYearOfItsDatesFromTheFileAndSaysWhenGuessed() throws IOException {
        Path guessed = Files.writeString(tmp.resolve("kern.log"), NEW_YEAR_PULL);
        Files.setLastModifiedTime(guessed, FileTime.from(Instant.parse("2025-01-02T08:00:00Z")));
        Path header = Files.writeString(tmp.resolve("journal.txt"),
                "-- Logs begin at Tue 2022-12-31 23:00:00 UTC, end at Sun 2023-01-01 00:10:00 UTC. --\n"
                        + NEW_YEAR_PULL);
        CliRun run = CliRun.of("stats", guessed.toString(), header.toString(), "--json");
        assertEquals(0, run.code(), run.err());
        JsonArray all = JsonParser.parseString(run.out()).getAsJsonArray();
        JsonObject first = all.get(0).getAsJsonObject();
        JsonObject year = first.getAsJsonObject("source").getAsJsonObject("yearOfDates");
        assertEquals(2024, year.get("year").getAsInt());
        assertTrue(year.get("guessed").getAsBoolean());
        JsonObject pull = first.getAsJsonArray("usbDisconnects").get(0).getAsJsonObject();
        assertEquals(Instant.parse("2024-12-31T23:59:58Z").toEpochMilli() * 1000, pull.get("timestampUs")
                .getAsLong());
        JsonObject second = all.get(1).getAsJsonObject();
        year = second.getAsJsonObject("source").getAsJsonObject("yearOfDates");
        assertEquals(2022, year.get("year").getAsInt());
        assertEquals("the journal's header", year.get("basis").getAsString());
        assertFalse(year.get("guessed").getAsBoolean());
        assertEquals(Instant.parse("2022-12-31T23:59:58Z").toEpochMilli() * 1000, second
                .getAsJsonArray("usbDisconnects").get(0).getAsJsonObject().get("timestampUs").getAsLong());

        CliRun text = CliRun.of("stats", guessed.toString());
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("  dates without a year read as 2024, from the file's modification time"
                + " (guessed)\n"), text.out());
        CliRun none = CliRun.of("stats", log("dmesg-plain.log").toString(), "--json");
        assertTrue(JsonParser.parseString(none.out()).getAsJsonObject().getAsJsonObject("source").get("yearOfDates")
                .isJsonNull(), none.out());
    }
}
