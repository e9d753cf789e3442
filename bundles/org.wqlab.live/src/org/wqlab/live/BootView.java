package org.wqlab.live;

import java.util.List;

import org.wqlab.core.samples.Boots;
import org.wqlab.core.samples.LogContent;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;

/**
 * One boot of a log that holds several, as the experiment editor shows it: its own statistics and plot columns,
 * computed from its line range's samples only (the kernel's clock restarts at each boot, so no boot is drawn on
 * another's time axis). Build it off the UI thread: it is a pass over the boot's samples.
 *
 * @param count how many boots the log holds
 */
public record BootView(Boots.Boot boot, int count, Statistics statistics, ExperimentSeries series) {

    /** The boot's figures, as {@code wqlab stats} gives them in its {@code boots} array. */
    public static BootView of(Boots.Boot boot, int count) {
        LogContent c = boot.content();
        return new BootView(boot, count, StatisticsCalculator.compute(c), ExperimentSeries.of(c));
    }

    /** The log's boots; one (the whole log) when it holds no boot start. */
    public static List<Boots.Boot> boots(LogContent content) {
        return Boots.of(content);
    }

    /** "Boot 2 of 3 (lines 7-10, 2 reports, started by kernel banner)". */
    public static String label(Boots.Boot boot, int count) {
        long reports = boot.content().samples().size();
        return "Boot " + boot.number() + " of " + count + " (lines " + boot.firstLine() + "-" + boot.lastLine() + ", "
                + reports + (reports == 1 ? " report" : " reports") + ", "
                + (boot.startedBy().isEmpty() ? "from the log's start" : "started by " + boot.startedBy()) + ")";
    }
}
