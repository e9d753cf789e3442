package org.wqlab.report;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.wqlab.analysis.experiments.RunRecord;
import org.wqlab.core.model.Event;
import org.wqlab.core.model.EventKind;
import org.wqlab.core.model.LogEntry;
import org.wqlab.core.samples.SampleStore;
import org.wqlab.core.stats.DisconnectImpact;
import org.wqlab.core.stats.Statistics;
import org.wqlab.core.stats.StatisticsCalculator;
import org.wqlab.core.store.LoadedExperiment;

/**
 * Two or more experiments side by side: one row of facts and numbers each, their delays aligned on their first USB
 * disconnect (t = 0), and a verdict built from the worst delays. Works for one experiment too (the single report).
 * The verdict ranks by the worst delay of the whole experiment (what a latency budget is about); experiments with
 * no report are left out of it and named in {@link #notes()}. Everything is computed once, here, and never
 * changed afterwards: a comparison can be handed to any thread.
 */
public final class Comparison {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private final List<LoadedExperiment> experiments;
    private final List<Statistics> statistics;
    private final List<String> labels;
    private final List<ComparisonRow> rows;
    private final List<AlignedSeries> series;
    private final List<Long> alignmentUs;
    private final List<String> notes;
    private final String verdict;
    private final List<String> explanation;

    private Comparison(List<LoadedExperiment> experiments) {
        this.experiments = List.copyOf(experiments);
        this.statistics = this.experiments.stream().map(e -> StatisticsCalculator.compute(e.content())).toList();
        this.labels = Labels.shortest(this.experiments);
        List<ComparisonRow> r = new ArrayList<>();
        List<AlignedSeries> s = new ArrayList<>();
        List<Long> t0s = new ArrayList<>();
        List<String> n = new ArrayList<>();
        for (int i = 0; i < this.experiments.size(); i++) {
            LoadedExperiment e = this.experiments.get(i);
            r.add(row(e, statistics.get(i)));
            long t0 = disconnectUs(e.content().events());
            if (t0 == LogEntry.NO_TIME) {
                t0 = firstTimedSampleUs(e.content().samples());
                n.add(labels.get(i) + ": no timed USB disconnect, aligned at its first sample");
            }
            t0s.add(t0);
            s.add(align(labels.get(i), e.content().samples(), t0));
            int untimed = e.content().samples().size() - s.get(i).size();
            if (untimed > 0) {
                n.add(labels.get(i) + ": " + untimed + " reports without a timestamp are not in the chart");
            }
        }
        this.rows = List.copyOf(r);
        this.series = List.copyOf(s);
        this.alignmentUs = List.copyOf(t0s);
        this.verdict = verdict(n);
        this.notes = List.copyOf(n);
        this.explanation = explain();
    }

    public static Comparison of(List<LoadedExperiment> experiments) {
        return new Comparison(experiments);
    }

    public List<ComparisonRow> rows() {
        return rows;
    }

    public List<AlignedSeries> series() {
        return series;
    }

    /** Which experiment is better and by how much, by worst delay; one line. */
    public String verdict() {
        return verdict;
    }

    /**
     * What explains the differences the verdict ranks, from the conditions each experiment recorded (cached size,
     * CPU_INTENSIVE threshold, board, kernel, config, module parameters); empty for a single experiment.
     */
    public List<String> explanation() {
        return explanation;
    }

    /** What the reader should know about how the numbers were made (alignment, missing data). */
    public List<String> notes() {
        return notes;
    }

    public List<LoadedExperiment> experiments() {
        return experiments;
    }

    /** The statistics of each experiment, in {@link #experiments()} order. */
    public List<Statistics> statistics() {
        return statistics;
    }

    /** The short names that tell the experiments apart (series names, verdict). */
    public List<String> labels() {
        return labels;
    }

    /** The board time of each experiment's t = 0 in microseconds, or {@link LogEntry#NO_TIME}. */
    public List<Long> alignmentUs() {
        return alignmentUs;
    }

    /** Board time {@code us} of experiment {@code index} in seconds from its t = 0. */
    public double alignedSeconds(int index, long us) {
        long t0 = alignmentUs.get(index);
        return t0 == LogEntry.NO_TIME || us == LogEntry.NO_TIME ? Double.NaN : (us - t0) / 1e6;
    }

    // ------------------------------------------------------------------ rows

    private static ComparisonRow row(LoadedExperiment e, Statistics s) {
        var m = e.metadata();
        Map<String, String> facts = m.boardFacts();
        long afterDisconnect = s.disconnects().stream().map(DisconnectImpact::worstDelayUs)
                .filter(Objects::nonNull).mapToLong(Integer::longValue).max().orElse(-1);
        return new ComparisonRow(m.id(), m.name(), date(m.created()), facts.getOrDefault("board", ""),
                kernel(facts), config(facts), RunRecord.cachedKb(e.folder().dir()), s.count(), s.maxUs(), s.p99Us(),
                afterDisconnect, m.status().name().toLowerCase(Locale.ROOT));
    }

    static String date(String created) {
        try {
            return DATE.format(Instant.parse(created));
        } catch (DateTimeParseException e) {
            return created;
        }
    }

    static String kernel(Map<String, String> facts) {
        String release = facts.get("kernelRelease");
        if (release != null) {
            return release;
        }
        String[] uname = facts.getOrDefault("uname", "").split("\\s+");
        return uname.length > 2 ? uname[2] : "";
    }

    /** The kernel config facts, short: {@code PREEMPT HZ=250 NO_HZ_IDLE}. */
    static String config(Map<String, String> facts) {
        List<String> parts = new ArrayList<>();
        facts.forEach((k, v) -> {
            if (k.startsWith("config.CONFIG_") && !k.equals("config.CONFIG_NR_CPUS")) {
                String name = k.substring("config.CONFIG_".length());
                parts.add(v.equals("y") ? name : name + "=" + v);
            }
        });
        return String.join(" ", parts);
    }

    // ------------------------------------------------------------------ alignment

    private static long disconnectUs(List<Event> events) {
        return events.stream().filter(e -> e.kind() == EventKind.USB_DISCONNECT)
                .filter(e -> e.timestampUs() != LogEntry.NO_TIME).mapToLong(Event::timestampUs).findFirst()
                .orElse(LogEntry.NO_TIME);
    }

    private static long firstTimedSampleUs(SampleStore s) {
        for (int i = 0; i < s.size(); i++) {
            if (s.hasTimestamp(i)) {
                return s.timestampUs(i);
            }
        }
        return LogEntry.NO_TIME;
    }

    private static AlignedSeries align(String name, SampleStore s, long t0) {
        int timed = 0;
        for (int i = 0; i < s.size(); i++) {
            if (s.hasTimestamp(i)) {
                timed++;
            }
        }
        double[] x = new double[timed];
        double[] y = new double[timed];
        int k = 0;
        for (int i = 0; i < s.size(); i++) {
            if (s.hasTimestamp(i)) {
                x[k] = (s.timestampUs(i) - t0) / 1e6;
                y[k++] = s.delayUs(i) / 1000.0;
            }
        }
        return new AlignedSeries(name, x, y);
    }

    // ------------------------------------------------------------------ verdict

    private String verdict(List<String> notesOut) {
        List<Integer> measured = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).count() > 0) {
                measured.add(i);
            } else {
                notesOut.add(labels.get(i) + ": no delay was reported, left out of the verdict");
            }
        }
        if (measured.isEmpty()) {
            return rows.isEmpty() ? "nothing to compare" : "no experiment reported a delay: nothing to compare";
        }
        measured = ranked();
        int best = measured.get(0);
        String bestText = labels.get(best) + " (" + Units.ms(rows.get(best).worstUs()) + " ms worst)";
        if (measured.size() == 1) {
            return rows.size() == 1 ? labels.get(best) + ": " + Units.ms(rows.get(best).worstUs())
                    + " ms worst delay" : "only " + bestText + " has reports to compare";
        }
        // worst delays only: whether that is a better kernel or a smaller cache is the explanation's to say
        List<String> parts = new ArrayList<>();
        List<String> onPar = new ArrayList<>();
        for (int i : measured.subList(1, measured.size())) {
            long worse = rows.get(i).worstUs();
            long bestUs = rows.get(best).worstUs();
            String other = "that of " + labels.get(i) + " (" + Units.ms(worse) + " ms)";
            if (bestUs <= 0) {
                (worse <= bestUs ? onPar : parts).add(worse <= bestUs ? other : "shorter than " + other);
            } else {
                double ratio = (double) worse / bestUs;
                if (ratio < 1.05) {
                    onPar.add(other);
                } else {
                    parts.add(Units.ratio(ratio) + "x shorter than " + other);
                }
            }
        }
        StringBuilder v = new StringBuilder("The worst delay of ").append(labels.get(best)).append(" (")
                .append(Units.ms(rows.get(best).worstUs())).append(" ms)");
        if (!parts.isEmpty()) {
            v.append(" is ").append(joinAnd(parts));
        }
        if (!onPar.isEmpty()) {
            v.append(parts.isEmpty() ? " is" : ";").append(" on par with ").append(joinAnd(onPar))
                    .append(" (within 5%)");
        }
        return v.toString();
    }

    private List<Integer> ranked() {
        List<Integer> measured = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).count() > 0) {
                measured.add(i);
            }
        }
        measured.sort(Comparator.comparingLong((Integer i) -> rows.get(i).worstUs()).thenComparing(i -> i));
        return measured;
    }

    private List<String> explain() {
        List<Integer> ranked = ranked();
        if (ranked.size() < 2) {
            return List.of();
        }
        List<ComparisonExplanation.Conditions> c = new ArrayList<>();
        for (int i : ranked) {
            c.add(ComparisonExplanation.conditions(experiments.get(i), labels.get(i), rows.get(i)));
        }
        return List.copyOf(ComparisonExplanation.explain(c.get(0), c.subList(1, c.size())));
    }

    private static String joinAnd(List<String> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
    }

    /** Picks the shortest names that tell the experiments apart. */
    static final class Labels {

        private Labels() {
        }

        static List<String> shortest(List<LoadedExperiment> experiments) {
            List<Function<LoadedExperiment, String>> candidates = List.of(e -> e.metadata().name(),
                    e -> e.metadata().boardFacts().getOrDefault("board", "").replaceFirst("^Simulated ", ""),
                    e -> kernel(e.metadata().boardFacts()), e -> e.metadata().name() + " at " + time(e));
            for (Function<LoadedExperiment, String> c : candidates) {
                List<String> names = experiments.stream().map(c).toList();
                if (names.stream().noneMatch(String::isBlank) && new HashSet<>(names).size() == names.size()) {
                    return withoutCommonPrefix(names);
                }
            }
            List<String> out = new ArrayList<>();
            for (int i = 0; i < experiments.size(); i++) {
                out.add(experiments.get(i).metadata().name() + " #" + (i + 1));
            }
            return out;
        }

        /** When the experiment was made, to the second (UTC), or its folder id when that is not a time. */
        private static String time(LoadedExperiment e) {
            try {
                return TIME.format(Instant.parse(e.metadata().created()));
            } catch (DateTimeParseException ex) {
                return e.metadata().id();
            }
        }

        /** "rcar-h3-default", "rcar-h3-tailored" become "default", "tailored" (cut at a separator only). */
        static List<String> withoutCommonPrefix(List<String> names) {
            if (names.size() < 2) {
                return names;
            }
            String first = names.get(0);
            int common = first.length();
            for (String n : names) {
                int k = 0;
                while (k < common && k < n.length() && n.charAt(k) == first.charAt(k)) {
                    k++;
                }
                common = k;
            }
            int cut = -1;
            for (int k = common - 1; k >= 0; k--) {
                char c = first.charAt(k);
                if (c == '-' || c == ' ' || c == '_' || c == '/' || c == ':') {
                    cut = k + 1;
                    break;
                }
            }
            if (cut <= 0) {
                return names;
            }
            int at = cut;
            List<String> out = names.stream().map(n -> n.substring(at)).toList();
            return out.stream().anyMatch(String::isBlank) || new HashSet<>(out).size() != out.size() ? names : out;
        }
    }
}
