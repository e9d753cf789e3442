package org.wqlab.product.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * {@code kill -9} of a headless run mid-sequence, the simulated board in its own process ({@code wqlab sim}): the
 * experiment stays readable as "interrupted" and holds every report the board's ground truth shows up to one second
 * before the kill (the runner flushes the raw log at least every second).
 */
class KilledRunTest {

    private static final double SPEED = 20;
    private static final long STALL_US = 1_000_000;

    @TempDir
    Path home;

    /** A report of the board's ground truth and when (test clock) the test first saw it in the file. */
    private record Seen(long atNanos, String printed, long delayUs) {
    }

    @Test
    void killMinus9MidRunKeepsEveryReportUpToOneSecondBeforeTheKill() throws Exception {
        Path key = home.resolve(".ssh/id_ed25519");
        Files.createDirectories(key.getParent());
        exec(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString()));
        Path groundTruth = home.resolve("ground-truth.jsonl");
        Path workspace = home.resolve("workspace");

        Process sim = launch("sim", "--speed", String.valueOf(SPEED), "--state", home.resolve("sim-state").toString(),
                "--ground-truth", groundTruth.toString());
        Process run = null;
        try {
            int port = Integer.parseInt(SimLogin.read(sim).get("port"));
            // the sim accepts the user's ~/.ssh/id_*.pub; the JSch transport offers ~/.ssh/id_ed25519
            run = launch("run", "--report-procedure", "--board", "root@127.0.0.1:" + port, "--accept-new-host-key",
                    "--sim-speed", String.valueOf(SPEED), "--workspace", workspace.toString(), "--var", "after.s=3600",
                    "--var", "usb.driver=sim-pull");

            List<Seen> seen = new ArrayList<>();
            long stallSeenAt = -1;
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
            // mid-run: the stall report is in the board's log for more than 1.5 s, the run sleeps for an hour after it
            while (stallSeenAt < 0 || System.nanoTime() - stallSeenAt < 1_500_000_000L) {
                assertTrue(System.nanoTime() < deadline, "no stall report in the ground truth in time: " + seen);
                assertTrue(run.isAlive(), "wqlab run ended before the kill: exit " + exitOf(run));
                readNewReports(groundTruth, seen);
                for (Seen s : seen) {
                    if (stallSeenAt < 0 && s.delayUs() > STALL_US) {
                        stallSeenAt = s.atNanos();
                    }
                }
                TimeUnit.MILLISECONDS.sleep(20); // the polling period of the file, not a wait for a state
            }
            readNewReports(groundTruth, seen);
            long killedAt = System.nanoTime();
            run.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly();
            assertTrue(run.waitFor(60, TimeUnit.SECONDS));

            Path experiment = onlyExperiment(workspace);
            JsonObject metadata = JsonParser.parseString(Files.readString(experiment.resolve("experiment.json")))
                    .getAsJsonObject();
            // the file still says running; readers see interrupted because nobody holds its run.lock any more
            assertEquals("running", metadata.get("status").getAsString());
            assertTrue(Files.isRegularFile(experiment.resolve("run.lock")), "the killed run's lock file");
            List<String> logged = messages(experiment.resolve("kernel.log"));
            List<String> required = seen.stream().filter(s -> s.atNanos() <= killedAt - 1_000_000_000L)
                    .map(Seen::printed).toList();
            assertTrue(required.stream().anyMatch(r -> r.startsWith("DELAY: ") && delayMs(r) * 1000 > STALL_US),
                    "the stall is older than one second at the kill: " + required);
            List<String> missing = new ArrayList<>(required);
            for (String line : logged) {
                missing.remove(line);
            }
            assertTrue(missing.isEmpty(), "reports of the ground truth lost by the kill: " + missing + "; logged "
                    + logged.stream().filter(l -> l.startsWith("DELAY")).toList());

            Launch stats = Launch.run(Map.of("WQLAB_VMARGS", "-Duser.home=" + home), "stats", experiment.toString(),
                    "--json");
            assertEquals(0, stats.exitCode(), stats.stderr());
            long worstUs = JsonParser.parseString(stats.stdout()).getAsJsonObject().getAsJsonArray("usbDisconnects")
                    .get(0).getAsJsonObject().get("worstDelayUs").getAsLong();
            long expected = seen.stream().mapToLong(Seen::delayUs).max().orElseThrow();
            assertEquals(expected / 1000, worstUs / 1000, 1, "worst delay of the reloaded experiment");
        } finally {
            if (run != null) {
                run.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
                run.destroyForcibly();
            }
            sim.destroy();
            if (!sim.waitFor(60, TimeUnit.SECONDS)) {
                sim.destroyForcibly();
            }
        }
    }

    private Process launch(String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Launch.productDir().resolve("wqlab").toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // the JVM takes user.home from the password database, not from $HOME
        builder.environment().put("WQLAB_VMARGS", "-Duser.home=" + home);
        if (args[0].equals("run")) {
            builder.redirectOutput(home.resolve("run.out").toFile());
        }
        return builder.start();
    }

    private String exitOf(Process p) throws IOException {
        return p.isAlive() ? "running" : p.exitValue() + ", output:\n" + Files.readString(home.resolve("run.out"));
    }

    private static long delayMs(String printed) {
        return Long.parseLong(printed.substring("DELAY: ".length()).strip());
    }

    /** Appends the ground truth's printed monitor reports that are new since the last call, stamped now. */
    private static void readNewReports(Path groundTruth, List<Seen> seen) throws IOException {
        if (!Files.exists(groundTruth)) {
            return;
        }
        long now = System.nanoTime();
        List<Seen> all = new ArrayList<>();
        for (String line : Files.readAllLines(groundTruth, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonObject o;
            try {
                o = JsonParser.parseString(line).getAsJsonObject();
            } catch (RuntimeException partialLastLine) {
                break;
            }
            if (o.get("type").getAsString().equals("monitor") && o.has("printed")) {
                all.add(new Seen(now, o.get("printed").getAsString(), o.get("delayUs").getAsLong()));
            }
        }
        seen.addAll(all.subList(seen.size(), all.size()));
    }

    /** The message of every record in a {@code /dev/kmsg} format raw log. */
    private static List<String> messages(Path kernelLog) throws IOException {
        List<String> messages = new ArrayList<>();
        for (String line : Files.readAllLines(kernelLog, StandardCharsets.UTF_8)) {
            int semicolon = line.indexOf(';');
            if (semicolon > 0 && !line.startsWith(" ")) {
                messages.add(line.substring(semicolon + 1));
            }
        }
        return messages;
    }

    private static Path onlyExperiment(Path workspace) throws IOException {
        try (Stream<Path> s = Files.list(workspace)) {
            List<Path> dirs = s.filter(p -> Files.isRegularFile(p.resolve("experiment.json"))).toList();
            assertEquals(1, dirs.size(), "experiments in " + workspace + ": " + dirs);
            assertFalse(Files.exists(dirs.get(0).resolve("experiment.json.tmp")));
            return dirs.get(0);
        }
    }

    private static void exec(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "timed out: " + command);
        assertEquals(0, process.exitValue(), command + " failed:\n" + output);
    }
}
