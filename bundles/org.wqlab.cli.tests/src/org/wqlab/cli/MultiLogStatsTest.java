package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
    }
}
