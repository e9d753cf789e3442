package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wqlab report}: outputs and exit codes (0 ok, 2 bad input naming the file or field). */
class ReportVerbTest {

    private static Path imported(Path dir, String resource, String name) throws Exception {
        Path log = dir.resolve(resource);
        try (InputStream in = ReportVerbTest.class.getResourceAsStream("/testdata/" + resource)) {
            Files.copy(in, log);
        }
        Path ws = dir.resolve("ws");
        CliRun r = CliRun.of("import", log.toString(), "--workspace", ws.toString(), "--name", name);
        assertEquals(0, r.code(), r.err());
        String line = r.out().lines().filter(l -> l.startsWith("imported ")).findFirst().orElseThrow();
        return Path.of(line.substring(line.indexOf(" as ") + 4));
    }

    @Test
    void textAndHtmlReportsOfImportedLogs(@TempDir Path dir) throws Exception {
        Path a = imported(dir, "dmesg-plain.log", "plain");
        Path b = imported(dir, "dmesg-r-caller.log", "caller");
        CliRun text = CliRun.of("report", a.toString(), b.toString(), "--text");
        assertEquals(0, text.code(), text.err());
        assertTrue(text.out().contains("Verdict: "), text.out());
        assertTrue(text.out().lines().allMatch(l -> l.length() <= 80), text.out());
        Path html = dir.resolve("out/report.html");
        CliRun h = CliRun.of("report", a.getFileName().toString(), "--workspace", dir.resolve("ws").toString(), "--html",
                html.toString());
        assertEquals(0, h.code(), h.err());
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>") && page.contains("<svg id=\"chart-delay\""), page);
    }

    @Test
    void badInputIsExitTwoNamingTheFileOrField(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("no-such-experiment");
        CliRun r = CliRun.of("report", missing.toString(), "--text");
        assertEquals(Cli.BAD_INPUT, r.code());
        assertTrue(r.err().contains(missing.toString()), r.err());

        Path a = imported(dir, "dmesg-plain.log", "plain");
        Files.writeString(a.resolve("experiment.json"), "{\"formatVersion\": 1, \"id\": \"x\", \"name\": \"x\", "
                + "\"created\": \"2026-01-01T00:00:00Z\", \"status\": \"exploded\"}");
        CliRun broken = CliRun.of("report", a.toString(), "--text");
        assertEquals(Cli.BAD_INPUT, broken.code());
        assertTrue(broken.err().contains("experiment.json") && broken.err().contains("status"), broken.err());

        assertEquals(Cli.BAD_INPUT, CliRun.of("report", a.toString()).code(), "neither --html nor --text");
        assertEquals(Cli.BAD_INPUT, CliRun.of("report", a.toString(), "--text", "--html", "x.html").code(), "both");
        assertEquals(Cli.BAD_INPUT, CliRun.of("report", "--text").code(), "no experiment");
    }
}
