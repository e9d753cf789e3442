package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The default sequence on the built-in simulated board at 20x board time (every CPU reports every run: 1 600
 * kernel-log lines a wall second, so a 1 s settle is 50 ms of wall time), while busy processes keep every core of
 * this machine loaded for the whole run: board-time timeouts must hold however late the host delivers.
 */
class LoadedHostRunTest {

    @Test
    void theDefaultSequencePassesWhileEveryCoreIsBusy(@TempDir Path dir) throws Exception {
        List<Process> hogs = new ArrayList<>();
        try {
            for (int i = 0; i < Math.max(2, Runtime.getRuntime().availableProcessors()); i++) {
                hogs.add(new ProcessBuilder("sh", "-c", "while :; do :; done").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
            }
            Path ws = dir.resolve("ws");
            CliRun run = CliRun.of("run", "--board", "sim", "--sim-speed", "20", "--var", "size.mib=128",
                    "--var", "settle.s=1", "--var", "after.s=1",
                    "--workspace", ws.toString(), "--json");
            for (Process hog : hogs) {
                assertTrue(hog.isAlive(), "the load lasted the whole run");
            }
            assertEquals(0, run.code(), run.out() + run.err());
            JsonObject summary = JsonParser.parseString(run.out()).getAsJsonObject();
            assertEquals("completed", summary.get("status").getAsString(), run.out());
            Path experiment = Path.of(summary.get("experiment").getAsString());
            JsonObject record = JsonParser.parseString(Files.readString(experiment.resolve("run.json")))
                    .getAsJsonObject();
            for (JsonElement step : record.getAsJsonArray("steps")) {
                assertEquals("ok", step.getAsJsonObject().get("outcome").getAsString(), step.toString());
            }
            assertEquals(0, record.getAsJsonArray("cleanup").asList().stream()
                    .filter(c -> c.getAsString().contains("failed")).count(), record.toString());
            CliRun stats = CliRun.of("stats", experiment.toString(), "--json");
            assertEquals(0, stats.code(), stats.err());
            JsonObject s = JsonParser.parseString(stats.out()).getAsJsonObject();
            assertEquals(1, s.getAsJsonArray("usbDisconnects").size());
            // 128 MiB cached: the pull still holds CPU 0's workqueue for a few hundred ms of board time
            assertTrue(s.getAsJsonObject("delayUs").get("max").getAsLong() >= 100_000, stats.out());
        } finally {
            for (Process hog : hogs) {
                hog.destroyForcibly();
            }
            for (Process hog : hogs) {
                hog.waitFor();
            }
        }
    }
}
