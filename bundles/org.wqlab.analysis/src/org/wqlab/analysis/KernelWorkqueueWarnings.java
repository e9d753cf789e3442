package org.wqlab.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;

/**
 * What the kernel itself said about its workqueues in the log, as the verdict's causes: a pool lockup (the
 * watchdog's {@code BUG: workqueue lockup}) and the work functions it found hogging a CPU (the count is a running
 * total; the sentence gives the last one).
 */
final class KernelWorkqueueWarnings {

    private KernelWorkqueueWarnings() {
    }

    static List<String> causes(List<Event> events) {
        List<String> causes = new ArrayList<>();
        Map<String, Event> lastHog = new LinkedHashMap<>();
        for (Event e : events) {
            if (e.kind() == EventKind.WORKQUEUE_LOCKUP) {
                String stuck = e.field("stuck_s");
                causes.add("the kernel reported a workqueue lockup at line " + e.line() + ": the pool of "
                        + (e.field("cpus") == null ? "unknown CPUs" : "CPUs " + e.field("cpus"))
                        + (stuck == null ? "" : " made no progress for " + stuck + " s")
                        + (e.field("in_flight") == null ? "" : "; " + e.field("in_flight").replace(",", ", ")
                                + " in flight in it (the busy-pool dump at lines " + e.field("dump_first_line")
                                + "-" + e.field("dump_last_line") + ")"));
            } else if (e.kind() == EventKind.WORKQUEUE_HOG) {
                lastHog.put(e.subject(), e);
            }
        }
        for (Event e : lastHog.values()) {
            causes.add("the kernel reported " + e.subject() + " hogging a CPU for more than "
                    + e.field("threshold_us") + " us " + e.field("times") + " times (last at line " + e.line()
                    + ")");
        }
        return causes;
    }
}
