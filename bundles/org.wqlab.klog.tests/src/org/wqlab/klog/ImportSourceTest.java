package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ImportSource;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.klog.importer.KernelLogOutput;
import org.wqlab.klog.importer.LogHead;
import org.wqlab.klog.importer.LogImporter;
import org.wqlab.klog.importer.LogImporters;
import org.wqlab.klog.internal.importers.BuiltInImporters;

/** An import keeps the file it read: as kernel.log when copied unchanged, else byte for byte in source/. */
class ImportSourceTest {

    private static final Instant CREATED = Instant.parse("2026-12-07T15:00:00Z");

    @TempDir
    Path tmp;

    /**
     * A container format: {@code K } lines are the kernel's, {@code C } lines the container's own (context). The
     * importer writes the kernel lines only, as a LAVA job log's does.
     */
    static final class Container implements LogImporter {
        @Override
        public String id() {
            return "container";
        }

        @Override
        public String name() {
            return "test container";
        }

        @Override
        public boolean reads(Path file, LogHead head) {
            return !head.lines().isEmpty() && head.lines().get(0).equals("C container 1");
        }

        @Override
        public String importInto(Path file, KernelLogOutput out) throws IOException, InputException {
            long n = 0;
            try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
                String line;
                while ((line = r.readLine()) != null) {
                    n++;
                    if (line.startsWith("K ")) {
                        byte[] b = (line.substring(2) + "\n").getBytes(StandardCharsets.ISO_8859_1);
                        out.write(b, 0, b.length);
                    } else if (!line.startsWith("C ")) {
                        throw new InputException(file, n, "neither a K nor a C line");
                    }
                }
            }
            return "";
        }
    }

    private static LogImporters withContainer() {
        List<LogImporter> all = new java.util.ArrayList<>(BuiltInImporters.all());
        all.add(new Container());
        return LogImporters.of(all);
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void aSerialCaptureWithLineEditingIsItsOwnSourceCopiedOnce() throws Exception {
        byte[] bytes = KlogParserTest.resource("serial-line-editing.log");
        Path file = Files.write(tmp.resolve("minicom.cap"), bytes);
        LoadedExperiment e = ExperimentLoader.importLog(new Workspace(tmp.resolve("ws")), file, "board", CREATED);

        assertEquals(sha256(bytes), sha256(Files.readAllBytes(e.folder().kernelLog())),
                "kernel.log is the capture, its terminal editing included (the parser renders it when reading)");
        ImportSource expected = new ImportSource("minicom.cap", "kernel.log", bytes.length, null, "serial");
        assertEquals(expected, e.metadata().source());
        assertEquals(expected, e.folder().readMetadata().source(), "as experiment.json records it");
        assertFalse(Files.exists(e.folder().dir().resolve(ExperimentFolder.SOURCE)), "nothing copied twice");
    }

    @Test
    void aConvertedFileIsKeptByteForByteWithItsContextLines() throws Exception {
        // CR LF, a byte that is not UTF-8 and trailing spaces: all kept as they were
        byte[] bytes = ("C container 1\r\n"
                + "C dispatcher: start: 1 deployimages \u00ff  \r\n"
                + "K [    1.000000] usb 2-1: USB disconnect, device number 2\r\n"
                + "K [    2.000000] DELAY: 355\n"
                + "C dispatcher: end\n").getBytes(StandardCharsets.ISO_8859_1);
        Path file = Files.write(tmp.resolve("job.txt"), bytes);
        LoadedExperiment e = ExperimentLoader.importLog(new Workspace(tmp.resolve("ws")), file, "job", CREATED,
                withContainer(), ImportExtras.NONE);

        ImportSource s = e.folder().readMetadata().source();
        assertEquals(new ImportSource("job.txt", "source/job.txt", bytes.length, sha256(bytes), "container"), s);
        Path kept = e.folder().sourceFile(s).orElseThrow();
        assertEquals(e.folder().dir().resolve("source/job.txt").toAbsolutePath().normalize(), kept);
        assertArrayEquals(bytes, Files.readAllBytes(kept));
        assertTrue(Files.readAllLines(kept, StandardCharsets.ISO_8859_1).contains("C dispatcher: end"),
                "the lines the kernel log does not hold are there");
        assertEquals(List.of("[    1.000000] usb 2-1: USB disconnect, device number 2", "[    2.000000] DELAY: 355"),
                Files.readAllLines(e.folder().kernelLog()));
        assertEquals(1, e.content().samples().size());
    }

    @Test
    void extrasAreWrittenBeforeTheExperimentAppears() throws Exception {
        Path file = Files.writeString(tmp.resolve("job.txt"), "C container 1\nK [    2.000000] DELAY: 355\n");
        ImportExtras extras = new ImportExtras("job 6 of a lab", Map.of("lava.jobId", "6"),
                Map.of("lava-job.yaml", "job_name: x\n".getBytes(StandardCharsets.UTF_8)));
        LoadedExperiment e = ExperimentLoader.importLog(new Workspace(tmp.resolve("ws")), file, "job", CREATED,
                withContainer(), extras);
        assertEquals("job_name: x\n", Files.readString(e.folder().dir().resolve("lava-job.yaml")));
        assertEquals("6", e.folder().readMetadata().boardFacts().get("lava.jobId"));
        assertEquals("imported from job 6 of a lab (test container)", e.folder().readMetadata().notes(),
                "the origin given, not the file's path");
        assertTrue(e.folder().readMetadata().boardFacts().containsKey(LogYear.FACT_SOURCE_MODIFIED));
        for (String bad : new String[] { "kernel.log", "source", "../x", "a/b", ".hidden", "" }) {
            assertThrows(IllegalArgumentException.class,
                    () -> new ImportExtras("", Map.of(), Map.of(bad, new byte[0])), bad);
        }
    }

    @Test
    void aFailedImportLeavesNoFolderAndNamesTheLine() throws Exception {
        Path ws = tmp.resolve("ws");
        Path file = Files.writeString(tmp.resolve("broken.txt"),
                "C container 1\nK [    2.000000] DELAY: 355\nX garbage\nK [    3.000000] DELAY: 1\n");
        InputException bad = assertThrows(InputException.class, () -> ExperimentLoader.importLog(new Workspace(ws),
                file, "broken", CREATED, withContainer(), ImportExtras.NONE));
        assertEquals(file, bad.file());
        assertEquals(3, bad.line());
        assertTrue(bad.getMessage().contains("neither a K nor a C line"), bad.getMessage());
        assertEquals(List.of(), entries(ws), "no experiment, no staging folder, no source copy");

        Path binary = Files.write(tmp.resolve("core.bin"), new byte[] { 0, 0, 0, 1, 2, 0, 0, '\n', 0, 0 });
        assertThrows(InputException.class, () -> ExperimentLoader.importLog(new Workspace(ws), binary, "bin",
                CREATED, withContainer(), ImportExtras.NONE));
        assertEquals(List.of(), entries(ws));
    }

    private static List<Path> entries(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir)).toList();
        }
    }
}
