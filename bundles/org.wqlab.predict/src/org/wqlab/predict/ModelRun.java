package org.wqlab.predict;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.sim.SimulatedBoardProfile;
import org.wqlab.sim.kernel.Kernel;
import org.wqlab.sim.kernel.LatencyMonitor;
import org.wqlab.sim.kernel.MonitorReport;
import org.wqlab.sim.kernel.UsbStick;
import org.wqlab.sim.kernel.WorkRecord;

/**
 * One question to the simulator's kernel model, in virtual time: copy {@code cachedBytes} from the stick, load the
 * monitor as the run did, optionally unmount, pull the stick, and read the monitor's delays after the pull. Asked at
 * {@link #PHASES} points of the monitor's period, because where the pull falls in it moves the worst delay by up to
 * a period.
 */
public final class ModelRun {

    static final int PHASES = 5;
    private static final long SETTLE_NS = 1_000_000_000L;
    private static final long STEP_NS = 100_000_000L;
    private static final long MAX_STALL_NS = 600_000_000_000L;
    private static final long AFTER_NS = 1_000_000_000L;

    private ModelRun() {
    }

    public static ModelOutcome run(SimulatedBoardProfile profile, long cachedBytes, MonitorSetup monitor,
            boolean umount) {
        List<Phase> phases = new ArrayList<>();
        for (int i = 0; i < PHASES; i++) {
            phases.add(phase(profile, cachedBytes, monitor, umount, monitor.periodMs() * 1_000_000L * i / PHASES));
        }
        double mean = phases.stream().mapToLong(Phase::worstUs).average().orElse(0);
        Phase typical = phases.stream()
                .min((a, b) -> Double.compare(Math.abs(a.worstUs - mean), Math.abs(b.worstUs - mean))).orElseThrow();
        return new ModelOutcome(mean, phases.stream().mapToLong(Phase::worstUs).min().orElse(0),
                phases.stream().mapToLong(Phase::worstUs).max().orElse(0), typical.hubCpuUs, typical.marked,
                typical.timeline, typical.curve);
    }

    private record Phase(long worstUs, long hubCpuUs, boolean marked, List<ModelOutcome.TimelinePoint> timeline,
            List<ModelOutcome.CurvePoint> curve) {
    }

    private static Phase phase(SimulatedBoardProfile profile, long cachedBytes, MonitorSetup monitor, boolean umount,
            long offsetNs) {
        Kernel k = new Kernel(profile);
        long bytes = Math.min(cachedBytes, profile.cacheLimitPages() * profile.pageSize());
        if (bytes > 0) {
            UsbStick.ReadResult[] done = new UsbStick.ReadResult[1];
            k.usb().read(bytes, r -> done[0] = r);
            while (done[0] == null) {
                k.runFor(STEP_NS * 10);
            }
        }
        k.loadLatencyMonitor(new LatencyMonitor.Params(false, monitor.periodMs(), monitor.thresholdMs(),
                monitor.cpu(), false, true), Math.max(0, monitor.cpu()));
        k.runFor(SETTLE_NS + offsetNs);
        if (umount) {
            k.usb().umount();
        }
        long pullNs = k.nowNs();
        k.usb().disconnectAtHub();
        long deadline = pullNs + MAX_STALL_NS;
        while (k.groundTruth().workRecords("hub_event").isEmpty()) {
            if (k.nowNs() > deadline) {
                throw new IllegalStateException("the model's hub_event did not end within 600 s of board time");
            }
            k.runFor(STEP_NS);
        }
        k.runFor(AFTER_NS + 2 * monitor.periodMs() * 1_000_000L);
        WorkRecord hub = k.groundTruth().workRecords("hub_event").get(0);
        long worst = 0;
        List<ModelOutcome.TimelinePoint> timeline = new ArrayList<>();
        timeline.add(new ModelOutcome.TimelinePoint(0, "USB disconnect: hub_event queued", k.usbIrqCpu(), 0));
        timeline.add(new ModelOutcome.TimelinePoint((hub.startNs() - pullNs) / 1000, "hub_event starts",
                hub.cpu(), 0));
        long cpuUs = (hub.endNs() - hub.startNs() - hub.sleptNs()) / 1000;
        List<ModelOutcome.CurvePoint> curve = new ArrayList<>();
        for (MonitorReport r : k.groundTruth().monitorReports()) {
            if (r.timeNs() > pullNs - SETTLE_NS) {
                curve.add(new ModelOutcome.CurvePoint((r.timeNs() - pullNs) / 1000, r.delayUs()));
            }
            if (r.timeNs() <= pullNs) {
                continue;
            }
            worst = Math.max(worst, r.delayUs());
            if (r.delayUs() > monitor.thresholdMs() * 1000) {
                timeline.add(new ModelOutcome.TimelinePoint((r.timeNs() - pullNs) / 1000, "monitor late", r.cpu(),
                        r.delayUs()));
            }
        }
        timeline.add(new ModelOutcome.TimelinePoint((hub.endNs() - pullNs) / 1000, "hub_event ends ("
                + cpuUs / 1000 + " ms on the CPU" + (hub.markedCpuIntensive() ? ", marked CPU_INTENSIVE)" : ")"),
                hub.cpu(), 0));
        timeline.sort(java.util.Comparator.comparingLong(ModelOutcome.TimelinePoint::atUs));
        return new Phase(worst, cpuUs, hub.markedCpuIntensive(), timeline, curve);
    }
}
