package org.wqlab.sequence.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.core.model.ExperimentStatus;
import org.wqlab.sequence.SequenceJson;

/**
 * The experiment's size of the same 20-cycle soak with the trace kept around late runs only and with the whole
 * trace, printed with their ratio ({@code -Dwqlab.bench=true}).
 */
@EnabledIfSystemProperty(named = "wqlab.bench", matches = "true")
class SoakTraceSizeBenchmarkTest {

    @Test
    void lateWindowsAgainstTheWholeTrace(@TempDir Path dir) throws Exception {
        long windows;
        long whole;
        try (TraceRig rig = SoakRun.rig(dir.resolve("late"))) {
            RunResult r = SoakRun.run(rig, dir.resolve("late"), SequenceJson.soak());
            assertEquals(ExperimentStatus.COMPLETED, r.status(), r.summary());
            windows = SoakRun.size(r.folder().dir());
        }
        try (TraceRig rig = SoakRun.rig(dir.resolve("whole"))) {
            RunResult r = SoakRun.run(rig, dir.resolve("whole"), SoakRun.wholeTrace());
            assertEquals(ExperimentStatus.COMPLETED, r.status(), r.summary());
            whole = SoakRun.size(r.folder().dir());
        }
        System.out.printf(Locale.ROOT, "soak 20 cycles: experiment %d bytes with late windows, %d bytes with the"
                + " whole trace, ratio %.3f%n", windows, whole, (double) windows / whole);
    }
}
