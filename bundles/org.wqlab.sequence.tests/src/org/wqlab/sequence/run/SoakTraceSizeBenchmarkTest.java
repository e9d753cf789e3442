package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.capture.LateWindowRing;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceJson;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The experiment's size of a 20-cycle soak with the trace kept around late runs only, against the same soak with the
 * whole trace ({@code -Dwqlab.bench=true}). The same soak: the ring saw every trace byte of the run (kept + dropped in
 * trace-windows.json), so the whole-trace experiment of that very run is its size with those bytes in place of the
 * kept windows. A second soak recording the whole trace checks it; its board time differs (each step's SSH round
 * trips cost board time on a loaded host), so its trace is compared per second of board time.
 */
@EnabledIfSystemProperty(named = "wqlab.bench", matches = "true")
class SoakTraceSizeBenchmarkTest {

    @Test
    void lateWindowsAgainstTheWholeTrace(@TempDir Path dir) throws Exception {
        Sizes late = measure(dir.resolve("late"), SequenceJson.soak());
        Sizes whole = measure(dir.resolve("whole"), SoakRun.wholeTrace());
        JsonObject windows = JsonParser.parseString(Files.readString(late.dir().resolve(LateWindowRing.WINDOWS_FILE)))
                .getAsJsonObject();
        long seen = windows.get("keptBytes").getAsLong() + windows.get("droppedBytes").getAsLong();
        long sameSoakWhole = late.experiment() - late.trace() + seen;
        assertTrue(late.trace() > 0 && late.trace() < seen, late + " of " + seen);
        System.out.printf(Locale.ROOT, "soak 20 cycles, late windows: experiment %d bytes (trace.log %d, kernel.log %d,"
                + " %.0f s board); the same soak with the whole trace: %d bytes (trace %d); ratio %.3f (trace %.3f)%n",
                late.experiment(), late.trace(), late.kernelLog(), late.boardSeconds(), sameSoakWhole, seen,
                (double) late.experiment() / sameSoakWhole, (double) late.trace() / seen);
        System.out.printf(Locale.ROOT, "check, a second soak with the whole trace: experiment %d bytes (trace.log %d,"
                + " kernel.log %d, %.0f s board); trace per board second %.0f bytes whole, %.0f seen by the ring%n",
                whole.experiment(), whole.trace(), whole.kernelLog(), whole.boardSeconds(),
                whole.trace() / whole.boardSeconds(), seen / late.boardSeconds());
    }

    private record Sizes(Path dir, long experiment, long trace, long kernelLog, double boardSeconds) {
    }

    private static Sizes measure(Path dir, Sequence s) throws Exception {
        try (TraceRig rig = SoakRun.rig(dir)) {
            RunResult r = SoakRun.run(rig, dir, s);
            assertEquals(ExperimentStatus.COMPLETED, r.status(), r.summary());
            Path d = r.folder().dir();
            List<StepRecord> steps = r.steps();
            double board = (steps.get(steps.size() - 1).kernelUs() - steps.get(0).kernelUs()) / 1e6;
            return new Sizes(d, SoakRun.size(d), Files.size(AnalysisFiles.traceLog(r.folder())),
                    Files.size(d.resolve(ExperimentFolder.KERNEL_LOG)), board);
        }
    }
}
