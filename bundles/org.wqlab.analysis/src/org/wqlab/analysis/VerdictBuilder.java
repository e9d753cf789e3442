package org.wqlab.analysis;

import static org.wqlab.analysis.AnalysisFactsProbe.ms;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;

/**
 * Builds the verdict. Stalled means the monitor's work waited longer than its own period (whole periods lost);
 * otherwise the delays are the normal timer and scheduling jitter. Each sentence is written only when the data or
 * the facts it states are there.
 */
public final class VerdictBuilder {

    /** What the builder reads: measured data and facts. */
    public record Input(int reports, long maxDelayUs, long thresholdUs, long periodUs, int monitorCpu,
            List<AttributedDelay> delays, List<Event> events, VerdictFacts facts, boolean traced,
            List<String> traceNotes, Culprit longestOnMonitorCpu) {
    }

    private static final long RECOMMENDED_THRESH_US = 10_000;

    private VerdictBuilder() {
    }

    public static Verdict build(Input in) {
        AttributedDelay worst = in.delays().stream().max(Comparator.comparingLong(AttributedDelay::delayUs))
                .orElse(null);
        if (in.maxDelayUs() <= in.periodUs() || worst == null) {
            return normal(in, worst);
        }
        return stalled(in, worst);
    }

    private static Verdict normal(VerdictBuilder.Input in, AttributedDelay worst) {
        List<String> causes = new ArrayList<>();
        List<String> advice = new ArrayList<>();
        String headline = in.reports() == 0
                ? "no stall: the monitor reported no delay above its " + ms(in.thresholdUs()) + " ms threshold"
                : String.format(Locale.ROOT, "no stall: the largest delay was %s ms, within the monitor's %s ms period "
                        + "(%d report%s above the %s ms threshold)", ms(in.maxDelayUs()), ms(in.periodUs()),
                        in.delays().size(), in.delays().size() == 1 ? "" : "s", ms(in.thresholdUs()));
        VerdictFacts f = in.facts();
        if (!f.controlRunDriver().isEmpty()) {
            causes.add("the disconnect was a control run (" + f.controlRunDriver()
                    + "): the device's teardown ran in the process that wrote to sysfs, not in a workqueue");
        }
        Culprit c = null;
        if (worst != null && !worst.culprits().isEmpty()) {
            c = worst.culprits().get(0);
            causes.add("the largest delay (" + ms(worst.delayUs()) + " ms) coincided with " + c.function() + " on "
                    + queue(c) + " (" + c.worker() + ") holding CPU " + c.cpu() + " for " + ms(c.heldUs()) + " ms");
        } else if (in.longestOnMonitorCpu() != null) {
            c = in.longestOnMonitorCpu();
        }
        Long thresh = f.cpuIntensiveThreshUs();
        if (c != null && Boolean.TRUE.equals(f.hasAutoCpuIntensive()) && thresh != null && c.durationUs() > thresh
                && c.longestCpuBoundUs() > thresh) {
            causes.add(c.symbol() + " on " + queue(c) + " (" + c.worker() + ") ran " + ms(c.durationUs()) + " ms on CPU "
                    + c.cpu() + " without holding up the monitor for long: Linux " + f.kernelRelease() + " (>= 6.5)"
                    + " let the pool run other work once it had run workqueue.cpu_intensive_thresh_us without"
                    + " sleeping; the parameter reads " + thresh + " us (" + thresholdOrigin(f, thresh) + ")");
        }
        boolean disconnected = in.events().stream().anyMatch(e -> e.kind() == EventKind.USB_DISCONNECT);
        int cpu = in.monitorCpu();
        if (disconnected && f.controlRunDriver().isEmpty() && f.usbIrqCpu() >= 0 && cpu >= 0 && f.usbIrqCpu() != cpu) {
            causes.add("the USB host controller's interrupt (IRQ " + f.usbIrq() + ", " + f.usbIrqName()
                    + ") is served on CPU " + f.usbIrqCpu() + ", not on the monitored CPU " + cpu
                    + ": hub_event runs on CPU " + f.usbIrqCpu() + "'s pool, which this monitor does not watch");
            advice.add("to measure the disconnect's stall, monitor CPU " + f.usbIrqCpu() + " (load the module with cpu="
                    + f.usbIrqCpu() + ") or steer IRQ " + f.usbIrq() + " to CPU " + cpu + ": echo "
                    + Long.toHexString(1L << cpu) + " > /proc/irq/" + f.usbIrq() + "/smp_affinity");
        }
        if (!in.traced()) {
            causes.add(traceMissing(in));
        }
        StaleCache.note(f).ifPresent(n -> {
            causes.add(n.cause());
            advice.add(n.advice());
        });
        WritebackAtPull.note(f).ifPresent(n -> {
            causes.add(n.cause());
            advice.add(n.advice());
        });
        causes.addAll(KernelWorkqueueWarnings.causes(in.events()));
        return new Verdict(Verdict.NORMAL, headline, causes, advice);
    }

    private static Verdict stalled(Input in, AttributedDelay worst) {
        List<String> causes = new ArrayList<>();
        List<String> advice = new ArrayList<>();
        VerdictFacts f = in.facts();
        int cpu = worst.cpu();
        String cpuText = cpu >= 0 ? "CPU " + cpu : "an unknown CPU";
        String waited = String.format(Locale.ROOT, "the monitor's work on %s waited %s ms, longer than its %s ms "
                + "period", cpuText, ms(worst.delayUs()), ms(in.periodUs()));
        if (worst.culprits().isEmpty()) {
            String why = in.traced() ? "the trace shows no work item of " + cpuText + "'s pool in that time"
                    : traceMissing(in);
            causes.addAll(KernelWorkqueueWarnings.causes(in.events()));
            return new Verdict(Verdict.STALLED, "stalled: " + waited + "; " + why, causes, advice);
        }
        Culprit c = worst.culprits().get(0);
        long span = Math.max(1, worst.lateToUs() - worst.lateFromUs());
        String bound = c.cpuBoundDuringDelay() == null ? ""
                : c.cpuBoundDuringDelay() ? ", CPU-bound: it never left the CPU voluntarily in that time"
                        : ", though it slept at times";
        String headline = "stalled: " + waited + "; " + c.function() + " on " + queue(c) + " (" + c.worker()
                + ") held " + cpuText + " for " + ms(c.heldUs()) + " ms of it" + bound + " (it ran " + ms(c.durationUs())
                + " ms in all" + (c.finished() ? "" : ", still running when the trace ended") + ")";
        causes.add(String.format(Locale.ROOT, "%s held %d %% of the late interval; every per-CPU workqueue's work "
                + "on %s shares one pool, and the pool starts another worker only when the running one sleeps",
                c.symbol(), Math.round(100.0 * c.heldUs() / span), cpuText));
        for (int i = 1; i < worst.culprits().size(); i++) {
            Culprit o = worst.culprits().get(i);
            causes.add("also on the pool: " + o.function() + " on " + queue(o) + " (" + o.worker() + "), "
                    + ms(o.heldUs()) + " ms");
        }
        pageCache(in, c, causes, advice);
        StaleCache.note(f).ifPresent(n -> {
            causes.add(n.cause());
            advice.add(n.advice());
        });
        WritebackAtPull.note(f).ifPresentOrElse(n -> {
            causes.add(n.cause());
            advice.add(n.advice());
        }, () -> WritebackAtPull.clean(f).ifPresent(causes::add));
        if (f.preemption() != null) {
            causes.add(f.preemption().sentence());
        }
        cpuIntensive(in, worst, c, causes, advice);
        move(f, cpu, c, advice);
        usbInterrupt(in, f, cpu, c, causes, advice);
        causes.addAll(KernelWorkqueueWarnings.causes(in.events()));
        return new Verdict(Verdict.STALLED, headline, causes, advice);
    }

    private static void pageCache(Input in, Culprit c, List<String> causes, List<String> advice) {
        Event disconnect = null;
        for (Event e : in.events()) {
            if (e.kind() == EventKind.USB_DISCONNECT && e.timestampUs() <= c.startUs()) {
                disconnect = e;
            }
        }
        if (disconnect == null) {
            return;
        }
        long after = c.startUs() - disconnect.timestampUs();
        String cause = "it started " + ms(after) + " ms after the USB disconnect of " + disconnect.subject();
        List<Long> cached = in.facts().cachedKbBeforeDisconnect();
        if (!cached.isEmpty()) {
            long kb = cached.get(cached.size() - 1);
            long mib = kb / 1024;
            cause += "; " + mib + " MiB were in the page cache before it";
            if (mib > 0) {
                cause += String.format(Locale.ROOT, " (%.2f ms held per cached MiB): tearing the device down "
                        + "invalidates its cached pages, so the stall grows with the page cache of the removed device",
                        c.heldUs() / 1000.0 / mib);
                advice.add("unmount the device or drop its page cache before disconnecting it (umount, or sync; echo 1"
                        + " > /proc/sys/vm/drop_caches): the " + mib + " MiB cached here would not need invalidating");
            }
        }
        causes.add(cause);
    }

    private static void cpuIntensive(Input in, AttributedDelay worst, Culprit c, List<String> causes,
            List<String> advice) {
        VerdictFacts f = in.facts();
        Boolean auto = f.hasAutoCpuIntensive();
        boolean bogoKnown = f.bogomips() > 0;
        long scaled = bogoKnown ? AnalysisFactsProbe.defaultCpuIntensiveThreshUs(f.bogomips(), f.hz()) : -1;
        String scaling = scaling(f);
        if (auto == null) {
            return;
        }
        if (!auto) {
            causes.add("Linux " + f.kernelRelease() + " predates 6.5: there is no automatic CPU_INTENSIVE marking, so a"
                    + " per-CPU work item that does not sleep keeps its pool waiting until it returns");
            if (bogoKnown && scaled > RECOMMENDED_THRESH_US) {
                advice.add("on Linux >= 6.5 the pool would start other work after workqueue.cpu_intensive_thresh_us;"
                        + " on this board its default scales to " + scaling + ", so set"
                        + " workqueue.cpu_intensive_thresh_us=" + RECOMMENDED_THRESH_US + " there");
            } else if (bogoKnown) {
                advice.add("on Linux >= 6.5 the pool would start other work after workqueue.cpu_intensive_thresh_us ("
                        + scaling + " on this board)");
            }
            return;
        }
        Long thresh = f.cpuIntensiveThreshUs();
        if (thresh == null) {
            causes.add("Linux " + f.kernelRelease() + " marks a work item CPU_INTENSIVE after"
                    + " workqueue.cpu_intensive_thresh_us without sleeping, but the parameter could not be read"
                    + (bogoKnown ? "; its default on this board is " + scaling : ""));
            return;
        }
        String origin = thresholdOrigin(f, thresh);
        String cause = "Linux " + f.kernelRelease() + " (>= 6.5) marks a work item CPU_INTENSIVE once it runs "
                + "workqueue.cpu_intensive_thresh_us without sleeping and then lets the pool run other work; on this "
                + "board the parameter reads " + thresh + " us (" + origin + ")";
        boolean stillRunning = c.endUs() > worst.lateToUs();
        boolean nearThreshold = worst.delayUs() >= thresh / 2 && worst.delayUs() <= thresh * 3 / 2 + 50_000;
        if (Boolean.TRUE.equals(c.cpuBoundDuringDelay()) && stillRunning && nearThreshold) {
            cause += "; the monitor's work ran after " + ms(worst.delayUs()) + " ms, close to that threshold, while "
                    + c.symbol() + " was still running (it ended " + ms(c.endUs() - worst.lateToUs())
                    + " ms later): the marking ended the wait, not the work item";
        }
        causes.add(cause);
        if (thresh > RECOMMENDED_THRESH_US) {
            advice.add("set workqueue.cpu_intensive_thresh_us=" + RECOMMENDED_THRESH_US + " on the kernel command line "
                    + "(or write it to /sys/module/workqueue/parameters/cpu_intensive_thresh_us): the pool would run "
                    + "the waiting work after about " + ms(RECOMMENDED_THRESH_US) + " ms instead of " + ms(thresh)
                    + " ms");
        }
    }

    /** The kernel's default for this board, worked out: 10 ms x 4000 / bogo, capped at 1 s. */
    private static String scaling(VerdictFacts f) {
        if (f.bogomips() <= 0) {
            return "";
        }
        long scaled = AnalysisFactsProbe.defaultCpuIntensiveThreshUs(f.bogomips(), f.hz());
        long bogo = AnalysisFactsProbe.bogo(f.bogomips(), f.hz());
        if (bogo >= 4000) {
            return String.format(Locale.ROOT, "10 ms, not scaled: the kernel's integer BogoMIPS (loops_per_jiffy / "
                    + "500000 x HZ, from BogoMIPS %s%s) is %d, not below 4000", trim(f.bogomips()),
                    f.hz() > 0 ? " at HZ " + f.hz() : "", bogo);
        }
        return String.format(Locale.ROOT, "10 ms x 4000 / %d (the kernel's integer BogoMIPS, loops_per_jiffy / 500000"
                + " x HZ, from BogoMIPS %s%s)%s = %s ms", bogo, trim(f.bogomips()), f.hz() > 0 ? " at HZ " + f.hz() : "",
                scaled == 1_000_000 ? " capped at 1 s" : "", ms(scaled));
    }

    /** Where the threshold's value comes from, with the BogoMIPS scaling when BogoMIPS is known. */
    private static String thresholdOrigin(VerdictFacts f, long thresh) {
        boolean bogoKnown = f.bogomips() > 0;
        long scaled = bogoKnown ? AnalysisFactsProbe.defaultCpuIntensiveThreshUs(f.bogomips(), f.hz()) : -1;
        String scaling = scaling(f);
        if (f.threshOnCommandLine()) {
            return "set on the kernel command line" + (bogoKnown ? "; the default here would be " + scaling : "");
        }
        return thresh == scaled ? "the default, scaled by BogoMIPS: " + scaling
                : bogoKnown ? "set at run time; the default here would be " + scaling : "as read";
    }

    private static void move(VerdictFacts f, int cpu, Culprit c, List<String> advice) {
        if (cpu < 0) {
            return;
        }
        String other = "";
        if (f.cpus() > 1) {
            for (int k = 0; k < f.cpus(); k++) {
                if (k != cpu && k != f.usbIrqCpu()) {
                    other = " (e.g. CPU " + k + " of the board's " + f.cpus() + ")";
                    break;
                }
            }
        }
        advice.add("move the monitor, or the latency-sensitive work, off CPU " + cpu + "'s per-CPU pool: queue it on an"
                + " unbound workqueue (WQ_UNBOUND, system_unbound_wq) or on another CPU's queue" + other + "; "
                + c.symbol() + " runs on " + queue(c) + ", which shares CPU " + cpu + "'s pool");
    }

    private static void usbInterrupt(Input in, VerdictFacts f, int cpu, Culprit c, List<String> causes,
            List<String> advice) {
        boolean usb = c.workqueue().contains("usb") || c.symbol().equals("hub_event");
        if (!usb || f.usbIrqCpu() < 0 || cpu < 0) {
            return;
        }
        if (f.usbIrqCpu() == cpu) {
            causes.add("the USB host controller's interrupt (IRQ " + f.usbIrq() + ", " + f.usbIrqName()
                    + ") is served on CPU " + cpu + ", the monitored CPU: hub_event is queued on the CPU that took it");
            int target = -1;
            for (int k = 0; k < f.cpus(); k++) {
                if (k != cpu) {
                    target = k;
                    break;
                }
            }
            if (target >= 0) {
                advice.add("steer IRQ " + f.usbIrq() + " away from CPU " + cpu + " (echo " + Long.toHexString(1L << target)
                        + " > /proc/irq/" + f.usbIrq() + "/smp_affinity puts it on CPU " + target
                        + "): the disconnect's work would then run on CPU " + target + "'s pool");
            }
        } else {
            causes.add("the USB host controller's interrupt (IRQ " + f.usbIrq() + ") was served mostly on CPU "
                    + f.usbIrqCpu() + ", yet " + c.symbol() + " ran on CPU " + cpu);
        }
    }

    private static String traceMissing(Input in) {
        return in.traceNotes().isEmpty() ? "no workqueue trace was recorded for this experiment, so no work item can be"
                + " named" : "no workqueue trace: " + String.join("; ", in.traceNotes());
    }

    private static String queue(Culprit c) {
        return c.workqueue().isEmpty() ? "an unknown workqueue" : c.workqueue();
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.2f", d);
    }
}
