package org.wqlab.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wqlab.sim.Profiles;
import org.wqlab.sim.SimulatedBoardProfile;

/**
 * The fit on runs whose worst delays the kernel model itself produced for a hidden board: the fitted cost and
 * teardown come back, the residuals are small, and runs that cannot determine the cost are refused with the reason.
 */
class CalibratorTest {

    private static final MonitorSetup MONITOR = new MonitorSetup(100, 9, -1);
    private static final long MIB = 1 << 20;

    private static SimulatedBoardProfile hidden() {
        return ProfileJson.edit(Profiles.builtIn("rcar-h3-default"), o -> {
            o.addProperty("invalidateNsPerPage", 5100);
            o.addProperty("teardownCpuNs", 41_000_000);
        });
    }

    private static RecordedRun run(String id, SimulatedBoardProfile board, long cachedMib) {
        long worst = Math.round(ModelRun.run(board, cachedMib * MIB, MONITOR, false).meanWorstUs());
        return new RecordedRun(Path.of("/nonexistent", id), id, id, "h3", board.kernelRelease(), board.machine(),
                board.cpus(), board.hz(), board.bogomips(), null, 0, -1, cachedMib * MIB, MONITOR, worst);
    }

    @Test
    void costAndTeardownOfAHiddenBoardComeBackFromTwoSizes() throws Exception {
        SimulatedBoardProfile board = hidden();
        Twin twin = new Calibrator().fit(List.of(run("a", board, 512), run("b", board, 2048)));
        assertEquals(5100, twin.profile().invalidateNsPerPage(), 5100 * 0.02, twin.parameters()::toString);
        assertEquals(41e6, twin.profile().teardownCpuNs(), 41e6 * 0.25, twin.parameters()::toString);
        assertTrue(twin.worstResidualFraction() < 0.01, twin.residuals()::toString);
        Prediction p = Predictor.predict(twin, WhatIf.NONE.withCachedBytes(1024 * MIB));
        long truth = Math.round(ModelRun.run(board, 1024 * MIB, MONITOR, false).meanWorstUs());
        assertEquals(truth, p.predictedWorstUs(), truth * 0.02);
        assertTrue(p.lowUs() <= p.predictedWorstUs() && p.predictedWorstUs() <= p.highUs(), p.toString());
    }

    @Test
    void runsAllAtOneCachedSizeAreRefusedNamingWhy() {
        SimulatedBoardProfile board = hidden();
        CannotCalibrateException e = assertThrows(CannotCalibrateException.class,
                () -> new Calibrator().fit(List.of(run("a", board, 1024), run("b", board, 1024))));
        assertTrue(e.getMessage().contains("about the same page cache before the pull (a: 1024 MiB, b: 1024 MiB)"),
                e.getMessage());
    }

    @Test
    void oneRunIsRefused() {
        CannotCalibrateException e = assertThrows(CannotCalibrateException.class,
                () -> new Calibrator().fit(List.of(run("a", hidden(), 1024))));
        assertTrue(e.getMessage().contains("two or more recorded runs of one board, got 1"), e.getMessage());
    }

    @Test
    void runsOfTwoBoardsAreRefused(@TempDir Path dir) {
        SimulatedBoardProfile other = ProfileJson.edit(hidden(), o -> o.addProperty("cpus", 4));
        CannotCalibrateException e = assertThrows(CannotCalibrateException.class,
                () -> new Calibrator().fit(List.of(run("a", hidden(), 512), run("b", other, 2048))));
        assertTrue(e.getMessage().contains("not of one board: CPUs 8"), e.getMessage());
    }

    @Test
    void bogomipsMeasuredAtEachBootIsOneBoardWithinOnePercent() throws Exception {
        SimulatedBoardProfile board = hidden();
        SimulatedBoardProfile reboot = ProfileJson.edit(board, o -> o.addProperty("bogomips", board.bogomips() * 1.002));
        Twin twin = new Calibrator().fit(List.of(run("a", board, 512), run("b", reboot, 2048)));
        assertEquals(2, twin.residuals().size());
        SimulatedBoardProfile other = ProfileJson.edit(board, o -> o.addProperty("bogomips", board.bogomips() * 1.05));
        CannotCalibrateException e = assertThrows(CannotCalibrateException.class,
                () -> new Calibrator().fit(List.of(run("a", board, 512), run("b", other, 2048))));
        assertTrue(e.getMessage().contains("BogoMIPS") && e.getMessage().contains("more than 1 % apart"),
                e.getMessage());
    }

    @Test
    void twinFileLoadsAsASimulatorProfileAndKeepsTheCalibration(@TempDir Path dir) throws Exception {
        SimulatedBoardProfile board = hidden();
        Twin twin = new Calibrator().fit(List.of(run("a", board, 512), run("b", board, 2048)));
        Path file = dir.resolve("twin.json");
        TwinFile.write(twin, file);
        assertEquals(twin.profile(), Profiles.load(file));
        Twin back = TwinFile.read(file);
        assertEquals(twin, back);
    }
}
