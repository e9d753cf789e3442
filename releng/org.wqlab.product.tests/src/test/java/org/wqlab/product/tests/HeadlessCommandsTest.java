package org.wqlab.product.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The headless verbs through the product's launcher, on the real latency-mon's output captured from Debian kernels
 * under QEMU (kmod/samples). The expected numbers are computed here independently, with regular expressions.
 */
class HeadlessCommandsTest {
    private static final Pattern STRUCTURED = Pattern.compile("latency_mon: cpu=\\d+ seq=\\d+ delay_us=(-?\\d+)$");
    private static final Pattern CLASSIC = Pattern.compile("\\] DELAY: (\\d+)$");

    @TempDir
    Path workspace;

    private static Path realModuleLog() {
        return Path.of(System.getProperty("wqlab.repo.root"), "kmod/samples/qemu-debian-6.1.0-57-amd64.dmesg");
    }

    @Test
    void helpListsTheVerbs() throws Exception {
        Launch launch = Launch.run(Map.of(), "--help");

        assertEquals(0, launch.exitCode(), launch.stderr());
        for (String verb : List.of("import", "stats", "export")) {
            assertTrue(launch.stdout().contains(verb), "help does not mention " + verb + ":\n" + launch.stdout());
        }
    }

    @Test
    void importThenStatsOfTheRealModulesLogMatchAnIndependentCount() throws Exception {
        Path log = realModuleLog();
        List<String> lines = Files.readAllLines(log);
        long expectedSamples = 0;
        long expectedMax = Long.MIN_VALUE;
        for (String line : lines) {
            Matcher structured = STRUCTURED.matcher(line);
            Matcher classic = CLASSIC.matcher(line);
            if (structured.find()) {
                expectedSamples++;
                expectedMax = Math.max(expectedMax, Long.parseLong(structured.group(1)));
            } else if (classic.find()) {
                expectedSamples++;
                expectedMax = Math.max(expectedMax, Long.parseLong(classic.group(1)) * 1000);
            }
        }

        Launch imported = Launch.run(Map.of(), "import", log.toString(), "--workspace", workspace.toString(),
                "--name", "qemu amd64");
        assertEquals(0, imported.exitCode(), imported.stderr());
        List<Path> experiments;
        try (Stream<Path> list = Files.list(workspace)) {
            experiments = list.filter(Files::isDirectory).toList();
        }
        assertEquals(1, experiments.size(), experiments.toString());
        Path experiment = experiments.get(0);
        assertArrayEquals(Files.readAllBytes(log), Files.readAllBytes(experiment.resolve("kernel.log")));

        Launch stats = Launch.run(Map.of(), "stats", experiment.toString(), "--json");
        assertEquals(0, stats.exitCode(), stats.stderr());
        JsonObject json = JsonParser.parseString(stats.stdout()).getAsJsonObject();
        JsonObject counts = json.getAsJsonObject("lines");
        assertEquals(lines.size(), counts.get("total").getAsInt());
        assertEquals(lines.size(), counts.get("samples").getAsInt() + counts.get("events").getAsInt()
                + counts.get("anomalies").getAsInt() + counts.get("context").getAsInt());
        assertEquals(expectedSamples, json.getAsJsonObject("delayUs").get("count").getAsLong());
        assertEquals(expectedMax, json.getAsJsonObject("delayUs").get("max").getAsLong());
    }

    @Test
    void aMissingExperimentIsABadInputNamedInOneLine() throws Exception {
        Path missing = workspace.resolve("no-such-experiment");

        Launch launch = Launch.run(Map.of(), "stats", missing.toString());

        assertEquals(2, launch.exitCode());
        assertTrue(launch.stderr().contains(missing.toString()), launch.stderr());
        assertEquals(1, launch.stderr().strip().lines().count(), launch.stderr());
        assertFalse(launch.stderr().contains("Exception"), launch.stderr());
    }

    @Test
    void binaryGarbageIsRefusedNamingTheFileAndLeavesNoExperiment() throws Exception {
        Path garbage = workspace.resolveSibling(workspace.getFileName() + "-garbage.bin");
        byte[] bytes = new byte[64 * 1024];
        new java.util.Random(7).nextBytes(bytes);
        Files.write(garbage, bytes);
        try {
            Launch launch = Launch.run(Map.of(), "import", garbage.toString(), "--workspace", workspace.toString());

            assertEquals(2, launch.exitCode(), launch.stdout() + launch.stderr());
            assertTrue(launch.stderr().contains(garbage.toString()), launch.stderr());
            assertFalse(launch.stderr().contains("Exception"), launch.stderr());
            try (Stream<Path> list = Files.list(workspace)) {
                assertEquals(0, list.count());
            }
        } finally {
            Files.deleteIfExists(garbage);
        }
    }

    @Test
    void runOfTheReportProcedureOnTheSimulatedBoardRecordsTheStallAfterTheDisconnect() throws Exception {
        Launch launch = Launch.run(Map.of(), "run", "--report-procedure", "--board", "sim", "--sim-speed", "40",
                "--workspace",
                workspace.toString(), "--json");

        assertEquals(0, launch.exitCode(), launch.stdout() + launch.stderr());
        JsonObject result = JsonParser.parseString(launch.stdout()).getAsJsonObject();
        assertEquals("completed", result.get("status").getAsString());
        Path experiment = Path.of(result.get("experiment").getAsString());
        assertTrue(Files.readString(experiment.resolve("kernel.log")).contains("usb 2-1: USB disconnect"));

        Launch stats = Launch.run(Map.of(), "stats", experiment.toString(), "--json");
        assertEquals(0, stats.exitCode(), stats.stderr());
        JsonObject json = JsonParser.parseString(stats.stdout()).getAsJsonObject();
        var disconnects = json.getAsJsonArray("usbDisconnects");
        assertEquals(1, disconnects.size(), stats.stdout());
        long worstUs = disconnects.get(0).getAsJsonObject().get("worstDelayUs").getAsLong();
        // rcar-h3-default, 4 GB read before the pull: the report's 6.5 s stall, from the model
        assertTrue(worstUs > 5_000_000 && worstUs < 8_000_000, "worst delay after the disconnect: " + worstUs + " us");
    }

    @Test
    void runOnASavedBoardByNameUsesTheBoardsOfTheWorkbench(@TempDir Path home) throws Exception {
        String board = "Simulated R-Car H3 (built-in)";
        Map<String, String> env = Map.of("WQLAB_VMARGS", "-Duser.home=" + home);
        Launch launch = Launch.run(env, "run", "--report-procedure", "--board", board, "--sim-speed", "40",
                "--workspace", workspace.toString());

        assertEquals(0, launch.exitCode(), launch.stdout() + launch.stderr());
        Path boards = home.resolve("wqlab-workspace/.metadata/.plugins/org.wqlab.boards/boards.json");
        assertTrue(launch.stdout().contains("board '" + board + "' (saved in " + boards + "), USB driver sim-pull"),
                launch.stdout());
        assertTrue(Files.readString(boards).contains(board), "the workbench's boards file holds the built-in board");
        try (Stream<Path> experiments = Files.list(workspace)) {
            Path experiment = experiments.filter(Files::isDirectory).findFirst().orElseThrow();
            assertTrue(Files.readString(experiment.resolve("kernel.log")).contains("usb 2-1: USB disconnect"));
        }

        // not a saved board's name: a host; nothing listens on loopback port 1
        Launch refused = Launch.run(env, "run", "--board", "root@127.0.0.1:1", "--workspace", workspace.toString());
        assertEquals(1, refused.exitCode(), refused.stdout() + refused.stderr());
        assertTrue(refused.stderr().contains("127.0.0.1"), refused.stderr());
    }
}
