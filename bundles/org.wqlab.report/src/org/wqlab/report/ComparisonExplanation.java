package org.wqlab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.wqlab.analysis.experiments.RunRecord;
import org.wqlab.core.store.LoadedExperiment;

/**
 * What explains the difference between the comparison's best experiment and each other one, from the conditions
 * each recorded: a stall cut short by the kernel's CPU_INTENSIVE marking (kernels from 6.5 end it at
 * {@code workqueue.cpu_intensive_thresh_us}, whatever the cached size), else the stick's share of the page cache
 * (Cached before the pull minus Cached before the copy) and the worst delay per cached MiB, else what else differs
 * (board, kernel, config, module parameters).
 */
final class ComparisonExplanation {

    /** Cached sizes within this ratio count as the same size. */
    static final double SAME_SIZE = 1.10;
    /** Costs per cached MiB within this ratio count as the same cost. */
    static final double SAME_COST = 1.15;

    /** One experiment's recorded conditions. */
    record Conditions(String label, long stallUs, long copiedKb, long cpuIntensiveThreshUs, String board,
            String kernel, String config, Map<String, String> parameters) {

        double copiedMiB() {
            return copiedKb / 1024.0;
        }

        double msPerMiB() {
            return stallUs / 1000.0 / copiedMiB();
        }

        /** Whether the stall ended at the CPU_INTENSIVE threshold rather than when the work was done. */
        boolean cutByThreshold() {
            return cpuIntensiveThreshUs > 0 && stallUs >= cpuIntensiveThreshUs * 0.75
                    && stallUs <= cpuIntensiveThreshUs * 1.1 + 20_000;
        }
    }

    private ComparisonExplanation() {
    }

    static Conditions conditions(LoadedExperiment e, String label, ComparisonRow row) {
        Map<String, String> facts = e.metadata().boardFacts();
        long stall = row.worstAfterDisconnectUs() >= 0 ? row.worstAfterDisconnectUs() : row.worstUs();
        return new Conditions(label, stall, RunRecord.copiedCachedKb(e.folder().dir()),
                parseLong(facts.get("cpuIntensiveThreshUs")), row.board(), row.kernel(), row.config(),
                e.metadata().parameters());
    }

    /**
     * Sentences, from the shortest stall on: each stall ended by the CPU_INTENSIVE threshold is said so; every
     * other experiment is compared with the one of the shortest stall that ran to its end.
     */
    static List<String> explain(Conditions best, List<Conditions> others) {
        List<String> out = new ArrayList<>();
        Conditions bestUncut = null;
        List<Conditions> all = new ArrayList<>();
        all.add(best);
        all.addAll(others);
        all.sort(java.util.Comparator.comparingLong(Conditions::stallUs)); // stable: ties keep the ranking
        for (Conditions c : all) {
            if (c.stallUs() <= 0) {
                continue;
            }
            if (c.cutByThreshold()) {
                out.add(cut(c));
            } else if (bestUncut == null) {
                bestUncut = c;
            } else {
                out.add(pair(bestUncut, c));
            }
        }
        return out;
    }

    private static String cut(Conditions c) {
        return c.label() + "'s stall ends at its " + Units.ms(c.cpuIntensiveThreshUs()) + " ms CPU_INTENSIVE threshold"
                + " (workqueue.cpu_intensive_thresh_us): the kernel lets another worker run then, whatever the cached"
                + " size";
    }

    private static String pair(Conditions best, Conditions other) {
        if (best.copiedKb() <= 0 || other.copiedKb() <= 0) {
            String unknown = best.copiedKb() <= 0 && other.copiedKb() <= 0 ? best.label() + " and " + other.label()
                    : best.copiedKb() <= 0 ? best.label() : other.label();
            return best.label() + " against " + other.label() + ": the cached size of " + unknown
                    + " is not recorded (no Cached reading before the copy), so only the worst delays are compared";
        }
        double sizeRatio = Math.max(best.copiedKb(), other.copiedKb()) / (double) Math.min(best.copiedKb(),
                other.copiedKb());
        String sizes = "(" + mib(best) + " vs " + mib(other) + " MiB)";
        if (sizeRatio > SAME_SIZE) {
            double costRatio = other.msPerMiB() / best.msPerMiB();
            String costs = cost(best) + " vs " + cost(other) + " ms per cached MiB";
            if (costRatio < SAME_COST && costRatio > 1 / SAME_COST) {
                return best.label() + " against " + other.label() + ": the same cost, " + costs
                        + ": the difference is the cached size " + sizes;
            }
            String better = costRatio >= 1 ? best.label() : other.label();
            return best.label() + " against " + other.label() + ": " + costs + ", so " + better + " is "
                    + Units.ratio(Math.max(costRatio, 1 / costRatio)) + "x better per cached MiB; the cached sizes"
                    + " differ too " + sizes;
        }
        double ratio = (double) other.stallUs() / best.stallUs();
        String same = "at the same cached size (" + mib(best) + " MiB)";
        if (ratio < 1.05) {
            return best.label() + " is on par with " + other.label() + " " + same;
        }
        String differs = differences(best, other);
        return best.label() + " is " + Units.ratio(ratio) + "x better than " + other.label() + " " + same
                + (differs.isEmpty() ? ": nothing else recorded differs, so the difference is in what was not"
                        + " recorded" : "; they differ in " + differs);
    }

    private static String differences(Conditions a, Conditions b) {
        List<String> d = new ArrayList<>();
        if (!Objects.equals(a.board(), b.board())) {
            d.add("board (" + a.board() + " vs " + b.board() + ")");
        }
        if (!Objects.equals(a.kernel(), b.kernel())) {
            d.add("kernel (" + a.kernel() + " vs " + b.kernel() + ")");
        }
        if (!Objects.equals(a.config(), b.config())) {
            d.add("config (" + a.config() + " vs " + b.config() + ")");
        }
        if (!Objects.equals(a.parameters(), b.parameters())) {
            d.add("module parameters (" + a.parameters() + " vs " + b.parameters() + ")");
        }
        return String.join(", ", d);
    }

    private static String mib(Conditions c) {
        return Long.toString(Math.round(c.copiedMiB()));
    }

    private static String cost(Conditions c) {
        double v = c.msPerMiB();
        return String.format(Locale.ROOT, v >= 10 ? "%.0f" : v >= 1 ? "%.1f" : "%.2f", v);
    }

    private static long parseLong(String s) {
        try {
            return s == null ? -1 : Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
