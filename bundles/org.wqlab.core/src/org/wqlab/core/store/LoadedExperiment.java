package org.wqlab.core.store;

import org.wqlab.core.model.ExperimentMetadata;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.PlotColumns;
import org.wqlab.core.stats.Statistics;

/**
 * An experiment read back from its folder: its metadata and what its raw log was parsed into, with what is derived
 * from every sample ({@link #statistics()}, {@link #plotColumns()}): read from {@code samples.cache} when the
 * experiment was loaded from it, otherwise computed on first use and kept.
 */
public record LoadedExperiment(ExperimentFolder folder, ExperimentMetadata metadata, LogContent content,
        LogDerivations derivations) {

    /** An experiment whose derived values are computed from {@code content} when first asked for. */
    public LoadedExperiment(ExperimentFolder folder, ExperimentMetadata metadata, LogContent content) {
        this(folder, metadata, content, LogDerivations.of(content));
    }

    public LoadedExperiment {
        if (derivations.content() != content) {
            throw new IllegalArgumentException("derivations of another content");
        }
    }

    /** The statistics {@code StatisticsCalculator.compute(content())} gives (default threshold). */
    public Statistics statistics() {
        return derivations.statistics();
    }

    /** The samples per CPU as plots draw them. */
    public PlotColumns plotColumns() {
        return derivations.plotColumns();
    }
}
