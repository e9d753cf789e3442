package org.wqlab.core.store;

import java.util.function.Supplier;

import org.wqlab.core.samples.LogContent;
import org.wqlab.core.samples.PlotColumns;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;

/**
 * What is derived from every sample of a {@link LogContent} (each a pass or two over all samples): its statistics and
 * its plot columns, given (read from a cache) or computed once when first asked for. Thread-safe: two threads asking
 * at once compute once.
 */
public final class LogDerivations {

    private final LogContent content;
    private final Once<Statistics> statistics;
    private final Once<PlotColumns> plotColumns;

    private LogDerivations(LogContent content, Statistics statistics, PlotColumns plotColumns) {
        this.content = content;
        this.statistics = new Once<>(statistics, () -> StatisticsCalculator.compute(content));
        this.plotColumns = new Once<>(plotColumns, () -> PlotColumns.of(content.samples()));
    }

    /** Computed from {@code content} when asked for. */
    public static LogDerivations of(LogContent content) {
        return new LogDerivations(content, null, null);
    }

    /** Known already (read from a cache made from {@code content}). */
    public static LogDerivations known(LogContent content, Statistics statistics, PlotColumns plotColumns) {
        if (statistics == null || plotColumns == null) {
            throw new IllegalArgumentException("known derivations must be given");
        }
        return new LogDerivations(content, statistics, plotColumns);
    }

    public LogContent content() {
        return content;
    }

    public Statistics statistics() {
        return statistics.get();
    }

    public PlotColumns plotColumns() {
        return plotColumns.get();
    }

    private static final class Once<T> {
        private volatile T value;
        private final Supplier<T> compute;

        Once(T value, Supplier<T> compute) {
            this.value = value;
            this.compute = compute;
        }

        T get() {
            T v = value;
            if (v == null) {
                synchronized (this) {
                    v = value;
                    if (v == null) {
                        v = compute.get();
                        value = v;
                    }
                }
            }
            return v;
        }
    }
}
