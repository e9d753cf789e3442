package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.lava.JobWriter;
import org.wqlab.lava.LavaExecution;
import org.wqlab.lava.LavaClient;
import org.wqlab.lava.LavaServer;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Through the real LAVA lab on loopback (releng/lava/setup.sh: lava-server, a worker, the qemu device booting the
 * virtual board's Debian kernel): {@code wqlab run --board lava:qemu} submits the default sequence as a job, follows
 * it, and records it. The stall after the dispatcher's QMP pull is at least 3x the run's baseline, LAVA's results
 * hold the worst delay in ms, the experiment holds the job's id, and kernel lines reached the experiment while the
 * job ran. A second run is cancelled from wqlab and LAVA says the job was cancelled; an unknown device type and a
 * wrong token are refused with exit 2, naming them. Skipped without the lab unless wqlab.lava.required=true.
 */
class LavaRunTest {

    private static final Duration RUN = Duration.ofMinutes(15);
    private static Properties lab;
    private static LavaClient client;

    @TempDir
    Path dir;

    @BeforeAll
    static void addTheLabsServer() throws IOException {
        Path file = Path.of(System.getProperty("wqlab.lava.home"), "lava.properties");
        if (!Files.isRegularFile(file)) {
            String why = "no LAVA lab is up (" + file + " is missing: sudo bash releng/lava/setup.sh up)";
            if (Boolean.getBoolean("wqlab.lava.required")) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        lab = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            lab.load(r);
        }
        CliRun add = CliRun.of("lava", "server", "add", "lab", "--url", lab.getProperty("url"), "--user",
                lab.getProperty("user"), "--token-file", lab.getProperty("tokenFile"), "--module",
                lab.getProperty("module"), "--template", lab.getProperty("deviceType") + "=" + lab.getProperty(
                        "template"));
        assertEquals(0, add.code(), add.out() + add.err());
        assertTrue(add.out().contains("kept in secure storage"), add.out());
        client = new LavaClient(new LavaServer("lab", URI.create(lab.getProperty("url")), lab.getProperty("user"),
                null), Files.readString(Path.of(lab.getProperty("tokenFile"))).strip().toCharArray());
    }

    @Test
    void theDefaultSequenceRunsAsAJobTheStallIsRecordedAndLavaHoldsTheWorstDelay() throws Exception {
        // kept in the build's folder: the experiment says what happened when an assertion below fails
        Files.createDirectories(Path.of("target"));
        Path ws = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "lava-run-");
        AtomicReference<Instant> firstReport = new AtomicReference<>();
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of("run", "--board", "lava:qemu",
                "--workspace", ws.toString(), "--var", "size.mib=1024"));
        // when the first of the monitor's reports reached the experiment's kernel log, seen from outside the run
        while (!run.isDone()) {
            if (firstReport.get() == null && kernelLog(ws).map(LavaRunTest::hasReport).orElse(false)) {
                firstReport.set(Instant.now());
            }
            awaitBriefly(run, 50);
        }
        CliRun r = run.get(RUN.toSeconds(), TimeUnit.SECONDS);
        Path exp = onlyExperiment(ws);
        assertEquals(0, r.code(), r.out() + r.err());
        JsonObject facts = JsonParser.parseString(Files.readString(exp.resolve("experiment.json"))).getAsJsonObject()
                .getAsJsonObject("boardFacts");
        long jobId = facts.get("lava.jobId").getAsLong();
        assertEquals("qemu-01", facts.get("lava.device").getAsString(), facts.toString());
        assertTrue(facts.get("kernelRelease").getAsString().endsWith("-amd64"), facts.toString());
        assertTrue(Files.readString(exp.resolve("lava-job.yaml")).contains("name: usb_disconnect"));
        assertTrue(Files.readString(exp.resolve("lava-job-log.yaml")).contains("Running user command"
                + " 'usb_disconnect'"));
        // LAVA's results, one JSON line each: the worst delay among them with its measurement and unit
        assertTrue(Files.readAllLines(exp.resolve("lava-results.jsonl")).stream().map(JsonParser::parseString)
                .map(JsonElement::getAsJsonObject).anyMatch(o -> o.get("case").getAsString().equals(
                        JobWriter.WORST_CASE) && o.get("units").getAsString().equals("ms") && o.has("measurement")),
                "LAVA's worst-delay result in the experiment");

        JsonObject runJson = JsonParser.parseString(Files.readString(exp.resolve("run.json"))).getAsJsonObject();
        assertEquals("completed", runJson.get("status").getAsString(), runJson.toString());
        for (JsonElement step : runJson.getAsJsonArray("steps")) {
            assertEquals("ok", step.getAsJsonObject().get("outcome").getAsString(), step.toString());
        }
        assertEquals(13, runJson.getAsJsonArray("steps").size());
        String kernelLog = Files.readString(exp.resolve("kernel.log"));
        assertTrue(kernelLog.contains("USB disconnect") && kernelLog.contains("latency_mon: stop"), kernelLog);

        double baselineMs = baselineMs(kernelLog);
        CliRun stats = CliRun.of("stats", exp.toString(), "--json");
        JsonObject disconnect = JsonParser.parseString(stats.out()).getAsJsonObject().getAsJsonArray(
                "usbDisconnects").get(0).getAsJsonObject();
        double worstMs = disconnect.get("worstDelayUs").getAsLong() / 1000.0;
        assertTrue(worstMs >= 100 && worstMs >= 3 * baselineMs, "the stall " + worstMs + " ms is not >= 100 ms and"
                + " >= 3 x the baseline " + baselineMs + " ms");

        // LAVA's own results hold the worst delay after the pull, a measurement in ms, as the device computed it
        JsonObject worstCase = lavaCase(jobId, JobWriter.WORST_CASE);
        assertEquals("ms", worstCase.get("unit").getAsString());
        double lavaMs = worstCase.get("measurement").getAsDouble();
        assertEquals(worstMs, lavaMs, 1.0, "LAVA's measurement and wqlab's worst delay after the pull");

        LavaClient.Job job = client.job(jobId);
        assertEquals("Complete", job.health());
        assertNotNull(firstReport.get(), "no report reached the experiment while the run went");
        Instant ended = Instant.parse(job.endTime());
        assertTrue(firstReport.get().isBefore(ended), "the first report arrived at " + firstReport.get()
                + ", after the job ended at " + ended);
        // the finished job imported again from LAVA: the same kernel log, the same stall
        Path imported = dir.resolve("imported");
        CliRun again = CliRun.of("import", "--lava-server", "lab", Long.toString(jobId), "--workspace",
                imported.toString());
        assertEquals(0, again.code(), again.out() + again.err());
        Path copy = onlyExperiment(imported);
        assertEquals(kernelLog, Files.readString(copy.resolve("kernel.log")), "the imported job's kernel log");
        JsonObject copyFacts = JsonParser.parseString(Files.readString(copy.resolve("experiment.json")))
                .getAsJsonObject().getAsJsonObject("boardFacts");
        assertEquals(jobId, copyFacts.get("lava.jobId").getAsLong());
        assertEquals("Complete", copyFacts.get("lava.health").getAsString());
        System.out.println("LAVA job " + jobId + ": worst " + worstMs + " ms after the pull (baseline " + baselineMs
                + " ms); first report in the experiment " + Duration.between(firstReport.get(), ended).toMillis()
                + " ms before the job ended; kernel lines behind the dispatcher: " + facts.get(
                        "lava.kernelLineLagMs"));
    }

    @Test
    void aRunCancelledInWqlabCancelsItsLavaJob() throws Exception {
        Path ws = dir.resolve("ws");
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of("run", "--board", "lava:qemu",
                "--workspace", ws.toString(), "--var", "size.mib=1024", "--var", "settle.s=600"));
        long jobId = -1;
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (jobId < 0 && System.nanoTime() < deadline && !run.isDone()) {
            jobId = jobOf(ws).filter(id -> {
                try {
                    return client.job(id).state().equals("Running");
                } catch (IOException e) {
                    return false;
                }
            }).orElse(-1L);
            if (jobId < 0) {
                awaitBriefly(run, 200);
            }
        }
        assertTrue(jobId > 0, "the job never ran: " + (run.isDone() ? run.get().err() : "still queued"));
        RunVerb.CANCEL.set(true); // as Ctrl-C does
        CliRun r = run.get(RUN.toSeconds(), TimeUnit.SECONDS);
        JsonObject runJson = JsonParser.parseString(Files.readString(onlyExperiment(ws).resolve("run.json")))
                .getAsJsonObject();
        assertEquals("cancelled", runJson.get("status").getAsString(), r.out() + r.err());
        LavaClient.Job job = client.job(jobId);
        assertEquals("Finished", job.state());
        assertEquals("Canceled", job.health(), "LAVA's health of the cancelled job " + jobId);
    }

    @Test
    void anUnknownDeviceTypeAndAWrongTokenAreRefusedNamingThem() throws Exception {
        CliRun type = CliRun.of("run", "--board", "lava:no-such-type@lab", "--workspace", dir.resolve("ws")
                .toString());
        assertEquals(2, type.code(), type.out() + type.err());
        assertTrue(type.err().contains("has no device type 'no-such-type' (it has: qemu)"), type.err());
        assertFalse(Files.exists(dir.resolve("ws")) && Files.list(dir.resolve("ws")).findAny().isPresent(),
                "nothing was recorded");

        Path wrong = dir.resolve("wrong-token");
        Files.writeString(wrong, "not-the-token\n");
        CliRun add = CliRun.of("lava", "server", "add", "elsewhere", "--url", lab.getProperty("url"), "--user",
                lab.getProperty("user"), "--token-file", wrong.toString());
        assertEquals(2, add.code(), add.out() + add.err());
        assertTrue(add.err().contains("LAVA server 'elsewhere' (" + lab.getProperty("url") + ") refused the API"
                + " token of user '" + lab.getProperty("user") + "'"), add.err());
        assertFalse(add.err().contains("not-the-token"), "the token is never printed: " + add.err());
    }

    /** Waits up to {@code ms} for the run to end (a poll's pause that ends early when the run does). */
    private static void awaitBriefly(CompletableFuture<CliRun> run, long ms) throws Exception {
        try {
            run.get(ms, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException stillRunning) {
            // look again
        }
    }

    @Test
    void aJobStillQueuedAfterTheQueueTimeoutIsCancelledAndSaidSo() throws Exception {
        // the lab's only device in maintenance: the scheduler starts nothing
        String device = lab.getProperty("device");
        setHealth(device, "Maintenance");
        try {
            Path sequence = declaring(LavaExecution.QUEUE_TIMEOUT_VAR, "1800");
            Path ws = dir.resolve("ws");
            CliRun r = CliRun.of("run", sequence.toString(), "--board", "lava:qemu", "--workspace", ws.toString(),
                    "--var", LavaExecution.QUEUE_TIMEOUT_VAR + "=5");
            assertEquals(1, r.code(), r.out() + r.err());
            JsonObject runJson = JsonParser.parseString(Files.readString(onlyExperiment(ws).resolve("run.json")))
                    .getAsJsonObject();
            String summary = runJson.get("summary").getAsString();
            assertTrue(summary.matches("LAVA job \\d+ was still queued \\(Submitted\\) after 5 s \\("
                    + LavaExecution.QUEUE_TIMEOUT_VAR + "\\): cancelled \\(LAVA job \\d+ is Finished, Canceled\\)"),
                    summary);
            long id = Long.parseLong(summary.replaceAll("LAVA job (\\d+) .*", "$1"));
            assertEquals("Canceled", client.job(id).health());
        } finally {
            setHealth(device, "Good");
        }
    }

    @Test
    void aJobLavaEndsIncompleteFailsTheRunWithLavasError() throws Exception {
        // a template whose kernel is not there: LAVA cannot deploy, the job ends Incomplete
        String template = Files.readString(Path.of(lab.getProperty("template")))
                .replaceFirst("url: file://\\S*vmlinuz", "url: file:///nonexistent/vmlinuz");
        Path broken = dir.resolve("broken-template.yaml");
        Files.writeString(broken, template);
        CliRun add = CliRun.of("lava", "server", "add", "broken", "--url", lab.getProperty("url"), "--user",
                lab.getProperty("user"), "--token-file", lab.getProperty("tokenFile"), "--template", "qemu=" + broken);
        assertEquals(0, add.code(), add.err());
        try {
            Path ws = dir.resolve("ws");
            CliRun r = CliRun.of("run", "--board", "lava:qemu@broken", "--workspace", ws.toString());
            assertEquals(1, r.code(), r.out() + r.err());
            JsonObject runJson = JsonParser.parseString(Files.readString(onlyExperiment(ws).resolve("run.json")))
                    .getAsJsonObject();
            assertEquals("failed", runJson.get("status").getAsString());
            String summary = runJson.get("summary").getAsString();
            assertTrue(summary.matches("(?s)LAVA job \\d+ ended Incomplete: .+"), summary);
            assertTrue(summary.contains("nonexistent"), "LAVA's own error names the missing file: " + summary);
        } finally {
            CliRun.of("lava", "server", "remove", "broken");
        }
    }

    /** The default sequence declaring one more variable, as a file. */
    private Path declaring(String variable, String value) throws Exception {
        org.wqlab.sequence.Sequence d = org.wqlab.sequence.SequenceJson.defaultSequence();
        var vars = new java.util.LinkedHashMap<>(d.variables());
        vars.put(variable, value);
        Path file = dir.resolve("declaring.wqseq");
        Files.writeString(file, org.wqlab.sequence.SequenceJson.write(d.withContent(d.name(), vars, d.steps())));
        return file;
    }

    /** An admin's change of the device's health through LAVA's REST API (the lab's user is a superuser). */
    private static void setHealth(String device, String health) throws Exception {
        var http = java.net.http.HttpClient.newHttpClient();
        var req = java.net.http.HttpRequest.newBuilder(URI.create(lab.getProperty("url") + "/api/v0.2/devices/"
                + device + "/")).header("Authorization", "Token " + Files.readString(Path.of(lab
                        .getProperty("tokenFile"))).strip()).header("Content-Type", "application/json")
                .method("PATCH", java.net.http.HttpRequest.BodyPublishers.ofString("{\"health\": \"" + health
                        + "\"}")).build();
        var r = http.send(req, java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), "setting " + device + "'s health to " + health + ": " + r.body());
    }

    private static boolean hasReport(Path kernelLog) {
        try {
            return Files.readString(kernelLog).contains("delay_us=");
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<Path> kernelLog(Path ws) {
        if (!Files.isDirectory(ws)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(ws)) {
            return s.map(p -> p.resolve("kernel.log")).filter(Files::isRegularFile).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Long> jobOf(Path ws) {
        return kernelLog(ws).map(Path::getParent).flatMap(exp -> {
            try {
                JsonObject facts = JsonParser.parseString(Files.readString(exp.resolve("experiment.json")))
                        .getAsJsonObject().getAsJsonObject("boardFacts");
                return facts != null && facts.has("lava.jobId") ? Optional.of(facts.get("lava.jobId").getAsLong())
                        : Optional.empty();
            } catch (IOException | RuntimeException e) {
                return Optional.empty(); // written while read
            }
        });
    }

    private static Path onlyExperiment(Path ws) throws IOException {
        try (Stream<Path> s = Files.list(ws)) {
            List<Path> all = s.filter(Files::isDirectory).toList();
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    /** The worst reported delay (ms) between the module's start and the first USB disconnect. */
    private static double baselineMs(String kernelLog) {
        boolean on = false;
        double worst = 0;
        for (String line : kernelLog.split("\n")) {
            if (line.contains("latency_mon: start")) {
                on = true;
            } else if (line.contains("USB disconnect")) {
                break;
            } else if (on && line.contains(" delay_us=")) {
                worst = Math.max(worst, Long.parseLong(line.substring(line.indexOf(" delay_us=") + 10).strip())
                        / 1000.0);
            }
        }
        return worst;
    }

    private static JsonObject lavaCase(long jobId, String name) throws Exception {
        var http = java.net.http.HttpClient.newHttpClient();
        var req = java.net.http.HttpRequest.newBuilder(URI.create(lab.getProperty("url") + "/api/v0.2/jobs/" + jobId
                + "/tests/?name=" + name)).header("Authorization", "Token " + Files.readString(Path.of(lab
                        .getProperty("tokenFile"))).strip()).build();
        String body = http.send(req, java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        for (JsonElement e : JsonParser.parseString(body).getAsJsonObject().getAsJsonArray("results")) {
            if (e.getAsJsonObject().get("name").getAsString().equals(name)) {
                return e.getAsJsonObject();
            }
        }
        throw new AssertionError("LAVA job " + jobId + " has no test case " + name + ": " + body);
    }
}
