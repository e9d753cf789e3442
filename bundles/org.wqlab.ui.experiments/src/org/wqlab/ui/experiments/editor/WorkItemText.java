package org.wqlab.ui.experiments.editor;

import java.util.Locale;

import org.wqlab.analysis.Attribution;
import org.wqlab.analysis.trace.WorkExecution;

/** A work-item execution in words: what the timeline shows under its canvas for the selected bar. */
final class WorkItemText {

    private WorkItemText() {
    }

    static String describe(WorkExecution w) {
        String held;
        Boolean bound = w.cpuBound();
        if (bound == null) {
            held = "ran " + ms(w.durationUs()) + " (sched_switch not traced: time on the CPU unknown)";
        } else {
            held = "held the CPU " + ms(w.onCpuUs(w.startUs(), w.endUs())) + " of " + ms(w.durationUs())
                    + (bound ? " (CPU-bound: never slept)" : " (slept in between)");
        }
        return w.function() + (Attribution.isMonitor(w) ? " (the monitor's work item)" : "") + "  |  workqueue "
                + (w.workqueue().isEmpty() ? "unknown (queued before the trace began)" : w.workqueue())
                + "  |  worker " + w.worker() + " (pid " + w.workerPid() + ") on CPU " + w.cpu() + "\nqueued "
                + seconds(w.queuedUs()) + ", started " + seconds(w.startUs()) + ", ended " + seconds(w.endUs())
                + (w.finished() ? "" : " (trace ended first)") + "  |  " + held;
    }

    private static String seconds(long us) {
        return us < 0 ? "unknown" : String.format(Locale.ROOT, "%.6f s", us / 1e6);
    }

    private static String ms(long us) {
        return String.format(Locale.ROOT, "%.3f ms", us / 1000.0);
    }
}
