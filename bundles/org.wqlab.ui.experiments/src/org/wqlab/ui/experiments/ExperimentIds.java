package org.wqlab.ui.experiments;

import org.wqlab.ui.ViewIds;

/** Ids of the experiments UI: parts, editors, and the widget data keys UI tests find widgets by. */
public final class ExperimentIds {
    public static final String VIEW = ViewIds.EXPERIMENTS;
    public static final String EDITOR = "org.wqlab.ui.experiments.editor";
    public static final String COMPARE_EDITOR = "org.wqlab.ui.experiments.compare";
    /** The context menus registered with the editor sites, so plugin.xml contributes to "popup:" these. */
    public static final String EDITOR_MENU = EDITOR + ".menu";
    public static final String COMPARE_MENU = COMPARE_EDITOR + ".menu";

    /** Widget data key holding one of the ids below. */
    public static final String KEY = "org.wqlab.ui.experiments.widget";
    public static final String TABLE = "experiments.table";
    public static final String FILTER = "experiments.filter";
    public static final String EDITOR_BANNER = "editor.banner";
    public static final String EDITOR_TABS = "editor.tabs";
    public static final String EDITOR_CHART = "editor.chart";
    public static final String EDITOR_GO_TO_WORST = "editor.goToWorst";
    public static final String EDITOR_SHOW_ALL = "editor.showAll";
    public static final String EDITOR_VERDICT_FOLD = "editor.verdictFold";
    /** The outcome against the run's limits, above the verdict. */
    public static final String EDITOR_LIMITS = "editor.limits";
    public static final String EDITOR_STATS = "editor.stats";
    /** The experiment editor's Boot selector (a log of several boots). */
    public static final String EDITOR_BOOT = "editor.boot";
    public static final String WHAT_IF_SIZE = "editor.whatIf.size";
    public static final String WHAT_IF_RESULT = "editor.whatIf.result";
    public static final String WHAT_IF_CHART = "editor.whatIf.chart";
    /** The What if tab's line of each shown experiment's measured worst. */
    public static final String WHAT_IF_MEASURED = "editor.whatIf.measured";
    public static final String EDITOR_EVENTS = "editor.events";
    public static final String EDITOR_LOG = "editor.log";
    public static final String EDITOR_SEQUENCE_AS_RUN = "editor.sequenceAsRun";
    public static final String EDITOR_LOG_SEARCH = "editor.log.search";
    /** The Source tab: the file an import read, as it was (when the import converted it). */
    public static final String EDITOR_SOURCE = "editor.source";
    public static final String EDITOR_SOURCE_SEARCH = "editor.source.search";
    /** The "Where it went" tab: the worst delay's breakdown, every CPU's task around it, the per-function table. */
    public static final String EDITOR_BREAKDOWN_TAB = "editor.breakdown.tab";
    public static final String EDITOR_BREAKDOWN = "editor.breakdown";
    public static final String EDITOR_BREAKDOWN_HEADLINE = "editor.breakdown.headline";
    public static final String EDITOR_TASKS = "editor.tasks";
    public static final String EDITOR_KWORK = "editor.kwork";
    public static final String COMPARE_CHART = "compare.chart";
    public static final String COMPARE_TABLE = "compare.table";
    public static final String COMPARE_VERDICT = "compare.verdict";
    public static final String COMPARE_EXPLANATION = "compare.explanation";
    /** The compare editor's tabs (Overlay, What if). */
    public static final String COMPARE_TABS = "compare.tabs";

    private ExperimentIds() {
    }
}
