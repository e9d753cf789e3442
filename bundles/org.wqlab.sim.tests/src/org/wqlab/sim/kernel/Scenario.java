package org.wqlab.sim.kernel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.Profiles;

/** The report's procedure, driven in virtual time, with helpers to read the kernel log it produced. */
final class Scenario {

    static final long MS = 1_000_000L;
    static final long SEC = 1_000_000_000L;
    static final long GIB = 1L << 30;
    private static final Pattern DELAY = Pattern.compile("DELAY: (-?\\d+)");

    final Kernel kernel;

    Scenario(SimulatedBoardProfile profile) {
        kernel = new Kernel(profile);
    }

    Scenario(String profile) {
        this(Profiles.builtIn(profile));
    }

    /** {@code taskset -c <cpu> modprobe latency-mon}: the original module. */
    Scenario originalMonitorOn(int cpu) {
        kernel.loadLatencyMonitor(LatencyMonitor.Params.originalModule(), cpu);
        return this;
    }

    Scenario run(long ns) {
        kernel.runFor(ns);
        return this;
    }

    /** {@code dd if=/run/media/sda1/sample.txt of=/dev/zero} for {@code bytes}, waiting until it ends. */
    UsbStick.ReadResult dd(long bytes) {
        UsbStick.ReadResult[] result = new UsbStick.ReadResult[1];
        kernel.usb().read(bytes, r -> result[0] = r);
        assertTrue(kernel.loop().runUntil(() -> result[0] != null, kernel.nowNs() + 3600 * SEC), "dd did not end");
        return result[0];
    }

    long logMark() {
        return kernel.log().nextSeq();
    }

    List<Long> delaysSince(long mark) {
        List<Long> delays = new ArrayList<>();
        for (KernelLog.Entry e : kernel.logSince(mark)) {
            Matcher m = DELAY.matcher(e.text());
            if (m.matches()) {
                delays.add(Long.parseLong(m.group(1)));
            }
        }
        return delays;
    }

    long worstMonitorDelayUsSince(long timeNs, int cpu) {
        return kernel.groundTruth().monitorReports().stream().filter(r -> r.timeNs() >= timeNs && r.cpu() == cpu)
                .mapToLong(MonitorReport::delayUs).max().orElseThrow();
    }

    /** The report's procedure; returns the DELAY values printed after the pull. */
    List<Long> reportProcedure(long cachedBytes) {
        originalMonitorOn(0).run(5 * SEC);
        dd(cachedBytes);
        run(2 * SEC);
        long mark = logMark();
        assertTrue(kernel.usb().disconnectAtHub());
        run(15 * SEC);
        return delaysSince(mark);
    }
}
