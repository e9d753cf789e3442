package org.wqlab.product.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * One {@code wqlab sim} process for several runs, so the board's page cache lives on between them: after a sequence
 * that only copies 2 GiB from the stick (what a run cancelled during its copy leaves), the default sequence with
 * {@code size.mib=256} drops the cache first, so its stall after the pull is that of 256 MiB, and its name says so.
 * The report's procedure in between, which drops nothing, is told in its verdict that the cache held more.
 */
class CacheAcrossRunsTest {

    /** As fast as the pipeline keeps up with every CPU reporting every run (80 kernel-log lines per board second). */
    private static final String SPEED = "10";

    @TempDir
    Path home;

    @Test
    void theDefaultSequenceDropsWhatAnEarlierCopyLeftInThePageCache() throws Exception {
        Path key = home.resolve(".ssh/id_ed25519");
        Files.createDirectories(key.getParent());
        exec(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString()));
        Path workspace = home.resolve("workspace");
        Path copyOnly = Files.writeString(home.resolve("copy-only.wqseq"), """
                {
                  "format": "wqseq",
                  "version": 1,
                  "name": "Copy only",
                  "variables": { "usb.driver": "sim-pull" },
                  "steps": [
                    { "type": "connect" },
                    { "type": "run", "name": "copy 2 GiB", "command": ["dd", "if=/run/media/sda1/sample.txt",
                      "of=/dev/zero", "bs=1M", "count=2048"], "timeout": "600", "expectExit": "0" }
                  ]
                }
                """, StandardCharsets.UTF_8);

        Process sim = launch("sim", "--speed", SPEED, "--state", home.resolve("sim-state").toString());
        try {
            String board = "root@127.0.0.1:" + SimLogin.read(sim).get("port");
            JsonObject copied = run(board, copyOnly.toString());
            assertEquals("completed", copied.get("status").getAsString(), copied.toString());

            // the report's procedure drops nothing: its summary says the cache held more than it copied
            JsonObject stale = run(board, "--report-procedure", "--var", "size.mib=256");
            assertEquals("completed", stale.get("status").getAsString(), stale.toString());
            Launch explain = Launch.run(env(), "explain", stale.get("experiment").getAsString());
            assertEquals(0, explain.exitCode(), explain.stderr());
            assertTrue(explain.stdout().contains("much more than the 256 MiB this run copied"), explain.stdout());
            assertTrue(explain.stdout().contains("echo 3 > /proc/sys/vm/drop_caches"), explain.stdout());

            JsonObject small = run(board, "--var", "size.mib=256");
            assertEquals("completed", small.get("status").getAsString(), small.toString());
            Path smallDir = Path.of(small.get("experiment").getAsString());
            long cachedKb = JsonParser.parseString(Files.readString(smallDir.resolve("run.json"))).getAsJsonObject()
                    .getAsJsonArray("cachedKbBeforeDisconnect").get(0).getAsLong();
            assertEquals(256 * 1024, cachedKb, "Cached before the pull: only what this run copied");
            String name = JsonParser.parseString(Files.readString(smallDir.resolve("experiment.json")))
                    .getAsJsonObject().get("name").getAsString();
            assertTrue(name.contains(" · size.mib=256"), name);

            // the reference on the same board: 2 GiB copied, then the pull
            JsonObject big = run(board, "--var", "size.mib=2048");
            assertEquals("completed", big.get("status").getAsString(), big.toString());
            long smallUs = worstAfterPull(smallDir);
            long bigUs = worstAfterPull(Path.of(big.get("experiment").getAsString()));
            assertTrue(bigUs > 3_000_000, "a 2 GiB run stalls seconds: " + bigUs + " us");
            assertTrue(smallUs * 3 <= bigUs, "256 MiB: " + smallUs + " us, at most a third of 2 GiB's " + bigUs);
            assertTrue(smallUs > 200_000, "the 256 MiB run still stalls: " + smallUs + " us");
        } finally {
            sim.destroy();
            if (!sim.waitFor(60, TimeUnit.SECONDS)) {
                sim.destroyForcibly();
            }
        }
    }

    private JsonObject run(String board, String... more) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("run"));
        if (more.length > 0 && (more[0].endsWith(".wqseq") || more[0].equals("--report-procedure"))) {
            args.add(more[0]);
            more = java.util.Arrays.copyOfRange(more, 1, more.length);
        }
        args.addAll(List.of("--board", board, "--accept-new-host-key", "--sim-speed", SPEED, "--workspace",
                home.resolve("workspace").toString(), "--var", "usb.driver=sim-pull", "--json"));
        args.addAll(List.of(more));
        Launch launch = Launch.run(env(), args.toArray(String[]::new));
        assertEquals(0, launch.exitCode(), launch.stdout() + launch.stderr());
        return JsonParser.parseString(launch.stdout()).getAsJsonObject();
    }

    private long worstAfterPull(Path experiment) throws IOException, InterruptedException {
        Launch stats = Launch.run(env(), "stats", experiment.toString(), "--json");
        assertEquals(0, stats.exitCode(), stats.stderr());
        return JsonParser.parseString(stats.stdout()).getAsJsonObject().getAsJsonArray("usbDisconnects").get(0)
                .getAsJsonObject().get("worstDelayUs").getAsLong();
    }

    private Map<String, String> env() {
        // the JVM takes user.home from the password database, not from $HOME
        return Map.of("WQLAB_VMARGS", "-Duser.home=" + home);
    }

    private Process launch(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Launch.productDir().resolve("wqlab").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env());
        return builder.start();
    }

    private static void exec(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "timed out: " + command);
        assertEquals(0, process.exitValue(), command + " failed:\n" + output);
    }
}
