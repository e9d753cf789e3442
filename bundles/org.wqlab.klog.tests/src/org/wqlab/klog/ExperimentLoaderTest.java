package org.wqlab.klog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.core.store.LoadProblem;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.core.store.Workspace;
import org.wqlab.core.store.WorkspaceContents;

class ExperimentLoaderTest {

    @TempDir
    Path tmp;

    private Path copyResource(String name) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, KlogParserTest.resource(name));
        return p;
    }

    @Test
    void importThenReloadGivesIdenticalSamplesEventsAndStatistics() throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        Instant t = Instant.parse("2026-11-29T20:25:03Z");
        for (String name : List.of("dmesg-plain.log", "dmesg-r-caller.log", "kmsg.log", "serial-capture.log",
                "journal-short.log", "printk-time0.log", "mixed-noise.log")) {
            Path log = copyResource(name);
            LoadedExperiment imported = ExperimentLoader.importLog(ws, log, name, t);
            assertTrue(imported.content().samples().size() > 0, name);
            assertEquals(ExperimentStatus.COMPLETED, imported.metadata().status());
            assertEquals(-1, Files.mismatch(log, imported.folder().kernelLog()), "raw log copied byte for byte");

            LoadedExperiment reloaded = ExperimentLoader.load(imported.folder());
            assertEquals(imported.metadata(), reloaded.metadata(), name);
            assertEquals(imported.content().samples(), reloaded.content().samples(), name);
            assertEquals(imported.content().events(), reloaded.content().events(), name);
            assertEquals(imported.content().anomalies(), reloaded.content().anomalies(), name);
            assertEquals(imported.content().rawLines(), reloaded.content().rawLines(), name);
            assertEquals(StatisticsCalculator.compute(imported.content()),
                    StatisticsCalculator.compute(reloaded.content()), name);
        }
        WorkspaceContents all = ExperimentLoader.loadWorkspace(ws);
        assertEquals(7, all.experiments().size());
        assertEquals(List.of(), all.problems());
        LoadedExperiment caller = all.experiments().stream()
                .filter(e -> e.metadata().name().equals("dmesg-r-caller.log")).findFirst().orElseThrow();
        assertEquals("latency_mon", caller.metadata().module());
        assertEquals("9", caller.metadata().parameters().get("threshold_ms"));
    }

    @Test
    void corruptMetadataAndGarbageLogAreReportedAndTheRestLoads() throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        Instant t = Instant.parse("2026-11-29T20:25:03Z");
        LoadedExperiment good = ExperimentLoader.importLog(ws, copyResource("dmesg-plain.log"), "good", t);
        LoadedExperiment badMeta = ExperimentLoader.importLog(ws, copyResource("kmsg.log"), "bad-meta", t);
        LoadedExperiment badLog = ExperimentLoader.importLog(ws, copyResource("dmesg-T.log"), "bad-log", t);
        Files.writeString(badMeta.folder().metadataFile(), "{\n  \"formatVersion\": 1,\n  \"id\": \"x\"\n  oops");
        byte[] garbage = new byte[64 * 1024];
        new Random(42).nextBytes(garbage);
        Files.write(badLog.folder().kernelLog(), garbage);
        // recorded before experiments kept their log's length and hash: the garbage is parsed (and refused by line)
        badLog.folder().writeMetadata(badLog.metadata().withKernelLog(null));

        WorkspaceContents all = ExperimentLoader.loadWorkspace(ws);
        assertEquals(List.of(good.folder()), all.experiments().stream().map(LoadedExperiment::folder).toList());
        assertEquals(2, all.problems().size());
        LoadProblem meta = all.problems().stream().filter(p -> p.folder().equals(badMeta.folder().dir()))
                .findFirst().orElseThrow();
        assertEquals(badMeta.folder().metadataFile(), meta.file());
        assertTrue(meta.line() >= 3, meta.message());
        assertTrue(meta.message().contains("experiment.json:" + meta.line()), meta.message());
        LoadProblem log = all.problems().stream().filter(p -> p.folder().equals(badLog.folder().dir()))
                .findFirst().orElseThrow();
        assertEquals(badLog.folder().kernelLog(), log.file());
        assertTrue(log.line() >= 1, log.message());
        assertTrue(log.message().contains("kernel.log:" + log.line() + ": binary data"), log.message());
    }

    @Test
    void anImportInProgressOrCutShortNeverShowsAsAHalfWrittenExperiment() throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        Path big = tmp.resolve("big.log");
        try (var out = Files.newBufferedWriter(big)) {
            for (int i = 0; i < 400_000; i++) {
                out.write("[ " + (100 + i / 10) + "." + String.format("%06d", i % 1_000_000)
                        + "] latency_mon: cpu=0 seq=" + i + " delay_us=" + (i % 977) + "\n");
            }
        }
        var importer = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return ExperimentLoader.importLog(ws, big, "big", Instant.parse("2026-11-29T20:25:03Z"));
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        int looks = 0;
        while (!importer.isDone()) {
            for (var folder : ws.experiments()) {
                assertTrue(Files.exists(folder.metadataFile()) || importer.isDone(),
                        "listed while its import runs, without metadata: " + folder.dir());
            }
            looks++;
        }
        LoadedExperiment imported = importer.get();
        assertTrue(looks > 0, "the workspace was looked at during the import");
        assertEquals(List.of(imported.folder().dir()), ws.experiments().stream().map(f -> f.dir()).toList());
        assertEquals(-1, Files.mismatch(big, imported.folder().kernelLog()), "the whole log, byte for byte");
        assertEquals(imported.folder().id(), imported.metadata().id());

        // what kill -9 halfway leaves: a hidden staging folder with part of a log, and the reserved empty folder
        var reserved = ws.create("cut-short", Instant.parse("2026-11-29T20:30:00Z"));
        var staging = ws.staging(reserved);
        Files.write(staging.kernelLog(), Files.readAllBytes(big), java.nio.file.StandardOpenOption.CREATE);
        assertEquals(List.of(imported.folder().dir()), ws.experiments().stream().map(f -> f.dir()).toList(),
                "neither the staging folder nor the empty reserved one is an experiment");
        assertEquals(1, ExperimentLoader.loadWorkspace(ws).experiments().size());
        assertEquals(List.of(), ExperimentLoader.loadWorkspace(ws).problems());
    }

    @Test
    void importRefusesGarbageAndLeavesNothingBehind() throws Exception {
        Workspace ws = new Workspace(tmp.resolve("ws"));
        Path junk = tmp.resolve("firmware.bin");
        byte[] garbage = new byte[16 * 1024];
        new Random(7).nextBytes(garbage);
        Files.write(junk, garbage);
        InputException e = assertThrows(InputException.class,
                () -> ExperimentLoader.importLog(ws, junk, "junk", Instant.EPOCH));
        assertEquals(junk, e.file());
        assertTrue(e.line() >= 1);
        assertEquals(List.of(), ws.experiments());
        assertFalse(Files.exists(tmp.resolve("ws").resolve("19700101-000000-junk")));
        InputException missing = assertThrows(InputException.class,
                () -> ExperimentLoader.importLog(ws, tmp.resolve("nope.log"), "x", Instant.EPOCH));
        assertTrue(missing.getMessage().endsWith("nope.log: no such file"), missing.getMessage());
    }
}
