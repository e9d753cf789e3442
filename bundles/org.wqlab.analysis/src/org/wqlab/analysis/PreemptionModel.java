package org.wqlab.analysis;

import java.util.Map;
import java.util.Optional;

/**
 * The kernel's preemption model, from its config ({@code CONFIG_PREEMPT_RT}, {@code CONFIG_PREEMPT},
 * {@code CONFIG_PREEMPT_VOLUNTARY}, {@code CONFIG_PREEMPT_NONE}; with {@code CONFIG_PREEMPT_DYNAMIC} the boot's
 * {@code preempt=}), else from {@code uname -v} ({@code PREEMPT_RT}, {@code PREEMPT_DYNAMIC}, {@code PREEMPT}), and
 * what it changes for a work item that holds a CPU.
 *
 * @param model  none, voluntary, full, rt or dynamic
 * @param source where it was read
 */
public record PreemptionModel(String model, String source) {

    public static Optional<PreemptionModel> of(Map<String, String> facts) {
        String cmdline = facts.getOrDefault("cmdline", "");
        var boot = java.util.regex.Pattern.compile("(?:^|\\s)preempt=(none|voluntary|full)\\b").matcher(cmdline);
        if (yes(facts, "CONFIG_PREEMPT_RT")) {
            return Optional.of(new PreemptionModel("rt", "CONFIG_PREEMPT_RT"));
        }
        if (yes(facts, "CONFIG_PREEMPT_DYNAMIC") && boot.find()) {
            return Optional.of(new PreemptionModel(boot.group(1), "preempt=" + boot.group(1) + " on the command line"));
        }
        if (yes(facts, "CONFIG_PREEMPT")) {
            return Optional.of(new PreemptionModel("full", "CONFIG_PREEMPT"));
        }
        if (yes(facts, "CONFIG_PREEMPT_VOLUNTARY")) {
            return Optional.of(new PreemptionModel("voluntary", "CONFIG_PREEMPT_VOLUNTARY"));
        }
        if (yes(facts, "CONFIG_PREEMPT_NONE")) {
            return Optional.of(new PreemptionModel("none", "CONFIG_PREEMPT_NONE"));
        }
        String uname = facts.getOrDefault("uname", "");
        if (uname.contains("PREEMPT_RT")) {
            return Optional.of(new PreemptionModel("rt", "uname -v: PREEMPT_RT"));
        }
        if (uname.contains("PREEMPT_DYNAMIC")) {
            return Optional.of(boot.find() ? new PreemptionModel(boot.group(1), "preempt=" + boot.group(1)
                    + " on the command line") : new PreemptionModel("dynamic", "uname -v: PREEMPT_DYNAMIC"));
        }
        if (java.util.regex.Pattern.compile("\\bPREEMPT\\b").matcher(uname).find()) {
            return Optional.of(new PreemptionModel("full", "uname -v: PREEMPT"));
        }
        return Optional.empty();
    }

    private static boolean yes(Map<String, String> facts, String option) {
        return "y".equals(facts.get("config." + option));
    }

    /** What the model changes for the stall, for the verdict's causes. */
    public String sentence() {
        String of = "the kernel's preemption model is " + model + " (" + source + "): ";
        String same = "the pool's other work items wait all the same, as the pool starts another worker only when the "
                + "running one sleeps, which no preemption model changes";
        return of + switch (model) {
            case "none" -> "the work item leaves the CPU only where it calls cond_resched() or sleeps, so other "
                    + "threads on that CPU wait too; " + same;
            case "voluntary" -> "the work item leaves the CPU only at its might_resched() points or when it sleeps, so "
                    + "other threads on that CPU may wait too; " + same;
            case "full" -> "a higher-priority thread preempts the work item, so other threads on that CPU are not "
                    + "held; " + same;
            case "rt" -> "interrupts run as threads and a real-time thread preempts the work item, so only the "
                    + "pool's work items are held; " + same;
            default -> "chosen at boot (preempt=), full unless the command line says otherwise; " + same;
        };
    }
}
