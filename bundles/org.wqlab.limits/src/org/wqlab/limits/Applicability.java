package org.wqlab.limits;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Which boards a limit means something on, judged from the facts a run recorded (experiment.json's
 * {@code boardFacts}): the kernel release ({@code kernelRelease}) in one of {@code kernels} (none: any kernel), and
 * each config option of {@code config} set ({@code true}: {@code config.NAME} is y or m) or not set ({@code false}).
 */
public record Applicability(List<KernelRange> kernels, Map<String, Boolean> config) {

    public static final Applicability ALWAYS = new Applicability(List.of(), Map.of());
    static final String KERNEL_RELEASE_FACT = "kernelRelease";
    static final String CONFIG_FACT_PREFIX = "config.";

    public Applicability {
        kernels = List.copyOf(kernels);
        config = Map.copyOf(new TreeMap<>(config));
    }

    public boolean always() {
        return kernels.isEmpty() && config.isEmpty();
    }

    /** Empty when the limit applies to the board of these facts, else why not ("not judged: ..."). */
    public Optional<String> whyNot(Map<String, String> facts) {
        if (!kernels.isEmpty()) {
            String release = facts.get(KERNEL_RELEASE_FACT);
            if (release == null || release.isBlank()) {
                return Optional.of("not judged: applies only to kernels " + describeKernels()
                        + ", and the run did not record the board's kernel release");
            }
            if (kernels.stream().noneMatch(k -> k.contains(release))) {
                return Optional.of("not judged: applies only to kernels " + describeKernels() + " (the board runs "
                        + release + ")");
            }
        }
        boolean configRecorded = facts.keySet().stream().anyMatch(k -> k.startsWith(CONFIG_FACT_PREFIX));
        for (Map.Entry<String, Boolean> c : new TreeMap<>(config).entrySet()) {
            String how = c.getValue() ? "with " : "without ";
            if (!configRecorded) {
                return Optional.of("not judged: applies only to kernels " + how + c.getKey()
                        + ", and the run did not record the board's kernel config");
            }
            String value = facts.get(CONFIG_FACT_PREFIX + c.getKey());
            boolean set = "y".equals(value) || "m".equals(value);
            if (set != c.getValue()) {
                return Optional.of("not judged: applies only to kernels " + how + c.getKey());
            }
        }
        return Optional.empty();
    }

    private String describeKernels() {
        List<String> parts = new ArrayList<>();
        kernels.forEach(k -> parts.add(k.describe()));
        return parts.stream().collect(Collectors.joining(" or "));
    }
}
