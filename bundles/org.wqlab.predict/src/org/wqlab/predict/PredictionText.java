package org.wqlab.predict;

import java.util.Locale;

/** A prediction in words for the terminal: the figure labelled as a prediction, the fit, the model's timeline. */
public final class PredictionText {

    private PredictionText() {
    }

    public static String of(Prediction p) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "PREDICTION (simulated twin, not a measurement): worst delay after the pull "
                + "%s (range %s .. %s) with %.0f MiB cached%n", ms(p.predictedWorstUs()), ms(p.lowUs()),
                ms(p.highUs()), p.cachedBytes() / 1048576.0));
        b.append("fit of ").append(p.twin().profile().name()).append(":\n");
        for (FittedParameter f : p.twin().parameters()) {
            b.append("  ").append(f.name()).append(": ").append(f.value()).append(" [").append(f.source())
                    .append("]\n");
        }
        b.append("residuals (measured - model):\n");
        for (Residual r : p.twin().residuals()) {
            b.append(String.format(Locale.ROOT, "  %s: %.0f MiB%s: measured %s, model %s, residual %+.1f ms (%+.1f %%)%n",
                    r.experiment(), r.cachedMib(), r.capped() ? ", ended by the threshold" : "",
                    ms(r.measuredWorstUs()), ms(Math.round(r.modelWorstUs())), r.residualUs() / 1000,
                    100 * r.residualFraction()));
        }
        b.append("model run (ms after the pull):\n");
        for (ModelOutcome.TimelinePoint t : p.model().timeline()) {
            b.append(String.format(Locale.ROOT, "  %10.1f  CPU %d  %s%s%n", t.atUs() / 1000.0, t.cpu(), t.what(),
                    t.delayUs() > 0 ? " " + ms(t.delayUs()) : ""));
        }
        return b.toString();
    }

    static String ms(long us) {
        return String.format(Locale.ROOT, "%.1f ms", us / 1000.0);
    }
}
