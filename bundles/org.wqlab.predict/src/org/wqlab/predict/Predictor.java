package org.wqlab.predict;

import org.wqlab.sim.SimulatedBoardProfile;

/** Runs a what-if on a twin. */
public final class Predictor {

    private Predictor() {
    }

    public static Prediction predict(Twin twin, WhatIf whatIf) {
        SimulatedBoardProfile profile = profile(twin.profile(), whatIf);
        long cached = whatIf.cachedBytes() != null ? whatIf.cachedBytes() : twin.typicalCachedBytes();
        ModelOutcome m = ModelRun.run(profile, cached, twin.monitor(), whatIf.umount());
        double widen = twin.worstResidualFraction() * m.meanWorstUs();
        return new Prediction(twin, whatIf, cached, Math.round(m.meanWorstUs()),
                Math.max(0, Math.round(m.minWorstUs() - widen)), Math.round(m.maxWorstUs() + widen), m);
    }

    /** The twin's profile with the what-if's kernel line, threshold and interrupt CPU. */
    public static SimulatedBoardProfile profile(SimulatedBoardProfile twin, WhatIf w) {
        if (w.irqCpu() != null && (w.irqCpu() < 0 || w.irqCpu() >= twin.cpus())) {
            throw new IllegalArgumentException("the twin has CPUs 0.." + (twin.cpus() - 1) + ", got --irq-cpu "
                    + w.irqCpu());
        }
        return ProfileJson.edit(twin, o -> {
            if (w.kernel() != null) {
                String release = w.kernel().matches("\\d+\\.\\d+") ? w.kernel() + ".0" : w.kernel();
                o.addProperty("kernelRelease", release);
                o.addProperty("vermagic", release + " SMP preempt mod_unload " + twin.machine());
                o.addProperty("cpuIntensiveReport", true);
            }
            if (w.threshUs() != null) {
                o.addProperty("cpuIntensiveThreshUs", w.threshUs());
            }
            if (w.irqCpu() != null) {
                o.addProperty("usbIrqCpu", w.irqCpu());
            }
        });
    }
}
