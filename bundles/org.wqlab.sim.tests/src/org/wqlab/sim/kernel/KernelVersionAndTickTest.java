package org.wqlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wqlab.sim.kernel.Scenario.GIB;
import static org.wqlab.sim.kernel.Scenario.SEC;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.Profiles;

/** Automatic CPU_INTENSIVE on kernels >= 6.5, and the tick round-up at HZ=100 and 250. */
class KernelVersionAndTickTest {

    private static long worstAfterPullUs(SimulatedBoardProfile profile) {
        Scenario s = new Scenario(profile);
        s.originalMonitorOn(0).run(5 * SEC);
        s.dd(4 * GIB);
        s.run(2 * SEC);
        long pull = s.kernel.nowNs();
        s.kernel.usb().disconnectAtHub();
        s.run(15 * SEC);
        return s.worstMonitorDelayUsSince(pull, 0);
    }

    /** The worst delay over pulls at every 2 ms phase of the monitor's 104 ms period (1 GiB cached). */
    private static long worstOverPhasesUs(SimulatedBoardProfile profile) {
        long worst = Long.MIN_VALUE;
        for (long phase = 0; phase < 104; phase += 2) {
            Scenario s = new Scenario(profile);
            s.originalMonitorOn(0).run(SEC);
            s.dd(GIB);
            s.run(phase * Scenario.MS);
            long pull = s.kernel.nowNs();
            s.kernel.usb().disconnectAtHub();
            s.run(3 * SEC);
            worst = Math.max(worst, s.worstMonitorDelayUsSince(pull, 0));
        }
        return worst;
    }

    @Test
    void linux612WithThresholdSetTo10msKeepsTheMonitorUnder30ms() {
        SimulatedBoardProfile p = Profiles.builtIn("rcar-h3-linux6.12").withCpuIntensiveThreshUs(10_000L);
        long worstUs = worstAfterPullUs(p);
        long worstAnyPhaseUs = worstOverPhasesUs(p);
        System.out.println("rcar-h3-linux6.12 thresh 10000us: worst delay " + worstUs + " us, over all phases "
                + worstAnyPhaseUs + " us");
        assertTrue(worstUs < 30_000, "worst " + worstUs);
        assertTrue(worstAnyPhaseUs < 30_000, "worst over phases " + worstAnyPhaseUs);
        assertTrue(worstAnyPhaseUs > 10_000, "a monitor run queued in the 10 ms detection window waits for it");
    }

    @Test
    void linux612WithBogoMipsScaledDefaultStallsAboutOneSecond() {
        SimulatedBoardProfile p = Profiles.builtIn("rcar-h3-linux6.12");
        assertEquals(1_000_000, new Kernel(p).workqueues().cpuIntensiveThreshUs());
        long worstUs = worstAfterPullUs(p);
        long worstAnyPhaseUs = worstOverPhasesUs(p);
        System.out.println("rcar-h3-linux6.12 default thresh: worst delay " + worstUs + " us, over all phases "
                + worstAnyPhaseUs + " us");
        assertEquals(1_000_000, worstUs, 100_000);
        assertEquals(1_000_000, worstAnyPhaseUs, 100_000);
    }

    @Test
    void olderKernelNeverMarksCpuIntensive() {
        long worstUs = worstAfterPullUs(Profiles.builtIn("rcar-h3-default").withCpuIntensiveThreshUs(10_000L));
        assertTrue(worstUs > 6_000_000, "5.4 has no automatic marking: " + worstUs);
    }

    @Test
    void hogReportIsLoggedWithConfigWqCpuIntensiveReport() {
        Kernel k = new Kernel(Profiles.builtIn("rcar-h3-linux6.12").withCpuIntensiveThreshUs(10_000L));
        for (int i = 0; i < 4; i++) {
            k.queueWork(Kernel.SYSTEM_WQ, 2, SimulatedWorkFunction.compute("busy_fn", 50_000_000));
            k.runFor(SEC);
        }
        assertTrue(k.log().entries().stream().anyMatch(e -> e.text()
                .equals("workqueue: busy_fn hogged CPU for >10000us 4 times, consider switching to WQ_UNBOUND")));
        assertEquals(4, k.groundTruth().workRecords("busy_fn").stream().filter(WorkRecord::markedCpuIntensive).count());
    }

    @Test
    void defaultThresholdFollowsTheKernelsBogoMipsScaling() {
        assertEquals(1_000_000, WorkqueueSystem.defaultThreshUs(null, 16.66, 250));
        assertEquals(10_000, WorkqueueSystem.defaultThreshUs(null, 5000, 250));
        assertEquals(20_000, WorkqueueSystem.defaultThreshUs(null, 2000, 1000));
        assertEquals(1_000_000, WorkqueueSystem.defaultThreshUs(null, 20, 100));
        assertEquals(500, WorkqueueSystem.defaultThreshUs(500L, 16.66, 250));
    }

    private static List<Long> idleDelays(int hz) {
        Scenario s = new Scenario(Profiles.builtIn("rcar-h3-default").withHz(hz));
        s.originalMonitorOn(0);
        long mark = s.logMark();
        s.run(60 * SEC);
        return s.delaysSince(mark);
    }

    @Test
    void hz100PrintsDelay10OnNearlyEveryPeriodAtIdle() {
        List<Long> delays = idleDelays(100);
        // 60 s / 110 ms periods = 545 runs
        assertTrue(delays.size() >= 540, "reports: " + delays.size());
        assertTrue(delays.stream().allMatch(d -> d == 10), delays.toString());
    }

    @Test
    void hz250PrintsNothingAtIdle() {
        assertEquals(List.of(), idleDelays(250));
    }

    @Test
    void periodIsHundredMillisecondsPlusOneTick() {
        Scenario s = new Scenario("rcar-h3-default");
        s.originalMonitorOn(0).run(10 * SEC);
        List<MonitorReport> runs = s.kernel.groundTruth().monitorReports();
        assertTrue(runs.size() > 90);
        for (MonitorReport r : runs.subList(1, runs.size())) {
            assertEquals(4000, r.delayUs(), 10, "HZ=250: 26 ticks");
        }
    }

    @Test
    void timerWheelRoundsUpByLevelGranularity() {
        Kernel k = new Kernel(Profiles.builtIn("rcar-h3-default").withHz(1000));
        Timers t = k.timers();
        assertEquals(100, t.msecsToJiffies(100));
        assertEquals(4200, t.jiffies(), "booted at 4.2 s uptime");
        assertEquals(4211, t.fireJiffy(10), "level 0: one tick late");
        assertEquals(4304, t.fireJiffy(100), "level 1: rounded up to granularity 8 after adding 8");
        k.runFor(5_000_000);
        assertEquals(4205, t.jiffies());
        assertEquals(4312, t.fireJiffy(100));
    }
}
