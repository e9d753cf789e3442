package org.wqlab.ui.plot;

import org.wqlab.core.model.Sample;
import org.wqlab.core.palette.Palette;
import org.wqlab.core.samples.CpuColumns;
import org.wqlab.core.palette.Rgb;
import org.wqlab.live.SeriesSnapshot;

/**
 * One series a delay chart draws: its samples (a snapshot of arrays, or a recorded experiment's columns), how it is named in the legend, its colour and shape, and the time
 * subtracted from its samples' board times before they are drawn (a comparison draws each experiment from its own
 * disconnect). Series sharing a {@code name} share one legend entry (a compared experiment's CPUs).
 *
 * @param key     tells series apart across frames (the decimation state is kept per key); a CPU's series: the CPU
 * @param cpu     the CPU whose reports these are, {@link Sample#UNKNOWN} for the original module's
 * @param shiftUs subtracted from every sample time: the chart's time 0 is board time {@code shiftUs}
 */
record PlotSeries(int key, int cpu, String name, Rgb colour, Shape shape, long shiftUs, SeriesSnapshot samples,
        CpuColumns columns) {

    /** A series drawn from a snapshot of arrays (a live session's, a comparison's). */
    PlotSeries(int key, int cpu, String name, Rgb colour, Shape shape, long shiftUs, SeriesSnapshot samples) {
        this(key, cpu, name, colour, shape, shiftUs, samples, null);
    }

    PlotSeries {
        if ((samples == null) == (columns == null)) {
            throw new IllegalArgumentException("a series has either a snapshot or columns");
        }
    }

    /** The number of samples. */
    int size() {
        return samples != null ? samples.size() : columns.size();
    }

    /** How the points are drawn. */
    enum Shape {
        /** A line; where reports are sparser than pixels, each delay a block from the previous report. */
        STEPS,
        /** A dot per report: the original module's reports, of late runs only and without a CPU. */
        POINTS,
        /** A dot per report on a vertical line from 0: a log of late runs only, whose gaps are unknown. */
        STEMS
    }

    /** A CPU's series of a live session or an experiment, in the CPU's palette colour. */
    static PlotSeries ofCpu(SeriesSnapshot s) {
        int cpu = s.cpu();
        return new PlotSeries(cpu, cpu, name(cpu), Palette.series(cpu), shape(cpu), 0, s, null);
    }

    /** A CPU's series of a recorded experiment, read from its (possibly mapped) columns. */
    static PlotSeries ofCpu(CpuColumns c) {
        int cpu = c.cpu();
        return new PlotSeries(cpu, cpu, name(cpu), Palette.series(cpu), shape(cpu), 0, null, c);
    }

    private static String name(int cpu) {
        return cpu == Sample.UNKNOWN ? "reports" : "CPU " + cpu;
    }

    private static Shape shape(int cpu) {
        return cpu == Sample.UNKNOWN ? Shape.POINTS : Shape.STEPS;
    }
}
