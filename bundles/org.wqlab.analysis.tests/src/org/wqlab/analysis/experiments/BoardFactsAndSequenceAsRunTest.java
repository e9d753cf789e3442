package org.wqlab.analysis.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.experiments.BoardFactNames.Fact;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.Workspace;

/** What the editor's Board and Sequence tabs show: facts in words, and the sequence with its variables resolved. */
class BoardFactsAndSequenceAsRunTest {

    @TempDir
    Path tmp;

    @Test
    void boardFactsReadInWordsInAReadingOrder() {
        List<Fact> facts = BoardFactNames.of(Map.of("boardTimeSpeed", "40.0", "cpuIntensiveThreshUs", "10000",
                "usbIrq", "174", "usbIrqCpu", "0", "config.CONFIG_HZ", "250", "kernelRelease", "6.1.0-28-arm64",
                "board", "lab rcar", "somethingNew", "x"));
        assertEquals(List.of(new Fact("Board", "lab rcar"), new Fact("Kernel release", "6.1.0-28-arm64"),
                new Fact("Board time per wall time", "40x (a simulated board running faster than real time)"),
                new Fact("CPU_INTENSIVE threshold (workqueue.cpu_intensive_thresh_us)", "10000 µs (10 ms)"),
                new Fact("USB host controller interrupt", "IRQ 174"),
                new Fact("CPU serving the USB interrupt", "CPU 0"), new Fact("Kernel config CONFIG_HZ", "250"),
                new Fact("somethingNew", "x")), facts);
        assertEquals(List.of(new Fact("Board time per wall time", "1x (real time)")),
                BoardFactNames.of(Map.of("boardTimeSpeed", "1.0")));
        assertEquals(List.of(new Fact("Board time per wall time", "fast")),
                BoardFactNames.of(Map.of("boardTimeSpeed", "fast")), "a value that is not a number stays");
    }

    @Test
    void theSequenceAsRunHasTheVariablesTheRunUsed() throws Exception {
        ExperimentFolder folder = new Workspace(tmp).create("vars", Instant.parse("2026-12-01T10:00:00Z"));
        Files.writeString(folder.kernelLog(), "[  310.000001] latency_mon: start cpu=0 period_ms=100\n",
                StandardCharsets.UTF_8);
        String written = """
                {"variables": {"size.mib": "1024", "device": "sda1"},
                 "steps": [{"type": "run", "command": ["dd", "if=/run/media/${device}/big", "bs=1M",
                   "count=${size.mib}"]}, {"type": "sleep", "seconds": "${unset}"}]}""";
        ExperimentMetadata m = ExperimentMetadata.of(folder.id(), "vars", Instant.parse("2026-12-01T10:00:00Z"),
                ExperimentStatus.COMPLETED);
        folder.writeMetadata(new ExperimentMetadata(m.formatVersion(), m.id(), m.name(), m.created(), Map.of(), "",
                Map.of(), written, m.status(), "", null));
        Files.writeString(folder.dir().resolve(ExperimentDetails.RUN_FILE),
                "{\"variables\": {\"size.mib\": \"2048\", \"device\": \"sdb1\"}, \"steps\": []}", StandardCharsets.UTF_8);

        ExperimentDetails details = ExperimentDetails.read(folder.dir());
        assertEquals(Map.of("size.mib", "2048", "device", "sdb1"), details.variables());
        assertEquals(written.replace("${device}", "sdb1").replace("${size.mib}", "2048"), details.sequenceAsRun(),
                "the run's values (an override), an unknown name as written");
    }
}
