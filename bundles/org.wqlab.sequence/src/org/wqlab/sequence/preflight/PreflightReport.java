package org.wqlab.sequence.preflight;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every item a run's preflight checked, in the order checked. */
public record PreflightReport(List<PreflightItem> items) {

    /** The board facts' prefix of the items: {@code preflight.KEY} = the item's line. */
    public static final String FACT_PREFIX = "preflight.";

    public PreflightReport {
        items = List.copyOf(items);
    }

    /** The items whose absence stops the run. */
    public List<PreflightItem> stopping() {
        return items.stream().filter(PreflightItem::stops).toList();
    }

    /** The items missing that do not stop it: what the run will lack, said in the experiment. */
    public List<PreflightItem> lacking() {
        return items.stream().filter(i -> !i.present() && !i.stopsRun()).toList();
    }

    public boolean stops() {
        return !stopping().isEmpty();
    }

    /** Why the run stops: each stopping item's need, what was found and what it costs, joined. */
    public String stopReason() {
        return "preflight: " + String.join("; ", stopping().stream().map(i -> i.what()
                + (i.found().isEmpty() ? "" : " (" + i.found() + ")") + (i.cost().isEmpty() ? "" : ": " + i.cost()))
                .toList());
    }

    /** One line per item. */
    public List<String> lines() {
        return items.stream().map(PreflightItem::line).toList();
    }

    /** The items as board facts of the experiment ({@link #FACT_PREFIX} + key = line). */
    public Map<String, String> facts() {
        Map<String, String> facts = new LinkedHashMap<>();
        items.forEach(i -> facts.put(FACT_PREFIX + i.key(), i.line()));
        return facts;
    }

    /** The preflight's lines among an experiment's board facts, in their order; empty for a run without one. */
    public static List<String> linesOf(Map<String, String> boardFacts) {
        return boardFacts.entrySet().stream().filter(e -> e.getKey().startsWith(FACT_PREFIX))
                .map(Map.Entry::getValue).toList();
    }
}
