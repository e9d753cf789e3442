package org.wqlab.sequence;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.wqlab.sequence.ResolvedStep.StepProblem;
import org.wqlab.sequence.usb.UsbDrivers;

/**
 * Checks every step with the variables and overrides it will run with: unknown variables, missing or bad values,
 * bad patterns, unknown drivers. Messages name the step (index and name) and the field.
 */
public final class SequenceValidator {

    private SequenceValidator() {
    }

    public static List<String> problems(Sequence sequence, Map<String, String> overrides) {
        List<String> problems = new ArrayList<>();
        for (String key : overrides.keySet()) {
            if (!sequence.variables().containsKey(key)) {
                problems.add("--var " + key + ": the sequence declares no variable '" + key + "' (it has: "
                        + String.join(", ", sequence.variables().keySet()) + ")");
            }
        }
        Variables variables = new Variables(sequence.variables(), overrides);
        check(sequence.steps(), variables, problems);
        return problems;
    }

    /** @throws SequenceException listing every problem */
    public static Variables validate(String source, Sequence sequence, Map<String, String> overrides)
            throws SequenceException {
        List<String> problems = problems(sequence, overrides);
        if (!problems.isEmpty()) {
            throw new SequenceException(source, problems);
        }
        return new Variables(sequence.variables(), overrides);
    }

    private static void check(List<Step> steps, Variables variables, List<String> problems) {
        for (Step step : steps) {
            ResolvedStep r = new ResolvedStep(step, variables);
            List<Runnable> checks = new ArrayList<>();
            for (String field : step.fields().keySet()) {
                checks.add(() -> r.text(field));
            }
            switch (step.type()) {
                case LOAD_MODULE -> {
                    checks.add(r::moduleName);
                    checks.add(() -> r.optionalInteger("cpu", 0));
                    checks.add(r::params);
                }
                case UNLOAD_MODULE -> checks.add(r::moduleName);
                case RUN -> {
                    checks.add(r::command);
                    checks.add(() -> r.seconds("timeout", 0));
                    checks.add(() -> r.optionalInteger("expectExit", 0));
                }
                case WAIT_LOG -> {
                    checks.add(() -> r.pattern("pattern"));
                    checks.add(() -> r.seconds("timeout", 0));
                }
                case SLEEP -> checks.add(() -> r.seconds("seconds", 0));
                case USB_DISCONNECT, USB_RECONNECT -> {
                    checks.add(() -> {
                        String driver = r.text("driver", UsbDrivers.BOARD_DEFAULT);
                        if (!driver.equals(UsbDrivers.BOARD_DEFAULT) && UsbDrivers.byId(driver).isEmpty()) {
                            throw new StepProblem(step.label() + ": field 'driver': unknown driver '" + driver
                                    + "' (one of board, " + String.join(", ", UsbDrivers.ids()) + ")");
                        }
                        if (driver.equals(UsbDrivers.UHUBCTL) && (step.field("hub") == null || step.field("port") == null)) {
                            throw new StepProblem(step.label() + ": field 'hub'/'port': the uhubctl driver needs both");
                        }
                    });
                    checks.add(() -> r.seconds("countdown", 0));
                }
                case REPEAT -> checks.add(() -> r.integer("times", 1));
                default -> {
                }
            }
            for (Runnable c : checks) {
                try {
                    c.run();
                } catch (StepProblem e) {
                    if (!problems.contains(e.getMessage())) {
                        problems.add(e.getMessage());
                    }
                }
            }
            check(step.steps(), variables, problems);
        }
    }
}
