package org.wqlab.ui.kmod;

import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Collectors;

import org.wqlab.sequence.ResolvedStep;
import org.wqlab.sequence.Sequence;
import org.wqlab.sequence.SequenceException;
import org.wqlab.sequence.SequenceJson;
import org.wqlab.sequence.Step;
import org.wqlab.sequence.StepType;
import org.wqlab.sequence.Variables;

/**
 * The module parameters and taskset CPU the default sequence loads latency-mon with, read from its first load step
 * with its own variables, so that the view starts where a run starts.
 *
 * @param parameters as the Parameters field takes them, {@code name=value} separated by spaces
 * @param pinCpu     the taskset CPU, or "" when the step pins none
 */
record LoadDefaults(String parameters, String pinCpu) {

    static LoadDefaults ofDefaultSequence() {
        try {
            return of(SequenceJson.defaultSequence());
        } catch (SequenceException | RuntimeException e) {
            return new LoadDefaults("", "");
        }
    }

    static LoadDefaults of(Sequence sequence) {
        Variables variables = new Variables(sequence.variables(), Map.of());
        for (Step step : sequence.steps()) {
            if (step.type() == StepType.LOAD_MODULE) {
                ResolvedStep load = new ResolvedStep(step, variables);
                String parameters = load.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(" "));
                OptionalInt cpu = load.optionalInteger("cpu", 0);
                return new LoadDefaults(parameters, cpu.isPresent() ? Integer.toString(cpu.getAsInt()) : "");
            }
        }
        return new LoadDefaults("", "");
    }
}
