package org.wqlab.sequence.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import org.wqlab.core.store.Workspace;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sim.Profiles;

/** The shipped soak sequence on the simulated board, sized to run in seconds (board time runs 40x). */
final class SoakRun {

    static final double SPEED = 40;
    private static final String CYCLE_START = "write back dirty pages";
    static final Map<String, String> QUICK = Map.of("size.mib", "256", "after.s", "1", "settle.s", "1",
            "stall.timeout.s", "30");

    private SoakRun() {
    }

    static TraceRig rig(Path dir) throws IOException {
        Files.createDirectories(dir);
        return new TraceRig(dir, Profiles.builtIn(Profiles.DEFAULT), SPEED);
    }

    static RunResult run(TraceRig rig, Path dir, Sequence s) throws Exception {
        return new SequenceRunner().run("soak", s, QUICK, rig.access, new Workspace(dir.resolve("ws")),
                RunMonitor.NONE);
    }

    /** The soak as shipped, but with the whole trace recorded. */
    static Sequence wholeTrace() throws Exception {
        Sequence s = SequenceJson.soak();
        return new Sequence(s.name(), s.variables(), s.steps(), s.text(), true);
    }

    /** Each cycle's board and wall time, from its first step to the next cycle's (what a slow cycle is made of). */
    static void printCycles(List<StepRecord> steps) {
        List<StepRecord> starts = steps.stream().filter(s -> s.label().contains(CYCLE_START)).toList();
        for (int k = 0; k + 1 < starts.size(); k++) {
            StepRecord a = starts.get(k);
            StepRecord b = starts.get(k + 1);
            System.out.printf(Locale.ROOT, "cycle %d: %.1f s board, %.2f s wall%n", k + 1,
                    (b.kernelUs() - a.kernelUs()) / 1e6,
                    Duration.between(Instant.parse(a.startedUtc()), Instant.parse(b.startedUtc())).toMillis() / 1e3);
        }
    }

    static long size(Path experimentDir) throws IOException {
        try (Stream<Path> files = Files.walk(experimentDir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
