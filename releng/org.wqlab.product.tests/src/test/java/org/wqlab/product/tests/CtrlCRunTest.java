package org.wqlab.product.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Ctrl-C (a real SIGINT) to the product's {@code wqlab run --board sim} while a wait-log step matches a pattern that
 * backtracks without end, the board sending thousands of records: the run cleans up (module unloaded on the board,
 * run.json says cancelled, no simulator folder left in the temporary directory) and kernel.log holds every report the
 * board printed.
 */
class CtrlCRunTest {

    private static final double SPEED = 20;
    private static final int RECORDS_BEFORE_CTRL_C = 3000;

    @TempDir
    Path home;

    /**
     * The built latency-mon (it has parameters: report_all makes it report every period) and a simulated board whose
     * kernel it was built for: the R-Car H3 profile with the module's vermagic.
     */
    private Path boardProfileFor(Path module) throws IOException {
        byte[] ko = Files.readAllBytes(module);
        String text = new String(ko, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("vermagic=") + "vermagic=".length();
        String vermagic = text.substring(at, text.indexOf('\0', at));
        Path repo = Path.of(System.getProperty("wqlab.repo.root", "../.."));
        JsonObject profile = JsonParser.parseString(Files.readString(
                repo.resolve("bundles/org.wqlab.sim/profiles/rcar-h3-linux6.12.json"))).getAsJsonObject();
        profile.addProperty("name", "rcar-h3-for-the-built-module");
        profile.addProperty("vermagic", vermagic);
        profile.addProperty("kernelRelease", vermagic.split(" ")[0]);
        Path file = home.resolve("board.json");
        Files.writeString(file, profile.toString());
        return file;
    }

    @Test
    void ctrlCDuringACatastrophicWaitLogCleansUpAndKeepsEveryRecord() throws Exception {
        Path module = Path.of(System.getProperty("wqlab.kmod.out", "../../kmod/out")).resolve("latency-mon-arm64.ko");
        assertTrue(Files.isRegularFile(module), "the built module (releng/run-tests builds it): " + module);
        Path board = boardProfileFor(module);
        Path sequence = home.resolve("stuck.wqseq");
        Files.writeString(sequence, """
                {"format": "wqseq", "name": "stuck", "steps": [
                  {"type": "connect"},
                  {"type": "load-module", "name": "load", "module": "latency-mon", "file": "%s", "cpu": "1",
                   "params": {"period_ms": "20", "report_all": "1", "classic": "0"}},
                  {"type": "mark", "label": "%s"},
                  {"type": "wait-log", "name": "stuck", "pattern": "(.*a){20}$", "timeout": "3600"},
                  {"type": "sleep", "name": "not reached", "seconds": "1"}]}
                """.formatted(module.toAbsolutePath(), "a".repeat(40) + "b"));
        Path workspace = home.resolve("workspace");
        Path groundTruth = home.resolve("ground-truth.jsonl");
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> simFoldersBefore = simFolders(tmp);

        // as from a terminal: SIGINT at its default (a build started in the background inherits it ignored, and
        // a JVM started with SIGINT ignored never runs its shutdown hooks on Ctrl-C); perl is in every Debian
        ProcessBuilder builder = new ProcessBuilder("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die $!",
                Launch.productDir().resolve("wqlab").toString(), "run",
                sequence.toString(), "--board", "sim:" + board, "--sim-speed", String.valueOf(SPEED), "--workspace",
                workspace.toString(), "--ground-truth", groundTruth.toString(), "--json").redirectErrorStream(true)
                .redirectOutput(home.resolve("run.out").toFile());
        builder.environment().put("WQLAB_VMARGS", "-Duser.home=" + home + " -Djava.io.tmpdir=" + tmp);
        Process run = builder.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
            Path experiment = null;
            // Ctrl-C once the stuck step has been matching while thousands of records arrived
            while (experiment == null || reports(experiment.resolve("kernel.log")) < RECORDS_BEFORE_CTRL_C) {
                assertTrue(System.nanoTime() < deadline, "no " + RECORDS_BEFORE_CTRL_C + " records in time");
                assertTrue(run.isAlive(), "wqlab run ended before Ctrl-C:\n" + Files.readString(home.resolve("run.out")));
                experiment = experiment != null ? experiment : onlyExperiment(workspace);
                TimeUnit.MILLISECONDS.sleep(50); // the polling period of the file, not a wait for a state
            }
            String before = Files.readString(experiment.resolve("kernel.log"), StandardCharsets.UTF_8);
            assertTrue(before.contains("wqlab: mark " + "a".repeat(40) + "b"), "the stuck step had started");

            // what a terminal's Ctrl-C does: SIGINT to the process (the launcher script runs the JVM in it)
            sigint(run);
            assertTrue(run.waitFor(90, TimeUnit.SECONDS), "wqlab run still running 90 s after Ctrl-C");
            String output = Files.readString(home.resolve("run.out"));

            JsonObject record = JsonParser.parseString(Files.readString(experiment.resolve("run.json")))
                    .getAsJsonObject();
            String status = record.get("status").getAsString();
            assertTrue(status.equals("cancelled") || status.equals("interrupted"), status + "\n" + output);
            List<String> cleanup = record.getAsJsonArray("cleanup").asList().stream().map(JsonElement::getAsString)
                    .toList();
            assertTrue(cleanup.contains("module latency_mon unloaded"), cleanup + "\n" + output);

            List<String> logged = messages(experiment.resolve("kernel.log"));
            assertTrue(logged.stream().anyMatch(m -> m.startsWith("latency_mon: stop")),
                    "the board logged the module's unload");
            List<String> printed = printedReports(groundTruth);
            assertTrue(printed.size() >= RECORDS_BEFORE_CTRL_C, printed.size() + " reports printed by the board");
            List<String> missing = new ArrayList<>(printed);
            for (String m : logged) {
                missing.remove(m);
            }
            assertEquals(List.of(), missing.subList(0, Math.min(20, missing.size())),
                    missing.size() + " of " + printed.size() + " reports the board printed are not in kernel.log");

            List<Path> left = simFolders(tmp).stream().filter(p -> !simFoldersBefore.contains(p))
                    .filter(p -> !Files.exists(p.resolve("run.lock")) || !lockedByOthers(p)).toList();
            assertEquals(List.of(), left, "the run left its simulated board's folder (and its secrets) in " + tmp);
        } finally {
            run.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly();
        }
    }

    private static void sigint(Process run) throws IOException, InterruptedException {
        // the launcher script execs java or runs it as its child: signal the JVM as the terminal would
        List<ProcessHandle> targets = new ArrayList<>(run.toHandle().descendants().toList());
        targets.add(run.toHandle());
        for (ProcessHandle h : targets) {
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(h.pid())).inheritIO().start();
            assertTrue(kill.waitFor(10, TimeUnit.SECONDS));
        }
    }

    /** Another test's live run holds its folder: only a folder nobody holds is a leftover. */
    private static boolean lockedByOthers(Path dir) {
        try (var c = java.nio.channels.FileChannel.open(dir.resolve("run.lock"), java.nio.file.StandardOpenOption.READ)) {
            var probe = c.tryLock(0, Long.MAX_VALUE, true);
            if (probe == null) {
                return true;
            }
            probe.release();
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    private static List<Path> simFolders(Path tmp) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return s.filter(p -> p.getFileName().toString().startsWith("wqlab-run-sim")).toList();
        }
    }

    private static long reports(Path kernelLog) throws IOException {
        if (!Files.exists(kernelLog)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(kernelLog, StandardCharsets.ISO_8859_1)) {
            return lines.filter(l -> l.contains(";DELAY: ") || l.contains(";latency_mon: cpu=")).count();
        }
    }

    private static Path onlyExperiment(Path workspace) throws IOException {
        if (!Files.isDirectory(workspace)) {
            return null;
        }
        try (Stream<Path> s = Files.list(workspace)) {
            List<Path> dirs = s.filter(p -> Files.isRegularFile(p.resolve("experiment.json"))).toList();
            return dirs.size() == 1 ? dirs.get(0) : null;
        }
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

    private static List<String> printedReports(Path groundTruth) throws IOException {
        List<String> printed = new ArrayList<>();
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
                printed.add(o.get("printed").getAsString());
            }
        }
        return printed;
    }
}
