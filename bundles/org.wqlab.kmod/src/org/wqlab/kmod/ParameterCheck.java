package org.wqlab.kmod;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.wqlab.core.elf.ModuleInfo;
import org.wqlab.core.elf.ModuleParameter;

/**
 * Checks parameters before anything is copied: every name must be one the module declares in {@code .modinfo}, and
 * for latency-mon the rules by which the module itself refuses a load with -EINVAL (kmod/README.md), so the user sees
 * them at once instead of a kernel error.
 */
public final class ParameterCheck {

    public static final String LATENCY_MON = "latency_mon";
    private static final long MAX_MS = 3_600_000;

    private ParameterCheck() {
    }

    public static List<String> problems(ModuleInfo module, ModuleParameters parameters) {
        List<String> problems = new ArrayList<>();
        Set<String> declared = module.parameters().stream().map(ModuleParameter::name).collect(Collectors.toSet());
        for (String name : parameters.values().keySet()) {
            if (!declared.contains(name)) {
                problems.add("parameter " + name + ": " + module.source() + " declares no such parameter"
                        + (declared.isEmpty() ? " (it has none)" : " (it has " + declared.stream().sorted().toList() + ")"));
            }
        }
        if (problems.isEmpty() && LATENCY_MON.equals(module.name().orElse("")) && !declared.isEmpty()) {
            problems.addAll(latencyMonRules(parameters));
        }
        return List.copyOf(problems);
    }

    /** The improved module's own refusals, with its defaults for absent parameters. */
    static List<String> latencyMonRules(ModuleParameters parameters) {
        List<String> problems = new ArrayList<>();
        Long period = integer(parameters, "period_ms", 100, problems);
        Long threshold = integer(parameters, "threshold_ms", 9, problems);
        Long cpu = integer(parameters, "cpu", 0, problems);
        Long reportAll = integer(parameters, "report_all", 0, problems);
        Long classic = integer(parameters, "classic", 1, problems);
        range(period, "period_ms", 1, MAX_MS, problems);
        range(threshold, "threshold_ms", 0, MAX_MS, problems);
        if (cpu != null && cpu < -1) {
            problems.add("parameter cpu (" + cpu + "): must be a CPU number or -1 for every online CPU");
        }
        range(reportAll, "report_all", 0, 1, problems);
        range(classic, "classic", 0, 1, problems);
        if (cpu != null && cpu == -1 && classic != null && classic == 1) {
            problems.add("parameters cpu=-1 and classic=1: DELAY lines carry no CPU number, so watching every CPU"
                    + " needs classic=0");
        }
        if (reportAll != null && reportAll == 1 && classic != null && classic == 1) {
            problems.add("parameters report_all=1 and classic=1: DELAY lines are for late runs only; use classic=0");
        }
        return problems;
    }

    private static Long integer(ModuleParameters parameters, String name, long dflt, List<String> problems) {
        String v = parameters.values().get(name);
        if (v == null) {
            return dflt;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            problems.add("parameter " + name + " (" + v + "): not an integer");
            return null;
        }
    }

    private static void range(Long value, String name, long min, long max, List<String> problems) {
        if (value != null && (value < min || value > max)) {
            problems.add("parameter " + name + " (" + value + "): must be " + min + ".." + max);
        }
    }
}
