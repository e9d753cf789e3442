package org.wqlab.analysis.experiments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.wqlab.analysis.regression.RegressionFigures;
import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.model.InputException;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.store.DamagedExperimentException;
import org.wqlab.core.store.ExperimentFolder;
import org.wqlab.core.store.LoadedExperiment;
import org.wqlab.klog.ExperimentLoader;
import org.wqlab.limits.Assessment;
import org.wqlab.limits.ExperimentOutcomes;
import org.wqlab.limits.Outcome;

/** Reads an experiment folder into its {@link ExperimentSummary} (parses the raw log: call it off the UI thread). */
public final class ExperimentSummaries {

    private ExperimentSummaries() {
    }

    public static ExperimentSummary read(ExperimentFolder folder) {
        LoadedExperiment loaded;
        try {
            loaded = ExperimentLoader.load(folder);
        } catch (DamagedExperimentException e) {
            ExperimentMetadata m = e.metadata();
            return new ExperimentSummary(folder.dir(), folder.id(), m.name(), m.created(), board(m.boardFacts()),
                    kernel(m.boardFacts()), config(m), 0, ExperimentSummary.UNKNOWN, m.status(), m.notes(), "",
                    e.getMessage());
        } catch (InputException e) {
            return new ExperimentSummary(folder.dir(), folder.id(), folder.id(), "", "", "", "", 0,
                    ExperimentSummary.UNKNOWN, null, "", e.getMessage());
        }
        Statistics stats = loaded.statistics(); // from samples.cache when it is up to date
        return of(loaded, stats);
    }

    public static ExperimentSummary of(LoadedExperiment loaded, Statistics stats) {
        ExperimentMetadata m = loaded.metadata();
        long worst = stats.count() == 0 ? ExperimentSummary.UNKNOWN : stats.maxUs();
        Outcome outcome = null;
        String limitsProblem = "";
        try {
            outcome = ExperimentOutcomes.assess(loaded, stats).map(Assessment::outcome).orElse(null);
        } catch (InputException e) {
            limitsProblem = e.getMessage();
        }
        Path dir = loaded.folder().dir();
        return new ExperimentSummary(dir, loaded.folder().id(), m.name(), m.created(), board(m.boardFacts()),
                kernel(m.boardFacts()), config(m), stats.count(), worst, m.status(), m.notes(), "", "", outcome,
                limitsProblem, RegressionFigures.of(m.name(), stats, dir), null);
    }

    static String board(Map<String, String> facts) {
        return facts.getOrDefault("board", facts.getOrDefault("machine", ""));
    }

    static String kernel(Map<String, String> facts) {
        return facts.getOrDefault("kernelRelease", facts.getOrDefault("kernel", ""));
    }

    /** The kernel configuration that matters for workqueue latency (preemption model, HZ), then module parameters. */
    static String config(ExperimentMetadata m) {
        List<String> parts = new ArrayList<>();
        m.boardFacts().forEach((k, v) -> {
            if (k.startsWith("config.CONFIG_PREEMPT") && "y".equals(v)) {
                parts.add(k.substring("config.CONFIG_".length()));
            }
        });
        String hz = m.boardFacts().get("config.CONFIG_HZ");
        if (hz != null) {
            parts.add("HZ=" + hz);
        }
        String period = m.parameters().get("period_ms");
        String threshold = m.parameters().get("threshold_ms");
        if (period != null) {
            parts.add("period " + period + " ms");
        }
        if (threshold != null) {
            parts.add("threshold " + threshold + " ms");
        }
        return String.join(", ", parts);
    }
}
