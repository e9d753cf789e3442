package org.wqlab.sequence.preflight;

/**
 * One thing a run needs on the board, as found there.
 *
 * @param key      stable name, for the experiment's facts ({@code kmsg}, {@code tracefs.instances},
 *                 {@code tracepoint.workqueue/workqueue_execute_start}, {@code usb.tool.uhubctl}, {@code needs.file})
 * @param what     the need in words ({@code /dev/kmsg readable})
 * @param present  whether the board has it
 * @param found    what was seen ({@code /sys/kernel/tracing/instances: No such file or directory}); may be empty
 * @param cost     what its absence costs the run ({@code no attribution: ...}); empty when nothing
 * @param stopsRun its absence makes the run meaningless: the run stops with it before anything is loaded
 */
public record PreflightItem(String key, String what, boolean present, String found, String cost, boolean stopsRun) {

    public PreflightItem {
        found = found == null ? "" : found.strip();
        cost = cost == null ? "" : cost;
    }

    public static PreflightItem present(String key, String what, String found) {
        return new PreflightItem(key, what, true, found, "", false);
    }

    public static PreflightItem missing(String key, String what, String found, String cost, boolean stopsRun) {
        return new PreflightItem(key, what, false, found, cost, stopsRun);
    }

    /** Missing, and the run cannot mean anything without it. */
    public boolean stops() {
        return !present && stopsRun;
    }

    /** {@code ok: /dev/kmsg readable}, {@code missing: tracefs instances (found): no attribution: ...}. */
    public String line() {
        String seen = found.isEmpty() ? "" : " (" + found + ")";
        if (present) {
            return "ok: " + what + seen;
        }
        return (stopsRun ? "MISSING, the run stops: " : "missing: ") + what + seen + (cost.isEmpty() ? "" : ": " + cost);
    }
}
