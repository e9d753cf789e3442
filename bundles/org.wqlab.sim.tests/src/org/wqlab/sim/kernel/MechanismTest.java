package org.wqlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wqlab.sim.kernel.Scenario.GIB;
import static org.wqlab.sim.kernel.Scenario.MS;
import static org.wqlab.sim.kernel.Scenario.SEC;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The stall grows linearly with the cache, is shared by the pool, and where it does not happen. */
class MechanismTest {

    private static double worstDelayMs(long cachedBytes) {
        Scenario s = new Scenario("rcar-h3-default");
        s.originalMonitorOn(0).run(5 * SEC);
        s.dd(cachedBytes);
        s.run(2 * SEC);
        long pull = s.kernel.nowNs();
        s.kernel.usb().disconnectAtHub();
        s.run(15 * SEC);
        return s.worstMonitorDelayUsSince(pull, 0) / 1000.0;
    }

    @Test
    void worstDelayGrowsLinearlyWithCachedSize() {
        double[] x = {1, 2, 3};
        double[] y = {worstDelayMs(GIB), worstDelayMs(2 * GIB), worstDelayMs(3 * GIB)};
        double mx = 2;
        double my = (y[0] + y[1] + y[2]) / 3;
        double slope = ((x[0] - mx) * (y[0] - my) + (x[2] - mx) * (y[2] - my)) / 2;
        double intercept = my - slope * mx;
        System.out.printf("worst delay 1/2/3 GiB: %.1f / %.1f / %.1f ms, line %.1f ms/GiB + %.1f ms%n", y[0], y[1], y[2],
                slope, intercept);
        assertTrue(slope > 1000, "delay must grow with the cache: " + slope + " ms/GiB");
        for (int i = 0; i < 3; i++) {
            double onLine = slope * x[i] + intercept;
            assertEquals(onLine, y[i], 0.05 * onLine, "point " + x[i] + " GiB");
        }
    }

    @Test
    void bystanderOnCpu0WaitsForTheStallButUnboundOneDoesNot() {
        Scenario s = new Scenario("rcar-h3-default");
        s.originalMonitorOn(0).run(SEC);
        s.dd(2 * GIB);
        s.kernel.usb().disconnectAtHub();
        s.run(SEC);
        s.kernel.queueWork(Kernel.SYSTEM_WQ, 0, SimulatedWorkFunction.compute("bystander_percpu", 50_000));
        s.kernel.queueWork(Kernel.SYSTEM_UNBOUND_WQ, 0, SimulatedWorkFunction.compute("bystander_unbound", 50_000));
        s.run(10 * SEC);

        WorkRecord hub = s.kernel.groundTruth().workRecords("hub_event").get(0);
        WorkRecord perCpu = s.kernel.groundTruth().workRecords("bystander_percpu").get(0);
        WorkRecord unbound = s.kernel.groundTruth().workRecords("bystander_unbound").get(0);
        long stallEnd = hub.endNs();
        System.out.printf("bystander waits: per-CPU %.1f ms, unbound %.3f ms%n", perCpu.waitNs() / 1e6,
                unbound.waitNs() / 1e6);
        assertEquals(0, perCpu.cpu());
        assertTrue(perCpu.waitNs() > 2 * SEC, "per-CPU bystander waited " + perCpu.waitNs());
        // it starts when hub_event goes to sleep after the invalidation, like the monitor
        WorkRecord monitorRun = s.kernel.groundTruth().workRecords("latency_mon_work").stream()
                .filter(w -> w.startNs() > perCpu.queuedNs()).findFirst().orElseThrow();
        assertEquals(monitorRun.startNs(), perCpu.startNs(), MS);
        assertTrue(perCpu.startNs() < stallEnd);
        assertTrue(unbound.waitNs() < MS, "unbound bystander waited " + unbound.waitNs());
        assertEquals("events_unbound", unbound.workqueue());
    }

    private static Scenario cachedAndMonitored(int monitorCpu) {
        Scenario s = new Scenario("rcar-h3-default");
        s.originalMonitorOn(monitorCpu).run(SEC);
        s.dd(2 * GIB);
        s.run(SEC);
        return s;
    }

    @Test
    void monitorPinnedToCpu1SeesNoDelay() {
        Scenario s = cachedAndMonitored(1);
        long mark = s.logMark();
        long pull = s.kernel.nowNs();
        s.kernel.usb().disconnectAtHub();
        s.run(10 * SEC);
        assertEquals(List.of(), s.delaysSince(mark));
        assertTrue(s.worstMonitorDelayUsSince(pull, 1) < 9000);
        assertTrue(s.kernel.groundTruth().workRecords("hub_event").get(0).endNs() > pull + 3 * SEC,
                "the stall still happened, on CPU 0");
    }

    @Test
    void unmountBeforePullAvoidsTheStall() {
        Scenario s = cachedAndMonitored(0);
        long umountNs = s.kernel.usb().umount();
        assertTrue(umountNs > 3 * SEC, "umount invalidates the cache itself: " + umountNs);
        assertEquals(0, s.kernel.usb().cachedPages());
        long mark = s.logMark();
        long pull = s.kernel.nowNs();
        s.kernel.usb().disconnectAtHub();
        s.run(10 * SEC);
        assertEquals(List.of(), s.delaysSince(mark));
        WorkRecord hub = s.kernel.groundTruth().workRecords("hub_event").get(0);
        assertTrue(hub.endNs() - hub.startNs() - hub.sleptNs() < 30 * MS);
        assertTrue(s.worstMonitorDelayUsSince(pull, 0) < 9000);
    }

    @Test
    void sysfsRemoveAndAuthorizedRunTheTeardownInTheWriter() {
        for (String path : List.of("remove", "authorized")) {
            Scenario s = cachedAndMonitored(0);
            long cached = s.kernel.usb().cachedPages();
            long mark = s.logMark();
            long writerNs = s.kernel.usb().disconnectInProcess();
            s.run(10 * SEC);
            assertEquals(List.of(), s.delaysSince(mark), path);
            assertEquals(List.of(), s.kernel.groundTruth().workRecords("hub_event"), path);
            assertEquals(cached * 7665, writerNs, 250 * MS, path + ": the writing process takes the time");
            assertTrue(s.kernel.logSince(mark).stream()
                    .anyMatch(e -> e.text().equals("usb 2-1: USB disconnect, device number 2")));
            assertFalse(s.kernel.usb().present());
        }
    }

    @Test
    void steeringTheUsbInterruptToCpu1MovesTheStall() {
        Scenario s = new Scenario("rcar-h3-default");
        s.kernel.setIrqAffinity(174, "2");
        assertEquals(1, s.kernel.usbIrqCpu());
        s.kernel.loadLatencyMonitor(new LatencyMonitor.Params(false, 100, 9, -1, false, false), 0);
        s.run(SEC);
        s.dd(2 * GIB);
        long pull = s.kernel.nowNs();
        s.kernel.usb().disconnectAtHub();
        s.run(10 * SEC);
        assertEquals(1, s.kernel.groundTruth().workRecords("hub_event").get(0).cpu());
        assertTrue(s.worstMonitorDelayUsSince(pull, 1) > 3_000_000);
        assertTrue(s.worstMonitorDelayUsSince(pull, 0) < 9000);
        assertTrue(s.kernel.logSince(0).stream().anyMatch(e -> e.text().matches("latency_mon: cpu=1 seq=1 delay_us=\\d{7}")
                && e.level() == KernelLog.CRIT));
    }

    @Test
    void irqAffinityRejectsMasksWithoutAnOnlineCpu() {
        Kernel k = new Kernel(org.wqlab.sim.Profiles.builtIn("rcar-h3-default"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> k.setIrqAffinity(174, "0"));
        assertEquals("Invalid argument", e.getMessage());
        k.setIrqAffinity(174, "f0");
        assertEquals(4, k.usbIrqCpu());
        assertEquals("10", k.irqAffinityMask());
    }
}
