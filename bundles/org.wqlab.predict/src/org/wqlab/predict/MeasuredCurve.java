package org.wqlab.predict;

import java.util.ArrayList;
import java.util.List;

import org.wqlab.core.samples.SampleStore;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.store.LoadedExperiment;

/** The measured delays around an experiment's first pull, as the model's curve is: microseconds from the pull. */
public final class MeasuredCurve {

    private static final long BEFORE_US = 1_000_000;

    private MeasuredCurve() {
    }

    public static List<ModelOutcome.CurvePoint> afterPull(LoadedExperiment loaded) {
        List<DisconnectImpact> pulls = loaded.statistics().disconnects();
        if (pulls.isEmpty()) {
            return List.of();
        }
        DisconnectImpact pull = pulls.get(0);
        SampleStore s = loaded.content().samples();
        List<ModelOutcome.CurvePoint> out = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            if (!s.hasTimestamp(i)) {
                continue;
            }
            long t = s.timestampUs(i);
            if (t >= pull.timestampUs() - BEFORE_US && t <= pull.windowEndUs()) {
                out.add(new ModelOutcome.CurvePoint(t - pull.timestampUs(), s.delayUs(i)));
            }
        }
        return out;
    }
}
