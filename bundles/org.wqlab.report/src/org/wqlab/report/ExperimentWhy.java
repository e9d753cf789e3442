package org.wqlab.report;

import java.util.List;
import java.util.Optional;

import org.wqlab.analysis.Analysis;
import org.wqlab.analysis.AnalysisFiles;
import org.wqlab.analysis.AttributedDelay;
import org.wqlab.analysis.Culprit;
import org.wqlab.analysis.Verdict;
import org.wqlab.core.model.InputException;
import org.wqlab.core.store.LoadedExperiment;

/**
 * What a report says of why an experiment's delays are what they are: the stored verdict (stalled or normal, its
 * causes and advice) and the work items that held the CPU during the worst delay, from the experiment's
 * {@code analysis.json}. {@code missing} says in a sentence why there is nothing to say when there is no analysis.
 */
public record ExperimentWhy(Optional<Verdict> verdict, Optional<AttributedDelay> worst, List<Culprit> culprits,
        String missing) {

    /** Work items listed for the worst delay at most. */
    static final int MAX_CULPRITS = 5;

    public ExperimentWhy {
        culprits = List.copyOf(culprits);
    }

    public static ExperimentWhy of(LoadedExperiment experiment) {
        Optional<Analysis> analysis;
        try {
            analysis = AnalysisFiles.read(experiment.folder());
        } catch (InputException e) {
            return none(e.getMessage());
        }
        if (analysis.isEmpty()) {
            return none("No verdict or attribution: the experiment has no " + AnalysisFiles.ANALYSIS
                    + " (a run that reached a USB disconnect writes one; `wqlab explain` analyses an import).");
        }
        Analysis a = analysis.get();
        AttributedDelay worst = a.worst();
        List<Culprit> culprits = worst == null ? List.of()
                : worst.culprits().subList(0, Math.min(MAX_CULPRITS, worst.culprits().size()));
        return new ExperimentWhy(Optional.of(a.verdict()), Optional.ofNullable(worst), culprits, "");
    }

    private static ExperimentWhy none(String why) {
        return new ExperimentWhy(Optional.empty(), Optional.empty(), List.of(), why);
    }

    /** "stalled", "normal", or "unknown" without a verdict: also the CSS class the HTML report colours by. */
    public String kind() {
        return verdict.map(v -> v.stalled() ? Verdict.STALLED : Verdict.NORMAL).orElse("unknown");
    }

    /** Whether the work item stayed on the CPU: "yes", "no", or why it is not known. */
    public static String cpuBound(Culprit c) {
        Boolean bound = c.cpuBoundDuringDelay() != null ? c.cpuBoundDuringDelay() : c.cpuBound();
        return bound == null ? "not traced (no sched_switch)" : bound ? "yes" : "no";
    }

    /** The kind of a comparison's verdict: stalled when any experiment stalled, normal when all are normal. */
    public static String kindOfAll(List<ExperimentWhy> whys) {
        if (whys.stream().anyMatch(w -> w.kind().equals(Verdict.STALLED))) {
            return Verdict.STALLED;
        }
        return !whys.isEmpty() && whys.stream().allMatch(w -> w.kind().equals(Verdict.NORMAL)) ? Verdict.NORMAL
                : "unknown";
    }
}
