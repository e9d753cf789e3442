package org.wqlab.lava;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ImportSource;
import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;

/**
 * A LAVA job log saved from LAVA is found by content among the installed importers (not taken for a dmesg or a
 * console capture) and becomes the kernel log: a wqlab job's marked records, or any job's console kernel lines.
 */
class LavaJobLogImporterTest {

    private static final String HEAD = """
            - {"dt": "2026-12-07T01:00:44.717857", "lvl": "info", "msg": "Boot command: qemu-system-x86_64"}
            - {"dt": "2026-12-07T01:00:47.719506", "lvl": "target", "msg": "[    0.084370] Kernel command line: console=ttyS0"}
            """;

    @TempDir
    Path dir;

    @Test
    void aWqlabJobsLogGivesItsStreamedRecords() throws Exception {
        Path log = dir.resolve("job_9.yaml");
        Files.writeString(log, HEAD + """
                - {"dt": "2026-12-07T01:01:02.025552", "lvl": "target", "msg": "root@wqlab-lava:~# <wqlab-kmsg>6,585,14086648,-;usb 2-1: USB disconnect, device number 2"}
                - {"dt": "2026-12-07T01:01:02.3", "lvl": "target", "msg": "<wqlab-kmsg>6,586,14386648,-;latency_mon: cpu=0 seq=70 delay_us=355300"}
                - {"dt": "2026-12-07T01:01:02.4", "lvl": "results", "msg": {"case": "step-10", "definition": "0_wqlab-1", "result": "pass"}}
                """);
        LogImporter importer = LogImporters.installed().readerOf(log, LogHead.of(log));
        assertEquals("lava-job", importer.id(), "the installed importer that reads a LAVA job log");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String note = importer.importInto(log, out::write);
        assertEquals("6,585,14086648,-;usb 2-1: USB disconnect, device number 2\n"
                + "6,586,14386648,-;latency_mon: cpu=0 seq=70 delay_us=355300\n", out.toString(StandardCharsets.UTF_8));
        assertEquals("LAVA job log: 2 kernel records streamed by the job", note);
    }

    @Test
    void anyOtherJobsLogGivesTheKernelLinesOfItsConsole() throws Exception {
        Path log = dir.resolve("job_3.yaml");
        Files.writeString(log, HEAD + """
                - {"dt": "2026-12-07T00:44:59.487414", "lvl": "target", "msg": "[    8.806329] usb 2-1: USB disconnect, device number 2"}
                - {"dt": "2026-12-07T00:44:59.5", "lvl": "target", "msg": "+ lava-test-case worst --result pass"}
                """);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String note = new LavaJobLogImporter().importInto(log, out::write);
        assertEquals("[    0.084370] Kernel command line: console=ttyS0\n"
                + "[    8.806329] usb 2-1: USB disconnect, device number 2\n", out.toString(StandardCharsets.UTF_8));
        assertTrue(note.startsWith("LAVA job log: 2 kernel lines from the device's console"), note);
    }

    /**
     * A real job log, as LAVA 2023.01's dispatcher wrote it for the default sequence with a 128 MiB copy on the
     * loopback lab (data/lava-job-default-128mib.how.txt says how it was made), imported as a user imports a file.
     * The figures were counted in the file with grep and awk, not by wqlab.
     */
    @Test
    void aRealJobLogOfTheLabsDispatcherBecomesTheExperimentsKernelLog() throws Exception {
        Path log = dir.resolve("job_6.yaml");
        Files.write(log, resource("lava-job-default-128mib.yaml"));
        assertEquals("lava-job", LogImporters.installed().readerOf(log, LogHead.of(log)).id(),
                "chosen by content among the installed importers");

        LoadedExperiment e = ExperimentLoader.importLog(new Workspace(dir.resolve("ws")), log, "LAVA job 6",
                Instant.parse("2026-12-07T13:34:00Z"));
        assertTrue(e.metadata().notes().endsWith(
                "(LAVA job log (YAML records)); LAVA job log: 696 kernel records streamed by the job"),
                e.metadata().notes());
        List<String> kernelLog = Files.readAllLines(e.folder().kernelLog());
        assertEquals(696, kernelLog.size(), "one line per /dev/kmsg record the job streamed after its marker");
        assertEquals("5,0,0,-;Linux version 6.1.0-57-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian"
                + " 12.2.0-14+deb12u1) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian"
                + " 6.1.192-3 (2026-11-26)", kernelLog.get(0));
        assertEquals("6,695,23676134,-;latency_mon: stop", kernelLog.get(695));
        assertTrue(kernelLog.stream().noneMatch(l -> l.contains("lava-test-case") || l.startsWith(" SUBSYSTEM=")),
                "neither the dispatcher's nor the shell's lines, nor the records' device properties");

        assertEquals(267, e.content().samples().size(), "latency_mon reports (5 of them negative)");
        List<Event> pulls = e.content().events().stream().filter(v -> v.kind() == EventKind.USB_DISCONNECT)
                .toList();
        assertEquals(1, pulls.size());
        assertEquals("2-1", pulls.get(0).subject());
        assertEquals(15_447_442L, pulls.get(0).timestampUs());
        assertEquals(1, count(e, EventKind.MODULE_START));
        assertEquals(1, count(e, EventKind.MODULE_STOP));
        assertEquals(0, e.content().anomalyCount());
        assertEquals(696, e.content().totalLines());
        assertEquals(696 - 267 - e.content().events().size(), e.content().rawLines(),
                "every other kernel line (boot messages, wqlab's step lines) kept as context");

        DisconnectImpact pull = e.statistics().disconnects().get(0);
        assertEquals(173_893, pull.worstDelayUs());
        double lavaMs = lavaMeasurementMs(log, JobWriter.WORST_CASE);
        assertEquals(lavaMs, pull.worstDelayUs() / 1000.0, 1.0,
                "the worst delay after the pull is what LAVA's own test case measured in the same job");

        // the job log itself is kept, byte for byte, with every line the kernel log does not hold
        byte[] input = resource("lava-job-default-128mib.yaml");
        ImportSource source = e.folder().readMetadata().source();
        assertEquals(new ImportSource("job_6.yaml", "source/job_6.yaml", 231_085, sha256(input), "lava-job"), source);
        Path kept = e.folder().sourceFile(source).orElseThrow();
        assertEquals(sha256(input), sha256(Files.readAllBytes(kept)));
        List<String> keptLines = Files.readAllLines(kept);
        assertEquals(1738, keptLines.size(), "every record of the job");
        assertTrue(keptLines.contains("- {\"dt\": \"2026-12-07T13:34:01.065836\", \"lvl\": \"info\", \"msg\":"
                + " \"lava-dispatcher, installed at version: 2023.01\"}"), "the dispatcher's first line");
    }

    /**
     * A job imported from its server goes the same way as a file: the log LAVA gave is the import's source, the
     * definition beside it, the job's facts in the metadata (here the real job and its log, as the server gave them).
     */
    @Test
    void aJobFromItsServerKeepsItsLogAsTheSourceAndItsDefinitionBeside() throws Exception {
        String log = new String(resource("lava-job-default-128mib.yaml"), StandardCharsets.UTF_8);
        String definition = new String(resource("lava-job-default-128mib.job.yaml"), StandardCharsets.UTF_8);
        LavaServer server = new LavaServer("lab", URI.create("http://127.0.0.1:8000"), "wqlab", null);
        LavaClient.Job job = new LavaClient.Job(6, "Finished", "Complete", "qemu-01", "qemu", "wqlab usb_disconnect",
                "", "2026-12-07T13:33:51Z", "2026-12-07T13:34:00Z", "2026-12-07T13:35:05Z");
        Workspace ws = new Workspace(dir.resolve("ws"));

        LoadedExperiment e = LavaImport.importJob(server, job, log, definition, ws);

        ExperimentMetadata m = e.folder().readMetadata();
        assertEquals("LAVA job 6 (qemu on qemu-01): wqlab usb_disconnect", m.name());
        assertTrue(m.notes().startsWith("imported from LAVA job 6 at http://127.0.0.1:8000/scheduler/job/6 (LAVA job"
                + " log (YAML records)); LAVA job log: 696 kernel records streamed by the job"), m.notes());
        assertEquals("20261207-133400", e.folder().id().substring(0, 15), "created when the job started");
        assertEquals("6", m.boardFacts().get("lava.jobId"));
        assertEquals("http://127.0.0.1:8000/scheduler/job/6", m.boardFacts().get("lava.jobUrl"));
        assertEquals("Complete", m.boardFacts().get("lava.health"));
        byte[] input = resource("lava-job-default-128mib.yaml");
        assertEquals(new ImportSource(LavaExecution.LOG_FILE, "source/" + LavaExecution.LOG_FILE, input.length,
                sha256(input), "lava-job"), m.source());
        assertArrayEquals(input, Files.readAllBytes(e.folder().sourceFile(m.source()).orElseThrow()));
        assertEquals(definition, Files.readString(e.folder().dir().resolve(LavaExecution.JOB_FILE)));
        assertEquals(696, Files.readAllLines(e.folder().kernelLog()).size());
        try (var files = Files.list(ws.root())) {
            assertEquals(List.of(e.folder().dir()), files.toList(), "one experiment, no staging folder left");
        }
    }

    @Test
    void aJobLogWithABrokenRecordIsRefusedNamingItsLineAndLeavesNoFolder() throws Exception {
        List<String> lines = new java.util.ArrayList<>(List.of(new String(resource("lava-job-default-128mib.yaml"),
                StandardCharsets.UTF_8).split("\n", -1)));
        lines.set(899, lines.get(899).substring(0, 40)); // a record cut short, as a truncated download leaves it
        Path log = Files.writeString(dir.resolve("job_6.yaml"), String.join("\n", lines));
        Path ws = dir.resolve("ws");

        InputException bad = assertThrows(InputException.class, () -> ExperimentLoader.importLog(new Workspace(ws),
                log, "LAVA job 6", Instant.parse("2026-12-07T13:34:00Z")));

        assertEquals(log, bad.file());
        assertEquals(900, bad.line());
        assertTrue(bad.getMessage().contains("job log line 900 is not a LAVA log record"), bad.getMessage());
        try (var files = Files.list(ws)) {
            assertEquals(List.of(), files.toList(), "no experiment, no staging folder, no source copy");
        }
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private static long count(LoadedExperiment e, EventKind kind) {
        return e.content().events().stream().filter(v -> v.kind() == kind).count();
    }

    private static double lavaMeasurementMs(Path log, String testCase) throws Exception {
        for (LogRecord r : JobLog.parse(Files.readString(log), 0).records()) {
            if (testCase.equals(r.result().get("case"))) {
                return Double.parseDouble(String.valueOf(r.result().get("measurement")));
            }
        }
        throw new AssertionError("no LAVA test case " + testCase + " in " + log);
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = LavaJobLogImporterTest.class.getResourceAsStream("/data/" + name)) {
            assertNotNull(in, "test data " + name);
            return in.readAllBytes();
        }
    }
}
