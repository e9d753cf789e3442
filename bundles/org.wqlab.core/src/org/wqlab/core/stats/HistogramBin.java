package org.wqlab.core.stats;

/** Delays in [fromUs, toUs); the first bin holds every negative delay (runs that came early). */
public record HistogramBin(long fromUs, long toUs, long count) {
}
