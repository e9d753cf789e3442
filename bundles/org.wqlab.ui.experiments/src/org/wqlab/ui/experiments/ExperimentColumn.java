package org.wqlab.ui.experiments;

import java.util.Comparator;
import java.util.function.Function;

import org.wqlab.ui.experiments.model.DelayText;
import org.wqlab.analysis.experiments.ExperimentSummary;

/** The columns of the Experiments view: header, width, cell text and the order a click on the header sorts by. */
public enum ExperimentColumn {
    NAME("Name", 185, ExperimentSummary::name),
    WORST("Worst delay", 100, RunningWorst::text, Comparator.comparingLong(RunningWorst::us)),
    LIMITS("Limits", 70, LimitsText::word, Comparator.comparingInt(LimitsText::severity)),
    BASELINE("vs baseline", 190, s -> s.baseline() == null ? "" : s.baseline().text(),
            Comparator.comparingDouble(LimitsText::baselineChange)),
    STATUS("Status", 85, s -> !s.loaded() ? "unreadable: " + s.problem()
            : s.damaged() ? ExperimentSummary.DAMAGED : DelayText.status(s.status())),
    DATE("Date (UTC)", 140, s -> DelayText.date(s.created()), Comparator.comparing(ExperimentSummary::created)),
    BOARD("Board", 170, ExperimentSummary::board),
    KERNEL("Kernel", 130, ExperimentSummary::kernel),
    CONFIG("Profile / config", 200, ExperimentSummary::config);

    private final String header;
    private final int width;
    private final Function<ExperimentSummary, String> text;
    private final Comparator<ExperimentSummary> order;

    ExperimentColumn(String header, int width, Function<ExperimentSummary, String> text) {
        this(header, width, text, null);
    }

    ExperimentColumn(String header, int width, Function<ExperimentSummary, String> text,
            Comparator<ExperimentSummary> order) {
        this.header = header;
        this.width = width;
        this.text = text;
        this.order = order != null ? order : Comparator.comparing(text, String.CASE_INSENSITIVE_ORDER);
    }

    public String header() {
        return header;
    }

    public int width() {
        return width;
    }

    public String text(ExperimentSummary s) {
        return text.apply(s);
    }

    public Comparator<ExperimentSummary> order() {
        return order;
    }
}
