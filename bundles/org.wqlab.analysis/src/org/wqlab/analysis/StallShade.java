package org.wqlab.analysis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One shaded span of a delay chart: the work item that held the CPU most during a stall (a delay longer than the
 * monitor's period), from its start to its end, and the monitor's late interval inside it, in board time. The
 * experiment editor's plot and the SVG export draw the same list.
 */
public record StallShade(long fromUs, long toUs, long lateFromUs, long lateToUs, String label) {

    /** One per distinct top culprit of the delays longer than the period, in the analysis' order. */
    public static List<StallShade> of(Analysis a) {
        Map<String, StallShade> byItem = new LinkedHashMap<>();
        for (AttributedDelay d : a.delays()) {
            if (d.delayUs() <= a.periodUs() || d.culprits().isEmpty()) {
                continue;
            }
            Culprit c = d.culprits().get(0);
            String label = String.format(Locale.ROOT, "%s on %s: held %s %.0f ms", c.function(),
                    c.workqueue().isEmpty() ? "?" : c.workqueue(), "CPU " + c.cpu(), c.heldUs() / 1000.0);
            byItem.putIfAbsent(c.worker() + "@" + c.startUs(),
                    new StallShade(c.startUs(), c.endUs(), d.lateFromUs(), d.lateToUs(), label));
        }
        return List.copyOf(byItem.values());
    }
}
