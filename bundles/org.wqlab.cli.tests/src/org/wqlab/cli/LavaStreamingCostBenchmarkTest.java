package org.wqlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.lava.JobWriter;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;

/**
 * What streaming the kernel log into the job log costs the measurement, on the loopback LAVA lab: the default
 * sequence run alternately with the kernel log streamed while the job runs and printed only after its steps, and
 * the monitor's baseline (every report between the module's start and the pull) compared by p99, streamed over
 * printed-after, measured in the same run. A benchmark: runs with -Dwqlab.bench=true and the lab up.
 */
class LavaStreamingCostBenchmarkTest {

    private static final int PAIRS = Integer.getInteger("wqlab.bench.lavaPairs", 2);

    @TempDir
    Path dir;

    @Test
    void theBaselineP99WithAndWithoutTheStream() throws Exception {
        assumeTrue(Boolean.getBoolean("wqlab.bench"), "a benchmark: -Dwqlab.bench=true");
        Path props = Path.of(System.getProperty("wqlab.lava.home"), "lava.properties");
        assumeTrue(Files.isRegularFile(props), "no LAVA lab is up");
        java.util.Properties lab = new java.util.Properties();
        lab.load(Files.newBufferedReader(props));
        CliRun add = CliRun.of("lava", "server", "add", "bench", "--url", lab.getProperty("url"), "--user",
                lab.getProperty("user"), "--token-file", lab.getProperty("tokenFile"), "--template",
                "qemu=" + lab.getProperty("template"));
        assertEquals(0, add.code(), add.err());
        Sequence d = SequenceJson.defaultSequence();
        var vars = new java.util.LinkedHashMap<>(d.variables());
        vars.put(JobWriter.KERNEL_LOG_VAR, JobWriter.STREAM);
        vars.put("settle.s", "20"); // a baseline long enough for a p99
        Path sequence = dir.resolve("bench.wqseq");
        Files.writeString(sequence, SequenceJson.write(d.withContent(d.name(), vars, d.steps())),
                StandardCharsets.UTF_8);
        List<Double> streamed = new ArrayList<>();
        List<Double> after = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            streamed.add(baselineP99(run(sequence, JobWriter.STREAM, "s" + i)));
            after.add(baselineP99(run(sequence, JobWriter.AFTER, "a" + i)));
        }
        double s = median(streamed);
        double a = median(after);
        System.out.printf(Locale.ROOT, "LAVA kernel log streamed vs printed after the steps: baseline p99 %.3f ms"
                + " (runs %s) vs %.3f ms (runs %s), ratio %.2f%n", s, streamed, a, after, s / a);
        CliRun.of("lava", "server", "remove", "bench");
    }

    private Path run(Path sequence, String when, String tag) throws Exception {
        Path ws = dir.resolve(tag);
        CliRun r = CliRun.of("run", sequence.toString(), "--board", "lava:qemu@bench", "--workspace", ws.toString(),
                "--var", "size.mib=1024", "--var", JobWriter.KERNEL_LOG_VAR + "=" + when);
        assertEquals(0, r.code(), r.out() + r.err());
        try (Stream<Path> s = Files.list(ws)) {
            return s.filter(Files::isDirectory).findFirst().orElseThrow().resolve("kernel.log");
        }
    }

    /** p99 (ms) of every report between the module's start and the first USB disconnect. */
    private static double baselineP99(Path kernelLog) throws Exception {
        List<Long> us = new ArrayList<>();
        boolean on = false;
        for (String line : Files.readAllLines(kernelLog)) {
            if (line.contains("latency_mon: start")) {
                on = true;
            } else if (line.contains("USB disconnect")) {
                break;
            } else if (on && line.contains(" delay_us=")) {
                us.add(Long.parseLong(line.substring(line.indexOf(" delay_us=") + 10).strip()));
            }
        }
        us.sort(null);
        return us.get((int) Math.ceil(us.size() * 0.99) - 1) / 1000.0;
    }

    private static double median(List<Double> v) {
        List<Double> s = v.stream().sorted().toList();
        return s.size() % 2 == 1 ? s.get(s.size() / 2) : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2;
    }
}
