package org.wqlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wqlab.sim.kernel.Scenario.SEC;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.wqlab.sim.Profiles;

/** The monitor's output follows the line contract (shared/data/latency-mon-lines.txt). */
class LatencyMonitorLinesTest {

    private static final Pattern REPORT = Pattern.compile("latency_mon: cpu=(\\d+) seq=(\\d+) delay_us=(-?\\d+)");

    @Test
    void originalModuleUnderflowPrintsANegativeNumber() {
        long ms = LatencyMonitor.originalDelayMs(99_400, 100);
        assertTrue(LatencyMonitor.originalPrints(ms, 9), "u64 underflow is larger than the threshold");
        assertEquals(-1, ms, "%lld shows the wrapped value as -1");
        assertEquals("DELAY: -1", "DELAY: " + ms);
        assertFalse(LatencyMonitor.originalPrints(LatencyMonitor.originalDelayMs(104_000, 100), 9));
        assertEquals(6782, LatencyMonitor.originalDelayMs(6_882_100, 100));
    }

    @Test
    void improvedModuleReportsEveryCpuWithSequenceNumbersAndLevels() {
        Kernel k = new Kernel(Profiles.builtIn("rcar-h3-default"));
        long mark = k.log().nextSeq();
        k.loadLatencyMonitor(new LatencyMonitor.Params(false, 100, 9, -1, false, true), 0);
        k.runFor(SEC);
        k.unloadLatencyMonitor();
        List<KernelLog.Entry> lines = k.logSince(mark);
        assertEquals("latency_mon: loading out-of-tree module taints kernel.", lines.get(0).text());
        assertEquals("latency_mon: start cpu=all period_ms=100 threshold_ms=9 report_all=1", lines.get(1).text());
        assertEquals("latency_mon: stop", lines.get(lines.size() - 1).text());
        int[] lastSeq = new int[8];
        int reports = 0;
        for (KernelLog.Entry e : lines.subList(2, lines.size() - 1)) {
            Matcher m = REPORT.matcher(e.text());
            assertTrue(m.matches(), e.text());
            int cpu = Integer.parseInt(m.group(1));
            int seq = Integer.parseInt(m.group(2));
            assertEquals(lastSeq[cpu] + 1, seq, "seq counts reports per CPU from 1");
            lastSeq[cpu] = seq;
            assertEquals(4000, Long.parseLong(m.group(3)), 10);
            assertEquals(KernelLog.INFO, e.level(), "on time: KERN_INFO");
            reports++;
        }
        assertEquals(8 * 9, reports, "9 periods of 104 ms in a second, on 8 CPUs");
    }

    @Test
    void improvedModuleOnOneCpuReportsOnlyLateRunsWithoutReportAll() {
        Kernel k = new Kernel(Profiles.builtIn("rcar-h3-default").withHz(100));
        long mark = k.log().nextSeq();
        k.loadLatencyMonitor(new LatencyMonitor.Params(false, 100, 9, 3, false, false), 0);
        k.runFor(SEC);
        List<KernelLog.Entry> lines = k.logSince(mark);
        assertEquals("latency_mon: start cpu=3 period_ms=100 threshold_ms=9 report_all=0", lines.get(1).text());
        KernelLog.Entry first = lines.get(2);
        assertEquals("latency_mon: cpu=3 seq=1 delay_us=10000", first.text());
        assertEquals(KernelLog.CRIT, first.level());
    }

    @Test
    void logIsABoundedRingThatKeepsSequenceNumbers() {
        Kernel k = new Kernel(Profiles.builtIn("rcar-h3-default"));
        long first = k.log().nextSeq();
        for (int i = 0; i < KernelLog.CAPACITY + 10; i++) {
            k.log().print(KernelLog.INFO, "line " + i);
        }
        List<KernelLog.Entry> kept = k.log().entries();
        assertEquals(KernelLog.CAPACITY, kept.size());
        assertEquals(first + KernelLog.CAPACITY + 10, k.log().nextSeq());
        assertEquals("line " + (KernelLog.CAPACITY + 9), kept.get(kept.size() - 1).text());
        assertEquals(kept.get(0).seq() + 1, kept.get(1).seq());
    }

    @Test
    void dmesgAndKmsgFormats() {
        KernelLog.Entry e = new KernelLog.Entry(7, 1_558_625_517_400L, KernelLog.CRIT, "DELAY: 6782");
        assertEquals("[ 1558.625517] DELAY: 6782", e.dmesgLine());
        assertEquals("2,7,1558625517,-;DELAY: 6782", e.kmsgRecord());
        assertEquals("[    0.000100] x", new KernelLog.Entry(0, 100_000, 6, "x").dmesgLine());
    }
}
