package org.wqlab.sequence.preflight;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.analysis.capture.TraceCapture;
import org.wqlab.target.TransportException;

/**
 * For a sequence that traces: tracefs mounted, instances allowed (wqlab traces in an instance of its own), and each
 * tracepoint the capture enables, each with what the explanation loses without it.
 */
final class TracingNeed implements PreflightCheck {

    static final String NO_ATTRIBUTION = "no attribution: the workqueue trace is not recorded, so no work item is "
            + "named as the one that held the CPU (the run records the kernel log)";

    @Override
    public List<PreflightItem> check(PreflightContext c) throws TransportException {
        if (!c.sequence().trace()) {
            return List.of();
        }
        List<PreflightItem> items = new ArrayList<>();
        String root = null;
        for (String r : TraceCapture.ROOTS) {
            if (c.test("-d", r + "/events")) {
                root = r;
                break;
            }
        }
        if (root == null) {
            items.add(PreflightItem.missing("tracefs", "tracefs mounted", "no events in " + String.join(" or ",
                    TraceCapture.ROOTS), NO_ATTRIBUTION + "; wqlab mounts it for the run where it may", false));
            return items;
        }
        items.add(PreflightItem.present("tracefs", "tracefs mounted", root));
        String instances = root + "/instances";
        items.add(c.test("-d", instances) ? PreflightItem.present("tracefs.instances", "tracefs instances allowed",
                instances)
                : PreflightItem.missing("tracefs.instances", "tracefs instances allowed", "no " + instances,
                        NO_ATTRIBUTION, false));
        boolean vectors = c.test("-d", root + "/events/" + X86_VECTORS);
        for (String event : TraceCapture.EVENTS) {
            String what = "tracepoint " + event;
            if (event.startsWith(X86_VECTORS + "/") && !vectors) {
                items.add(PreflightItem.present("tracepoint." + event, what, "no " + X86_VECTORS + " on this "
                        + "architecture: its local timer is a hard IRQ, in irq_handler_entry/exit"));
                continue;
            }
            items.add(c.test("-d", root + "/events/" + event) ? PreflightItem.present("tracepoint." + event, what, "")
                    : PreflightItem.missing("tracepoint." + event, what, "", costOf(event), false));
        }
        return items;
    }

    /** x86's own interrupt vectors (the local timer); other architectures have no such tracepoints, nor need them. */
    static final String X86_VECTORS = "irq_vectors";

    /** What the explanation of a stall loses without the tracepoint. */
    static String costOf(String event) {
        if (event.startsWith("workqueue/")) {
            return NO_ATTRIBUTION;
        }
        if (event.startsWith("sched/")) {
            return "no thread share: whether the work item kept the CPU or slept, and which other threads ran, is "
                    + "unknown";
        }
        if (event.startsWith("irq/") || event.startsWith("irq_vectors/")) {
            return "no IRQ share: the time hard and soft interrupts took from the stall is not measured";
        }
        return "its part of the stall's explanation is not measured";
    }
}
