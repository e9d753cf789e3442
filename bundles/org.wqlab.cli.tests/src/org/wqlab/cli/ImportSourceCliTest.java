package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code wqlab import} and {@code wqlab stats} name the file an experiment was imported from and where it is kept. */
class ImportSourceCliTest {

    /** Lines of the LAVA dispatcher's own job log (bundles/org.wqlab.lava.tests/data), the context and the kernel's. */
    private static final String JOB_LOG = """
            - {"dt": "2026-12-07T13:34:01.065836", "lvl": "info", "msg": "lava-dispatcher, installed at version: 2023.01"}
            - {"dt": "2026-12-07T13:34:42.886499", "lvl": "info", "msg": "Starting test lava.0_wqlab-1 (6_1.1.3.1)"}
            - {"dt": "2026-12-07T13:34:44.187792", "lvl": "target", "msg": "<wqlab-kmsg>6,413,9195663,-;latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1"}
            - {"dt": "2026-12-07T13:34:50.744599", "lvl": "target", "msg": "<wqlab-kmsg>6,540,15447442,-;usb 2-1: USB disconnect, device number 2"}
            - {"dt": "2026-12-07T13:34:53.142480", "lvl": "target", "msg": "<wqlab-kmsg>2,588,18140423,-;latency_mon: cpu=1 seq=82 delay_us=173893"}
            """;

    @TempDir
    Path tmp;

    @Test
    void aLavaJobLogIsKeptAndNamedByImportAndStats() throws Exception {
        Path log = Files.writeString(tmp.resolve("job_6.yaml"), JOB_LOG);
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(log)));
        Path ws = tmp.resolve("ws");
        CliRun imp = CliRun.of("import", log.toString(), "--workspace", ws.toString());
        assertEquals(0, imp.code(), imp.err());
        String line = "source: job_6.yaml (lava-job), kept as source/job_6.yaml, " + Files.size(log) + " bytes, sha256 "
                + sha;
        assertTrue(imp.out().contains("\n  " + line + "\n"), imp.out());
        Path exp;
        try (var s = Files.list(ws)) {
            exp = s.findFirst().orElseThrow();
        }
        assertEquals(JOB_LOG, Files.readString(exp.resolve("source/job_6.yaml")));

        CliRun stats = CliRun.of("stats", exp.toString());
        assertEquals(0, stats.code(), stats.err());
        assertTrue(stats.out().contains("\n  " + line + "\n"), stats.out());
        CliRun json = CliRun.of("stats", exp.toString(), "--json");
        JsonObject from = JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonObject("source")
                .getAsJsonObject("importedFrom");
        assertEquals("job_6.yaml", from.get("name").getAsString());
        assertEquals("source/job_6.yaml", from.get("file").getAsString());
        assertEquals(Files.size(log), from.get("bytes").getAsLong());
        assertEquals(sha, from.get("sha256").getAsString());
        assertEquals("lava-job", from.get("importer").getAsString());
    }

    @Test
    void aPlainLogIsItsOwnSource() throws Exception {
        Path log = Files.writeString(tmp.resolve("dmesg.txt"), "[    2.000000] DELAY: 355\n");
        Path ws = tmp.resolve("ws");
        CliRun imp = CliRun.of("import", log.toString(), "--workspace", ws.toString());
        assertEquals(0, imp.code(), imp.err());
        assertTrue(imp.out().contains("\n  source: dmesg.txt (dmesg), kept as kernel.log, 26 bytes\n"), imp.out());
        CliRun json = CliRun.of("stats", imp.out().lines().findFirst().orElseThrow().replaceFirst(".* as ", ""),
                "--json");
        JsonObject from = JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonObject("source")
                .getAsJsonObject("importedFrom");
        assertEquals("kernel.log", from.get("file").getAsString());
        assertTrue(from.get("sha256").isJsonNull(), from.toString());
        CliRun ofTheFile = CliRun.of("stats", log.toString(), "--json");
        assertTrue(JsonParser.parseString(ofTheFile.out()).getAsJsonObject().getAsJsonObject("source")
                .get("importedFrom").isJsonNull(), "a log given directly was imported from nothing");
    }
}
